// The big countdown: counts locally from the server's snapshot, corrected for
// clock offset; asks the server again at zero and every 15 seconds.
(function () {
  "use strict";
  var face = document.getElementById("clock");
  var dataNode = document.getElementById("clock-data");
  if (!face || !dataNode) return;
  var clock = JSON.parse(dataNode.textContent);
  var offset = 0; // server time minus local time, in ms
  var refetching = false;

  function part(role) { return face.querySelector('[data-role="' + role + '"]'); }
  function label(name) { return face.getAttribute("data-" + name) || ""; }

  function format(ms) {
    var total = Math.max(0, Math.ceil(ms / 1000));
    var h = Math.floor(total / 3600), m = Math.floor((total % 3600) / 60), s = total % 60;
    var mm = (h ? String(m).padStart(2, "0") : String(m)) + ":" + String(s).padStart(2, "0");
    return h ? h + ":" + mm : mm;
  }

  // Chip amounts as the page's language writes them: 1.000 (de), 1,000 (en).
  var language = document.documentElement.lang || undefined;
  function n(value) { return Number(value).toLocaleString(language); }

  function blinds(entry) {
    if (!entry) return "";
    if (entry.kind === "break") return label("label-break");
    var text = n(entry.small_blind) + " / " + n(entry.big_blind);
    if (entry.ante) text += " · " + (entry.big_blind_ante ? label("label-bba") : label("label-ante")) + " " + n(entry.ante);
    return text;
  }

  function render() {
    var level = clock.level;
    part("level").textContent = !level ? "" : level.kind === "break" ? label("label-break") : label("label-level") + " " + clock.level_number;
    part("blinds").textContent = level && level.kind === "level" ? blinds(level) : "";
    part("next").textContent = clock.next ? label("label-next") + ": " + blinds(clock.next) : "";
    part("state").textContent = label("state-" + clock.state);
  }

  function remaining() {
    if (clock.state === "running" && clock.ends_at) return clock.ends_at - (Date.now() + offset);
    return clock.remaining_ms;
  }

  function load(data) {
    clock = data;
    offset = data.server_time - Date.now();
    render();
  }

  function refetch() {
    if (refetching) return;
    refetching = true;
    fetch(face.getAttribute("data-url"), { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) { if (data) load(data); })
      .catch(function () {})
      .then(function () { refetching = false; });
  }

  function tick() {
    var left = remaining();
    var time = part("time");
    time.textContent = format(left);
    time.classList.toggle("last-minute", clock.state === "running" && left <= 60000);
    if (clock.state === "running" && left <= 0) refetch();
    document.querySelectorAll("#clock-calls li[data-expires]").forEach(function (li) {
      var now = Date.now() + offset;
      var out = li.querySelector('[data-role="call-time"]');
      out.textContent = format(Number(li.getAttribute("data-expires")) - now);
      out.classList.toggle("countdown", now >= Number(li.getAttribute("data-countdown")));
    });
  }

  load(clock);
  tick();
  setInterval(tick, 200);
  setInterval(refetch, 15000);
  document.addEventListener("visibilitychange", function () { if (!document.hidden) refetch(); });
})();
