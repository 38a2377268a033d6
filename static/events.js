/* Club night: the room refreshes itself every few seconds (htmx polling); a player's line that
   the reader opened stays open across the refresh, and so does the scroll. A poll of a room that
   did not change swaps nothing (companion/web/room_poll.py); when it changed, the element that
   held the focus (a ranking line, a table's link, a director's button: each has an id that stays
   from one drawing to the next) has it again, so a screen reader's place is not lost. htmx puts
   it back itself when the element is there at once; a link inside an opened line comes with the
   line's rounds, fetched again after the swap, and gets it then. */
(function () {
  "use strict";
  var POLLED = ["room", "screen"];
  var open = [];
  var focused = null;
  function polled(target) {
    return POLLED.indexOf(target.id) >= 0 || target.id.indexOf("next-") === 0;
  }
  function refocus() {
    if (!focused) { return; }
    var active = document.activeElement;
    if (active && active !== document.body && active.id === focused) { focused = null; return; }
    if (active && active !== document.body) { focused = null; return; }  // the reader moved on
    var element = document.getElementById(focused);
    if (element) {
      element.focus({ preventScroll: true });
      focused = null;
    }
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var target = event.detail.target;
    var xhr = event.detail.xhr;
    if (!polled(target) || !event.detail.shouldSwap) { return; }
    if (xhr && xhr.getResponseHeader("HX-Reswap") === "none") { return; }  // unchanged
    var active = document.activeElement;
    focused = active && active.id && target.contains(active) ? active.id : null;
    if (target.id !== "room") { return; }
    open = Array.prototype.map.call(
      target.querySelectorAll("details[open][data-entrant]"),
      function (line) { return line.dataset.entrant; }
    );
  });
  document.addEventListener("htmx:afterSwap", function () {
    var room = document.getElementById("room");
    if (room) {
      open.forEach(function (entrant) {
        var line = room.querySelector('details[data-entrant="' + entrant + '"]');
        if (line) { line.open = true; }
      });
      open = [];
    }
    refocus();
  });
  document.addEventListener("htmx:afterSettle", refocus);
}());
