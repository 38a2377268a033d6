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
