/* Club night: the room refreshes itself every few seconds (htmx polling); a player's line that
   the reader opened stays open across the refresh, and so does the scroll. */
(function () {
  "use strict";
  var open = [];
  document.addEventListener("htmx:beforeSwap", function (event) {
    if (event.detail.target.id !== "room") { return; }
    open = Array.prototype.map.call(
      event.detail.target.querySelectorAll("details[open][data-entrant]"),
      function (line) { return line.dataset.entrant; }
    );
  });
  document.addEventListener("htmx:afterSwap", function () {
    var room = document.getElementById("room");
    if (!room) { return; }
    open.forEach(function (entrant) {
      var line = room.querySelector('details[data-entrant="' + entrant + '"]');
      if (line) { line.open = true; }
    });
  });
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
