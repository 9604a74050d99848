/* table_view.js: the tablet lying at one table. Follows the floor group
 * (staff session) and fetches the server-rendered panel again when something
 * that concerns the table changes; counts a called clock down locally. */
(function () {
  "use strict";

  var L = Live.readJson("screen-labels") || {};
  var config = Live.readJson("screen-config") || {};
  var panel = document.getElementById("tv-panel");
  var feedback = document.getElementById("tv-feedback");
  var refreshTimer = null;
  var connection = null;

  function refresh() {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(function () {
      fetch(config.panel, { credentials: "same-origin", headers: { "X-Requested-With": "fetch" } })
        .then(function (r) { return r.ok ? r.text() : Promise.reject(r.status); })
        .then(function (html) { panel.innerHTML = html; tick(); })
        .catch(function () { /* the next message or reconnect tries again */ });
    }, 80);
  }

  function concernsUs(m) {
    if (m.type === "clock" || m.type === "payouts" || m.type === "keep_apart") return false;
    if (m.type === "announcement") return false;
    if (m.type === "floor_call") return false;
    if (m.type === "clock_call") return !m.call || m.call.table === config.number;
    if (m.type === "table" && m.tables) {
      return m.tables.some(function (t) { return t.id === config.table; });
    }
    return true; // busts, moves, breaks, hand for hand, rulings: cheap to re-read
  }

  function tick() {
    var now = connection ? connection.serverNow() : Date.now();
    var calls = panel.querySelectorAll("[data-expires-at]");
    for (var i = 0; i < calls.length; i++) {
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
    onSnapshot: function () { refresh(); },
    onMessage: function (m) { if (concernsUs(m)) refresh(); }
  });
  setInterval(tick, 250);
  tick();
})();
