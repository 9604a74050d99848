/* table_view.js: the tablet lying at one table. Follows the floor group
 * (staff session) and fetches the server-rendered panel again when something
 * that concerns the table changes; counts a called clock down locally.
 *
 * Every message goes the same way, whatever its type (README "Screen
 * messages"): for each part it carries, the slice the panel shows of that part
 * (this table's row, its moves and clock calls, the player count) is compared
 * with the slice last seen; the panel is fetched again when one differs. */
(function () {
  "use strict";

  var L = Live.readJson("screen-labels") || {};
  var config = Live.readJson("screen-config") || {};
  var panel = document.getElementById("tv-panel");
  var feedback = document.getElementById("tv-feedback");
  var refreshTimer = null;
  var connection = null;
  var seen = {};

  function refresh() {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(function () {
      fetch(config.panel, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
        .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
        .then(function (html) { panel.innerHTML = html; tick(); })
        .catch(function () { /* the next message or reconnect tries again */ });
    }, 80);
  }

  function atThisTable(m) { return m.to_table === config.number || m.from_table === config.number; }

  /* What the panel shows of each part; undefined: the message says nothing about it. */
  var SLICES = {
    tables: function (rows) {
      var ours = rows.filter(function (t) { return t.id === config.table; });
      return ours.length ? ours : undefined; // rows of other tables only
    },
    summary: function (s) { return [s.remaining, s.entries, s.hand_for_hand]; },
    moves: function (moves) { return moves.filter(atThisTable); },
    clock_calls: function (calls) {
      return calls.filter(function (c) { return c.table === config.number; }).map(function (c) {
        return [c.id, c.status, c.seat, c.countdown_at, c.expires_at];
      });
    }
  };

  /* Note what the panel shows of the parts in `data`; true when some of it changed. */
  function changed(data) {
    var differs = false;
    Object.keys(SLICES).forEach(function (part) {
      if (!(part in data) || !data[part]) return;
      var slice = SLICES[part](data[part]);
      if (slice === undefined) return;
      var text = JSON.stringify(slice);
      if (seen[part] !== text) differs = true;
      seen[part] = text;
    });
    return differs;
  }

  function tick() {
    var now = connection ? connection.serverNow() : Date.now();
    var calls = panel.querySelectorAll("[data-expires-at]");
    for (var i = 0; i < calls.length; i++) {
      // Run out a while ago: gone, as the server's hide_at says (no cancel needed).
      calls[i].hidden = now >= Number(calls[i].getAttribute("data-hide-at") || Infinity);
      var left = Number(calls[i].getAttribute("data-expires-at")) - now;
      var countdownAt = Number(calls[i].getAttribute("data-countdown-at"));
      calls[i].classList.toggle("counting", now >= countdownAt);
      var out = calls[i].querySelector(".tv-call-time");
      var text = left > 0 ? Live.formatDuration(left) : L.time_up;
      if (out && out.textContent !== text) out.textContent = text;
    }
  }

  function post(url, message) {
    feedback.textContent = "";
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": config.csrf },
      body: "{}"
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (body) {
        feedback.textContent = r.ok ? message : (body.detail || L.failed);
        feedback.className = "tv-feedback " + (r.ok ? "ok" : "error");
        if (r.ok) refresh();
      });
    }).catch(function () {
      feedback.textContent = L.failed;
      feedback.className = "tv-feedback error";
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-action]");
    if (!button) return;
    var action = button.getAttribute("data-action");
    if (action === "hand-finished") post(config.hand_finished, L.hand_reported);
    if (action === "floor-call") post(config.floor_call, L.floor_called);
  });

  connection = Live.connect({
    path: "/ws/tournaments/" + config.tournament + "/floor",
    labels: L,
    onSnapshot: function (snapshot) { seen = {}; changed(snapshot); refresh(); },
    onMessage: function (m) { if (changed(m)) refresh(); }
  });
  setInterval(tick, 250);
  tick();
})();
