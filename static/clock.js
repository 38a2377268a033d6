/* A timed round's clock counts down every second between the page's redraws, wherever it is
   shown: the room, the big screen (templates/events/_clock.html) and a club table's pad
   (templates/pad/_status.html): from the seconds left when the server drew it, by this
   phone's own clock since then (the two machines' clocks need not agree). Yellow in the
   last 10 minutes, red once over. */
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
