// Floor tablet: open the seat dialog after htmx loads it, refresh the table map
// when the floor channel reports a change, and alert on "floor!" calls.
// The connection (reconnects, gaps, offline badge) is static/js/live.js.
(function () {
  "use strict";
  var dialog = document.getElementById("seat-dialog");
  document.body.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target.id === "seat-panel" && dialog && !dialog.open) dialog.showModal();
  });
  document.body.addEventListener("click", function (event) {
    if (event.target.closest(".close-dialog") && dialog) dialog.close();
  });
  var root = document.getElementById("floor-live");
  if (!root || !window.Live) return;
  var labels = Live.readJson("floor-labels") || {};
  var alertFloorCall = Live.floorCallAlerts(labels);
  function refresh() {
    // Never pull the map from under a floor person who has a seat open.
    if (!(dialog && dialog.open)) document.body.dispatchEvent(new Event("live-update"));
  }
  // The version the map on the screen shows: a snapshot of the same version
  // (the socket's first) changes nothing, and reloading the map then would
  // swallow a tap made while it loads.
  var shown = Number(root.dataset.version) || 0;
  var connection = Live.connect({
    path: "/ws/tournaments/" + root.dataset.tournament + "/floor",
    labels: labels,
    onSnapshot: function (snapshot) {
      var version = snapshot && typeof snapshot.version === "number" ? snapshot.version : null;
      if (version === null || version > shown) refresh();
      if (version !== null) shown = Math.max(shown, version);
    },
    onMessage: function (message) {
      alertFloorCall(message);
      if (typeof message.version === "number") shown = Math.max(shown, message.version);
      if (message.type !== "floor_call" && message.type !== "pong") refresh();
    }
  });
  // A called clock counts down on its seat, shows "Time!" once run out and goes
  // at the hide_at the server sent (the map is not reloaded for that).
  function tickCalls() {
    var now = connection && connection.serverNow ? connection.serverNow() : Date.now();
    var calls = document.querySelectorAll(".seat-call[data-expires-at]");
    for (var i = 0; i < calls.length; i++) {
      var call = calls[i];
      if (now >= Number(call.getAttribute("data-hide-at"))) { call.remove(); continue; }
      var left = Number(call.getAttribute("data-expires-at")) - now;
      var text = left > 0 ? Live.formatDuration(left) : (labels.time_up || "");
      var out = call.querySelector(".call-time");
      if (out && out.textContent !== text) out.textContent = text;
      call.classList.toggle("expired", left <= 0);
    }
  }
  tickCalls();
  setInterval(tickCalls, 250);
})();
