// Finish on time (README "Finish on time: hard stop"): the hard stop against the
// forecast and the proposals to meet it, drawn from the staff part `hard_stop`
// of the page's snapshot and of every message after it (each bust, level and
// break brings it). The server decides; this draws. Words come from the page.
(function () {
  "use strict";
  var box = document.getElementById("finish-warning");
  if (!box || !window.Live) return;
  var L = Live.readJson("finish-labels") || {};
  var state = { hard_stop: Live.readJson("finish-warning-data") };
  var director = box.getAttribute("data-director") === "1";
  var esc = Live.escape;

  function proposalText(p) {
    var key = p.kind === "deal" ? "deal_" + p.method : p.kind;
    return Live.fill(L[key], { minutes: p.minutes, level: p.level, chip: p.chip, at: p.at_text });
  }

  function action(p) {
    if (p.kind === "deal") {
      var href = box.getAttribute("data-deal") + "?method=" + encodeURIComponent(p.method);
      return '<a class="button" href="' + esc(href) + '">' + esc(L.deal_page) + "</a>";
    }
    if (!director) return "";
    var csrf = box.querySelector("input[name=csrfmiddlewaretoken]");
    return '<form method="post" class="inline" action="' + esc(box.getAttribute("data-apply")) + '">' +
      '<input type="hidden" name="csrfmiddlewaretoken" value="' + esc(csrf ? csrf.value : "") + '">' +
      '<input type="hidden" name="next" value="' + esc(box.getAttribute("data-back")) + '">' +
      '<button type="submit" class="primary" name="proposal" value="' + esc(p.id) + '">' + esc(L.apply) + "</button></form>";
  }

  function ends(f) {
    return Live.fill(L.ends, { predicted: f.predicted_end_text, latest: f.latest_text });
  }

  function draw() {
    var w = state.hard_stop;
    box.hidden = !w;
    box.classList.toggle("late", !!(w && w.late));
    var body = box.querySelector("[data-role=body]");
    if (!w) { body.innerHTML = ""; return; }
    var f = w.forecast;
    var html = "<h2>" + esc(Live.fill(L.title, { time: w.hard_stop_text })) + "</h2>";
    html += '<p data-role="forecast">' + esc(Live.fill(L.fits, {
      predicted: f.predicted_end_text, earliest: f.earliest_text, latest: f.latest_text
    })) + "</p>";
    if (w.late) {
      html += '<p class="error" role="alert">' + esc(Live.fill(L.late, { latest: f.latest_text })) + "</p>";
      if (!w.proposals.length) html += '<p class="muted">' + esc(L.none) + "</p>";
      else {
        var meets = w.proposals.some(function (p) { return p.meets_hard_stop; });
        html += "<h3>" + esc(L.proposals) + "</h3>";
        if (!meets) html += '<p class="muted">' + esc(L.best) + "</p>";
        html += '<ul class="plain finish-proposals">' + w.proposals.map(function (p) {
          return '<li data-proposal="' + esc(p.id) + '"><strong>' + esc(proposalText(p)) + "</strong> · " +
            '<span class="muted">' + esc(ends(p.forecast)) + "</span> " + action(p) + "</li>";
        }).join("") + "</ul>";
      }
    }
    body.innerHTML = html;
  }

  draw();
  Live.connect({
    // No table rows: the part is all this needs (no table has number 10000).
    path: "/ws/tournaments/" + box.getAttribute("data-tournament") + "/floor?tables=10000",
    onSnapshot: function (snapshot) { state.hard_stop = snapshot.hard_stop; draw(); },
    onMessage: function (message) { if (Live.applyParts(state, message).indexOf("hard_stop") >= 0) draw(); }
  });
})();
