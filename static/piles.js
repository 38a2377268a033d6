// The pile games' entry (templates/pad/_piles.html), loaded by the grid itself so the pads of
// other games do not carry it. Each card's select holds whose pile has it; the buttons show it
// and set it: tap a pile, then tap its cards (again: out of the pile).
(function () {
  "use strict";
  if (window.companionPiles) { window.companionPiles(document); return; }

  function paintPiles(root) {
    root.querySelectorAll("[data-pile-grid]").forEach(function (grid) {
      grid.querySelectorAll("[data-pile-pick]").forEach(function (pick) {
        pick.setAttribute("aria-pressed", String(pick.dataset.pilePick === grid.dataset.active));
      });
      grid.querySelectorAll(".pile-cell").forEach(function (cell) {
        var select = cell.querySelector("select");
        var button = cell.querySelector("[data-pile-card]");
        var option = select.options[select.selectedIndex];
        button.dataset.owner = select.value;
        button.querySelector("[data-owner-name]").textContent = select.value ? option.text : "";
        button.setAttribute("aria-label", button.firstChild.textContent +
          ": " + (select.value ? option.text : button.dataset.noPile || "in no pile yet"));
      });
    });
  }

  // A pile's size box says what it holds: cards, or the tricks won (the "Pile sizes in" chips).
  function paintUnits(root) {
    root.querySelectorAll("form").forEach(function (form) {
      var unit = form.querySelector('[name="unit"]:checked');
      form.querySelectorAll("[data-unit-word]").forEach(function (word) {
        // the words in the page's language, written by the template beside the box
        word.textContent = unit && unit.value === "tricks" ? word.dataset.tricks || "tricks"
          : word.dataset.cards || "cards";
      });
    });
  }

  function tapPile(target) {
    var grid = target.closest && target.closest("[data-pile-grid]");
    if (!grid) return false;
    var pick = target.closest("[data-pile-pick]");
    var card = target.closest("[data-pile-card]");
    if (pick) {
      grid.dataset.active = pick.dataset.pilePick;
    } else if (card) {
      var select = card.parentNode.querySelector("select");
      select.value = select.value === grid.dataset.active ? "" : grid.dataset.active;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    } else {
      return false;
    }
    paintPiles(grid.parentNode);
    return true;
  }

  function paint(root) {
    paintPiles(root);
    paintUnits(root);
  }
  window.companionPiles = paint;

  document.addEventListener("change", function () { paintUnits(document); });
  document.addEventListener("click", function (event) { tapPile(event.target); });
  document.addEventListener("htmx:afterSettle", function () { paint(document); });
  paint(document);
})();
