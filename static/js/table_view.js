/* table_view.js: the tablet lying at one table (README "Screens"). One renderer:
 * the page carries the floor snapshot of this table (#table-snapshot), the
 * panel is drawn from it, and every floor message is applied to the same state
 * (Live.applyParts, whatever its type; README "Screen messages") and drawn by
 * the same code: this table's row, its moves, the clock calls at it and the
 * player count. Nothing is fetched after a message. A called clock counts down
 * locally; the two buttons post to the API and the message of the write
 * redraws the panel, as on every other screen. */
(function () {
  "use strict";

  var L = Live.readJson("screen-labels") || {};
  var config = Live.readJson("screen-config") || {};
  var panel = document.getElementById("tv-panel");
  var feedback = document.getElementById("tv-feedback");
  var esc = Live.escape;
  var connection = null;
  var state = null;
  var drawn = null;

  function ours(rows) { return (rows || []).filter(function (t) { return t.id === config.table; }); }

  function fromSnapshot(snapshot) {
    state = {
      tables: ours(snapshot.tables),
      moves: snapshot.moves || [],
      clock_calls: snapshot.clock_calls || [],
      summary: snapshot.summary || {}
    };
  }

  function statusHtml(table, summary) {
    var html = "<span>" + esc(Live.fill(L.hand, { hand: table.hand })) + "</span>";
    if (table.status === "broken") html += ' <span class="pill danger">' + esc(L.broken) + "</span>";
    if (table.halted) html += ' <span class="pill danger">' + esc(L.halt) + "</span>";
    if (summary.hand_for_hand) {
      html += ' <span class="pill warn">' + esc(L.hand_for_hand) +
        (table.hand_finished ? " · " + esc(L.hand_finished) : "") + "</span>";
    }
    return '<div class="tv-status">' + html + " <span>" + esc(Live.fill(L.players, {
      remaining: summary.remaining, entries: summary.entries, count: summary.entries
    })) + "</span></div>";
  }

  function callsHtml(table) {
    return (state.clock_calls || []).filter(function (c) {
      return c.table === table.number && c.status === "active";
    }).map(function (c) {
      return '<div class="banner banner-call tv-call" data-expires-at="' + esc(c.expires_at) +
        '" data-countdown-at="' + esc(c.countdown_at) + '" data-hide-at="' + esc(c.hide_at) + '">' +
        esc(Live.fill(L.call, { seat: c.seat })) + ': <b class="tv-call-time"></b></div>';
    }).join("");
  }

  function seatHtml(table, n, player) {
    var chip = function (kind, text, title) {
      return ' <b class="chip chip-' + kind + '" title="' + esc(title) + '">' + text + "</b>";
    };
    var badges = (n === table.button_seat ? chip("button", "D", L.button) : "") +
      (n === table.small_blind_seat ? chip("sb", "SB", L.small_blind) : "") +
      (n === table.big_blind_seat ? chip("bb", "BB", L.big_blind) : "") +
      (player && player.wait_for_button ? ' <b class="pill warn">' + esc(L.wait_for_button) + "</b>" : "");
    var penalty = player && player.penalty;
    return '<li class="tv-seat' + (player ? "" : " empty") + (penalty ? " penalised" : "") + '">' +
      '<span class="tv-seat-no">' + n + '</span> <span class="tv-seat-name">' +
      (player ? esc(player.name) : "–") + '</span> <span class="tv-badges">' + badges + "</span>" +
      (penalty ? ' <span class="tv-penalty">' + esc(Live.fill(L.sits_out, {
        hands: penalty.hands_left, count: penalty.hands_left
      })) + "</span>" : "") + "</li>";
  }

  function movesHtml(table) {
    var moves = state.moves || [];
    var arriving = moves.filter(function (m) { return m.to_table === table.number; }).map(function (m) {
      var said = m.from_table ?
        Live.fill(L.arrives_from, { name: m.name, table: m.from_table, from_seat: m.from_seat, seat: m.to_seat }) :
        Live.fill(L.arrives, { name: m.name, seat: m.to_seat });
      return '<p class="tv-arriving">→ ' + esc(said) + "</p>";
    });
    var leaving = moves.filter(function (m) { return m.from_table === table.number; }).map(function (m) {
      return '<p class="tv-leaving">← ' + esc(Live.fill(L.leaves, {
        name: m.name, seat: m.from_seat, table: m.to_table, to_seat: m.to_seat
      })) + "</p>";
    });
    var all = arriving.concat(leaving);
    return all.length ? '<div class="tv-moves">' + all.join("") + "</div>" : "";
  }

  function panelHtml() {
    var table = state.tables[0];
    if (!table) return "";
    var summary = state.summary || {};
    var at = {};
    table.players.forEach(function (p) { at[p.seat] = p; });
    var seats = "";
    for (var n = 1; n <= table.seats; n++) seats += seatHtml(table, n, at[n]);
    return statusHtml(table, summary) + callsHtml(table) + '<ol class="tv-seats">' + seats + "</ol>" +
      movesHtml(table) + '<div class="tv-actions">' +
      (summary.hand_for_hand && !table.hand_finished ?
        '<button type="button" class="primary big" data-action="hand-finished">' + esc(L.hand_finished_button) + "</button> " : "") +
      '<button type="button" class="danger big" data-action="floor-call">' + esc(L.floor_call) + "</button></div>";
  }

  function draw() {
    var html = panelHtml();
    if (html !== drawn) {
      panel.innerHTML = html;
      drawn = html;
    }
    tick();
    if (window.OfflineQueue) OfflineQueue.drawn(); // README "When the network drops"
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
    return (window.OfflineQueue ? OfflineQueue.fetch : fetch)(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": config.csrf },
      body: "{}"
    }).then(function (r) {
      return r.json().catch(function () { return {}; }).then(function (body) {
        // Kept while the server is away: said as pending, not as done.
        feedback.textContent = r.ok ? (body.queued ? body.messages[0].text : message) : (body.detail || L.failed);
        feedback.className = "tv-feedback " + (r.ok ? "ok" : "error");
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

  // The first paint: the snapshot the page carries, drawn as any message is.
  var first = Live.readJson("table-snapshot");
  if (first) {
    fromSnapshot(first);
    draw();
  }
  connection = Live.connect({
    // This table's row only, in the snapshots as in the messages.
    path: "/ws/tournaments/" + config.tournament + "/floor?tables=" + config.number,
    labels: L,
    onSnapshot: function (snapshot) { fromSnapshot(snapshot); draw(); },
    onMessage: function (message) {
      if (!state) return;
      var mine = message.tables ? Object.assign({}, message, { tables: ours(message.tables) }) : message;
      if (Live.applyParts(state, mine).length) draw();
    }
  });
  function shownVersion() {
    return connection.version !== null ? connection.version : (first && first.version) || 0;
  }
  if (window.OfflineQueue) {
    OfflineQueue.attach({
      version: shownVersion,
      snapshot: function () { return state && Object.assign({ version: shownVersion() }, state); },
      apply: function (kept) { fromSnapshot(kept); draw(); },
      refresh: function () { connection.requestSnapshot(); },
      offset: function () { return connection.offset; }
    });
  }
  setInterval(tick, 250);
  tick();
})();
