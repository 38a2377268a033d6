// Table Companion: the little the pad needs beyond htmx. Everything works without it.
(function () {
  "use strict";

  // Show a field only when the field it depends on holds one of its values (data-shown-when).
  function applyShownWhen(root) {
    root.querySelectorAll("form").forEach(function (form) {
      form.querySelectorAll("[data-shown-when]").forEach(function (row) {
        var name = row.dataset.shownWhen;
        var checked = form.querySelector('[name="' + name + '"]:checked') ||
          form.querySelector('select[name="' + name + '"]');
        var value = checked ? checked.value : "";
        row.hidden = value !== "" && row.dataset.shownValues.split(" ").indexOf(value) < 0;
      });
    });
  }

  // New session: only the player counts, name rows and house rules of the chosen game and count.
  function applyNewSession(form) {
    var game = form.querySelector('[name="game"]:checked');
    var count = form.querySelector('[name="players"]:checked');
    if (!game) return;
    var counts = game.dataset.counts.split(" ");
    form.querySelectorAll('[name="players"]').forEach(function (input) {
      input.closest(".chip").hidden = counts.indexOf(input.value) < 0;
    });
    var n = count ? parseInt(count.value, 10) : 0;
    form.querySelectorAll(".name-row").forEach(function (row) {
      row.hidden = n > 0 && parseInt(row.dataset.seat, 10) > n;
    });
    form.querySelectorAll(".option").forEach(function (row) {
      row.hidden = row.dataset.game !== game.value ||
        (n > 0 && row.dataset.counts.split(" ").indexOf(String(n)) < 0);
    });
  }

  function init(root) {
    applyShownWhen(root);
    root.querySelectorAll("form.new-session").forEach(applyNewSession);
  }

  document.addEventListener("change", function (event) {
    applyShownWhen(document);
    var form = event.target.closest && event.target.closest("form.new-session");
    if (form) applyNewSession(form);
  });

  // Ask before undoing or ending (the data-confirm text says what will happen).
  document.addEventListener("submit", function (event) {
    var button = event.submitter;
    if (button && button.dataset.confirm && !window.confirm(button.dataset.confirm)) {
      event.preventDefault();
    }
  });

  document.addEventListener("click", function (event) {
    if (event.target.matches("[data-print]")) window.print();
  });

  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:afterSettle", function (event) { init(document); });
})();
