/* today.js: every running tournament at a glance (README "Named screens",
 * "Today"). The rows come from the server; this counts each clock down
 * locally (Live.clockAt) and fetches the rows again every few seconds. */
(function () {
  "use strict";

  var REFRESH_EVERY = 15000;

  function tick(root) {
    var rows = root.querySelectorAll(".t-row");
    for (var i = 0; i < rows.length; i++) {
      var data = rows[i].querySelector('script[type="application/json"]');
      if (!data) continue;
      var clock = JSON.parse(data.textContent);
      var view = Live.clockAt(clock, Date.now());
      var time = rows[i].querySelector("[data-clock-time]");
      var next = rows[i].querySelector("[data-clock-break]");
      if (!view || !view.level) continue;
      time.textContent = Live.formatDuration(view.remaining_ms);
      next.textContent = view.level.kind === "break" ? Live.formatDuration(view.remaining_ms) :
        (view.break_in_ms === null || view.break_in_ms === undefined ? "–" : Live.formatDuration(view.break_in_ms));
    }
  }

  /* Count down what `root` holds; `refreshUrl`: fetch its rows again now and then. */
  function mount(root, refreshUrl) {
    var timers = [setInterval(function () { tick(root); }, 500)];
    if (refreshUrl) {
      timers.push(setInterval(function () {
        fetch(refreshUrl, { credentials: "omit" }).then(function (r) {
          return r.ok ? r.text() : null;
        }).then(function (html) {
          if (html !== null) { root.innerHTML = html; tick(root); }
        }).catch(function () { /* the next round tries again */ });
      }, REFRESH_EVERY));
    }
    tick(root);
    return { stop: function () { timers.forEach(clearInterval); } };
  }

  window.TodayBoard = { mount: mount };
  var page = document.getElementById("t-stage");
  if (page) mount(page, page.getAttribute("data-rows"));
})();
