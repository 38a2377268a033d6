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

  // After a hand is saved through htmx, the entry form goes back to every field's declared
  // default (data-default), not to whatever a refused attempt had rendered into it.
  function resetToDefaults(form) {
    form.querySelectorAll("[data-field]").forEach(function (row) {
      var fallback = row.dataset.default;
      row.classList.remove("has-error");
      row.querySelectorAll(".error").forEach(function (e) { e.remove(); });
      row.querySelectorAll("input, select").forEach(function (input) {
        input.removeAttribute("aria-invalid");
        if (input.type === "radio") input.checked = input.value === fallback && fallback !== "";
        else if (input.type === "checkbox") input.checked = fallback === "True" || fallback === "y";
        else input.value = fallback;
      });
    });
    form.querySelectorAll(":scope > .error").forEach(function (e) { e.remove(); });
    form.querySelectorAll("details.section").forEach(function (d) { d.open = false; });
    applyShownWhen(document);
  }

  document.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt;
    if (form.matches && form.matches("form[data-resets]") && event.detail.xhr.status === 200) {
      resetToDefaults(form);
      var top = document.getElementById("standings");
      if (top) top.scrollIntoView({ block: "start" });
    }
  });

  document.addEventListener("click", function (event) {
    if (event.target.matches("[data-print]")) window.print();
  });

  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:afterSettle", function (event) { init(document); });
})();
