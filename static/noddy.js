// Noddy's card keypad: tap a box, then a rank and a suit; the next empty box is chosen by
// itself. The boxes stay ordinary inputs (typed cards work, and so does the form without this).
(function () {
  "use strict";
  if (window.noddyKeypad) { window.noddyKeypad.init(); return; }

  var active = null;
  var pending = "";

  function slots() {
    return Array.prototype.slice.call(document.querySelectorAll("[data-noddy] [data-slot]"));
  }

  function activate(slot) {
    slots().forEach(function (s) { s.classList.toggle("active", s === slot); });
    active = slot;
    pending = "";
    markUsed();
  }

  function byPoints(slot) {
    var points = slot.closest(".noddy-row").querySelector("[data-points]");
    return points && points.value.trim() !== "";
  }

  function nextEmpty(after) {
    var all = slots();
    var start = after ? all.indexOf(after) + 1 : 0;
    for (var i = 0; i < all.length; i++) {
      var slot = all[(start + i) % all.length];
      if (!slot.value.trim() && !byPoints(slot)) return slot;
    }
    return null;
  }

  var SYMBOLS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

  // The box shows the card as it looks (7♦, in red) over the code it holds (7D).
  function showFace(slot) {
    var face = slot.parentNode.querySelector(".noddy-face");
    if (!face) return;
    var code = slot.value.trim().toUpperCase();
    var suit = code.slice(-1);
    var card = SYMBOLS[suit] ? code.slice(0, -1) + SYMBOLS[suit] : code;
    face.textContent = card;
    face.classList.toggle("red", suit === "H" || suit === "D");
  }

  function changed(input) {
    showFace(input);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    input.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // The suits of the pending rank already in another box are dimmed (the referee refuses a
  // card entered twice; dimming only warns).
  function markUsed() {
    var used = slots().filter(function (s) { return s !== active; })
      .map(function (s) { return s.value.trim().toUpperCase(); });
    document.querySelectorAll("[data-noddy] [data-suit]").forEach(function (button) {
      button.classList.toggle("used", pending !== "" && used.indexOf(pending + button.dataset.suit) >= 0);
    });
    document.querySelectorAll("[data-noddy] [data-rank]").forEach(function (button) {
      button.classList.toggle("chosen", button.dataset.rank === pending);
      button.setAttribute("aria-pressed", String(button.dataset.rank === pending));  // said, not only seen
    });
  }

  function tapRank(rank) {
    if (!active) activate(nextEmpty(null));
    if (!active) return;
    pending = rank;
    active.value = rank;
    showFace(active);
    markUsed();
  }

  function tapSuit(suit) {
    if (!active) return;
    var rank = pending || active.value.trim().toUpperCase().replace(/[SHDC]$/, "");
    if (!rank) return;
    active.value = rank + suit;
    pending = "";
    changed(active);
    var next = nextEmpty(active);
    activate(next);
  }

  function tapBack() {
    if (!active) return;
    if (!active.value.trim()) {
      var all = slots();
      var before = all[all.indexOf(active) - 1];
      if (before) activate(before);
    }
    active.value = "";
    pending = "";
    changed(active);
    markUsed();
  }

  function init() {
    var box = document.querySelector("[data-noddy]");
    if (!box) return;
    box.classList.add("keypad-on");
    slots().forEach(function (slot) { slot.setAttribute("inputmode", "none"); showFace(slot); });
    if (!active || !document.body.contains(active)) activate(nextEmpty(null));
  }

  document.addEventListener("click", function (event) {
    var target = event.target.closest && event.target.closest("[data-noddy] button, [data-noddy] [data-slot]");
    if (!target) return;
    if (target.matches("[data-slot]")) activate(target);
    else if (target.dataset.rank) tapRank(target.dataset.rank);
    else if (target.dataset.suit) tapSuit(target.dataset.suit);
    else if (target.matches("[data-back]")) tapBack();
  });

  // A player's points typed as a quick entry replace his cards: the boxes of his row clear.
  document.addEventListener("input", function (event) {
    if (!event.target.matches) return;
    if (event.target.matches("[data-noddy] [data-slot]")) showFace(event.target);
    if (!event.target.matches("[data-noddy] [data-points]")) return;
    if (!event.target.value.trim()) return;
    event.target.closest(".noddy-row").querySelectorAll("[data-slot]").forEach(function (slot) {
      if (slot.value) { slot.value = ""; showFace(slot); }
    });
  });

  window.noddyKeypad = { init: init };
  document.addEventListener("htmx:afterSettle", init);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
