// Table Companion: the little the pad needs beyond htmx. Everything works without it.
(function () {
  "use strict";

  // Buttons only a page without JavaScript needs (.no-js-only) hide once this runs.
  document.documentElement.classList.add("js");

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

  function init(root) {
    applyShownWhen(root);
  }

  document.addEventListener("change", function () { applyShownWhen(document); });

  // Ask before undoing or ending (the data-confirm text says what will happen).
  document.addEventListener("submit", function (event) {
    var button = event.submitter;
    if (button && button.dataset.confirm && !window.confirm(button.dataset.confirm)) {
      event.preventDefault();
    }
  });

  document.addEventListener("click", function (event) {
    if (event.target.matches("[data-print]")) window.print();
    // The referee's card grid: each tap adds that card to the trick, in the order tapped.
    var grid = event.target.closest && event.target.closest("[data-cards-for]");
    if (!grid) return;
    var input = document.getElementById(grid.dataset.cardsFor);
    var cards = input.value.split(/[\s,]+/).filter(function (c) { return c; });
    if (event.target.dataset.card) cards.push(event.target.dataset.card);
    else if (event.target.matches("[data-card-back]")) cards.pop();
    else if (event.target.matches("[data-card-clear]")) cards = [];
    else return;
    input.value = cards.join(" ");
  });

  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:afterSettle", function (event) { init(document); });
})();
