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

/* A timed round's clock (templates/events/_clock.html) counts down every second between the
   room's refreshes: from the seconds left when the server drew it, by this phone's own clock
   since then (the two machines' clocks need not agree). Yellow in the last 10 minutes, red
   once over. */
(function () {
  "use strict";
  var seen = new WeakMap();
  function shown(seconds) {
    var hours = Math.floor(seconds / 3600);
    var minutes = Math.floor((seconds % 3600) / 60);
    var rest = seconds % 60;
    var pad = function (n) { return (n < 10 ? "0" : "") + n; };
    return hours ? hours + ":" + pad(minutes) + ":" + pad(rest) : minutes + ":" + pad(rest);
  }
  function tick() {
    document.querySelectorAll(".round-clock[data-seconds]").forEach(function (clock) {
      if (!seen.has(clock)) { seen.set(clock, Date.now()); }
      var elapsed = Math.floor((Date.now() - seen.get(clock)) / 1000);
      var left = Math.max(0, Number(clock.dataset.seconds) - elapsed);
      var time = clock.querySelector(".time");
      time.textContent = left ? clock.dataset.left.replace("§", shown(left)) : clock.dataset.over;
      clock.classList.toggle("last-minutes", left > 0 && left <= 600);
      clock.classList.toggle("over", left === 0);
      clock.classList.toggle("running", left > 600);
    });
  }
  setInterval(tick, 1000);
}());
