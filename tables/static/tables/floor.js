// Floor tablet (README "Screen messages"): the map stays in the page and each
// floor message is applied to it in place: the table rows it carries, the
// moves, the summary and the clock calls. A table is drawn from its row exactly
// as tables/_map.html draws it; the words and links come from the server
// (#floor-tablet), the connection (reconnects, gaps, offline polling) from
// static/js/live.js. Nothing is fetched after a message. A large floor shows
// one area (?tables=1-40), remembered on this tablet; rows of other tables are
// ignored for the map.
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
  var tablet = Live.readJson("floor-tablet") || { labels: {}, links: {} };
  var L = tablet.labels;
  var links = tablet.links;

  // The area this tablet shows, remembered per tablet on a large floor.
  var areaKey = "floor-area:" + root.dataset.tournament;
  if (root.dataset.large) {
    var params = new URLSearchParams(window.location.search);
    var stored = null;
    try { stored = window.localStorage.getItem(areaKey); } catch (e) { /* private mode */ }
    if (!params.has("tables") && !params.has("find") && stored && stored !== root.dataset.area) {
      window.location.replace("?tables=" + encodeURIComponent(stored) + window.location.hash);
      return;
    }
    try { window.localStorage.setItem(areaKey, root.dataset.area); } catch (e) { /* private mode */ }
  }
  var inArea = {};
  (tablet.area || []).forEach(function (n) { inArea[n] = true; });
  function shownHere(number) { return !tablet.area || inArea[number] === true; }
  if (tablet.found) {
    var card = document.getElementById("table-" + tablet.found[0]);
    if (card) {
      card.scrollIntoView({ block: "start" });
      var seat = tablet.found[1] && card.querySelectorAll(".seat-button")[tablet.found[1] - 1];
      (seat || card).classList.add("found");
    }
  }

  var csrf = "";
  try { csrf = JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; } catch (e) { /* none */ }
  var lang = document.documentElement.lang || "en";
  var grouped = window.Intl ? new Intl.NumberFormat(lang, { maximumFractionDigits: 0, useGrouping: true }) : null;

  function esc(value) {
    return String(value === null || value === undefined ? "" : value)
      .replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
  }
  function link(pattern, id) { return pattern.replace("/0/", "/" + id + "/"); }
  function post(action, button, confirm) {
    return '<form method="post" action="' + esc(action) + '" class="inline"' +
      (confirm ? ' data-confirm="' + esc(confirm) + '"' : "") +
      '><input type="hidden" name="csrfmiddlewaretoken" value="' + esc(csrf) + '">' + button + "</form>";
  }

  // The state the map shows: the snapshot, with every message applied.
  var state = null;
  var drawn = {}; // table number -> the HTML last drawn for it
  var shown = Number(root.dataset.version) || 0;

  function movesHere() {
    return (state.moves || []).filter(function (m) {
      return !tablet.area || shownHere(m.to_table) || (m.from_table !== null && shownHere(m.from_table));
    });
  }
  function visibleTables() {
    return (state.tables || []).filter(function (t) {
      return shownHere(t.number) && (t.status === "open" || t.players.length);
    }).sort(function (a, b) { return a.number - b.number; });
  }

  function calledSeats() {
    var calls = {};
    (state.clock_calls || []).forEach(function (c) {
      if (c.phase !== "cancelled") calls[c.table + ":" + c.seat] = c;
    });
    return calls;
  }

  function callHtml(call) {
    var left = call.remaining_ms ? Live.formatDuration(call.remaining_ms) : (labels.time_up || "");
    return '<span class="badge danger seat-call" data-expires-at="' + esc(call.expires_at) +
      '" data-hide-at="' + esc(call.hide_at) + '">' + esc(L.clock_called) +
      ' <b class="call-time">' + esc(left) + "</b></span>";
  }

  function seatHtml(table, n, at) {
    var player = at.players[n];
    var arriving = at.arriving[table.number + ":" + n];
    var leaving = at.leaving[table.number + ":" + n];
    var call = at.calls[table.number + ":" + n];
    var name = player ? esc(player.name)
      : arriving ? "→ " + esc(arriving.name) : '<em class="muted">' + esc(L.free) + "</em>";
    var html = '<li><button type="button" class="seat-button' + (player ? " taken" : "") +
      (leaving ? " leaving" : "") + (arriving ? " arriving" : "") + '" hx-get="' +
      esc(link(links.seat, table.id).replace("{seat}", n)) +
      '" hx-target="#seat-panel" data-opens-dialog="seat-dialog"><span class="seat-no">' + n +
      '</span> <span class="seat-name"' + (player ? ' title="' + esc(player.name) + '"' : "") + ">" + name + "</span>";
    if (n === table.button_seat) html += ' <span class="chip-marker dealer" title="' + esc(L.button_title) + '">D</span>';
    if (n === table.small_blind_seat) html += ' <span class="chip-marker sb" title="' + esc(L.small_blind) + '">SB</span>';
    if (n === table.big_blind_seat) html += ' <span class="chip-marker bb" title="' + esc(L.big_blind) + '">BB</span>';
    if (player && player.wait_for_button) html += ' <span class="badge warn">' + esc(L.waits) + "</span>";
    if (player && player.penalty) {
      var left = player.penalty.hands_left;
      html += ' <span class="badge warn" title="' + esc(L.penalty_title) + '">' +
        esc(Live.fill(L.hands_left, { left: left, count: left })) + "</span>";
    }
    if (call && player) html += " " + callHtml(call);
    return html + "</button></li>";
  }

  function tableHtml(table, at) {
    var summary = state.summary || {};
    var broken = table.status === "broken";
    var html = '<section class="table-card' + (table.halted ? " halted" : "") + (broken ? " breaking" : "") +
      '" id="table-' + table.number + '"><header class="table-head"><h2>' + esc(L.table) + " " + table.number +
      '</h2> <span class="muted">' + table.players.length + "/" + table.seats + " · " + esc(L.hand) + " " +
      table.hand + "</span>";
    if (table.halted) html += ' <strong class="badge danger">' + esc(L.halt) + "</strong>";
    if (broken) html += ' <strong class="badge warn">' + esc(L.breaking) + "</strong>";
    if (summary.hand_for_hand) {
      html += table.hand_finished ? ' <span class="badge">' + esc(L.hand_finished) + "</span>"
        : ' <span class="badge warn">' + esc(L.playing) + "</span>";
    }
    if (table.status === "open" && summary.status !== "finished") {
      html += ' <div class="table-actions"><a class="button" href="' + esc(link(links.chips, table.id)) + '">' +
        esc(L.count_chips) + "</a> " + post(link(links.next_hand, table.id), "<button>" + esc(L.next_hand) + "</button>");
      if (summary.hand_for_hand && !table.hand_finished) {
        html += " " + post(link(links.hand_finished, table.id),
          '<button class="primary">' + esc(L.hand_finished_button) + "</button>");
      }
      html += "</div>";
    }
    html += '</header><ol class="seats">';
    at.players = {};
    table.players.forEach(function (p) { at.players[p.seat] = p; });
    for (var n = 1; n <= table.seats; n++) html += seatHtml(table, n, at);
    return html + "</ol></section>";
  }

  function moveHtml(move) {
    var where = (move.from_table !== null && move.from_table !== undefined
      ? '<span class="nowrap">' + esc(L.table) + " " + move.from_table + " " + esc(L.seat) + " " + move.from_seat + "</span> → "
      : "") + '<span class="nowrap">' + esc(L.table) + " " + move.to_table + " " + esc(L.seat) + " " + move.to_seat + "</span>";
    var html = '<li><span class="move-text"><strong>' + esc(move.name) + '</strong> <span class="move-where">' + where + "</span>";
    if (move.wait_for_button) html += ' <span class="badge warn">' + esc(L.wait_for_button) + "</span>";
    if (move.after) html += ' <span class="badge">' + esc(Live.fill(L.after, { name: move.after.name })) + "</span>";
    var confirm = move.reason === "break" ? L.cancel_break : move.reason === "balance" ? L.cancel_balance : "";
    return html + '</span> <span class="move-actions">' +
      post(link(links.move_done, move.id), '<button class="primary">' + esc(L.done) + "</button>") + " " +
      post(link(links.move_cancel, move.id), "<button>" + esc(L.cancel) + "</button>", confirm) + "</span></li>";
  }

  function movesHtml(moves, tables) {
    if (!moves.length) return "";
    var ids = {};
    tables.forEach(function (t) { ids[t.number] = t.id; });
    var groups = {};
    var order = [];
    moves.forEach(function (m) {
      var key = m.from_table === null || m.from_table === undefined ? 0 : m.from_table;
      if (!groups[key]) { groups[key] = []; order.push(key); }
      groups[key].push(m);
    });
    order.sort(function (a, b) { return a - b; });
    var html = '<section class="card moves-alert" role="alert"><h2>' +
      esc(Live.fill(L.moves, { n: moves.length, count: moves.length })) + "</h2>";
    order.forEach(function (number) {
      var group = groups[number];
      html += '<div class="move-group"><div class="move-group-head"><h3>' +
        esc(number ? Live.fill(L.from_table, { table: number }) : L.from_rail) + "</h3>";
      if (number && ids[number] && group.length > 1) {
        var confirm = [Live.fill(L.confirm_group, { count: group.length, table: number })].concat(
          group.map(function (m) { return Live.fill(L.confirm_move, { name: m.name, table: m.to_table, seat: m.to_seat }); })
        ).join("\n");
        html += " " + post(link(links.moves_done, ids[number]),
          '<button class="primary">' + esc(Live.fill(L.all_done, { n: group.length, count: group.length })) + "</button>", confirm);
      }
      html += '</div><ul class="move-list">' + group.map(moveHtml).join("") + "</ul></div>";
    });
    return html + "</section>";
  }

  // The alternates waiting for a seat, in the order they sit down.
  function alternatesHtml() {
    var waiting = state.alternates || [];
    if (!waiting.length) return "";
    var n = (state.summary || {}).waiting || waiting.length;
    return '<section class="card alternates-card"><h2>' + esc(Live.fill(L.alternates, { n: n, count: n })) +
      '</h2><ol class="alternates">' + waiting.map(function (a) { return "<li>" + esc(a.name) + "</li>"; }).join("") +
      "</ol></section>";
  }

  function countsHtml() {
    var s = state.summary || {};
    var avg = grouped ? grouped.format(s.average_stack || 0) : String(s.average_stack || 0);
    return esc(Live.fill(L.counts, { remaining: s.remaining, entries: s.entries, avg: avg, count: s.entries })) +
      (s.hand_for_hand ? ' <strong class="badge warn">' + esc(L.hand_for_hand) + "</strong>" : "");
  }

  function replaceWith(node, html) {
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.firstElementChild;
    if (node) node.replaceWith(fresh);
    return fresh;
  }

  /* Draw what changed: each table whose drawing differs, the moves, the counts. */
  function draw(seedOnly) {
    var tables = visibleTables();
    var moves = movesHere();
    var at = { arriving: {}, leaving: {}, calls: calledSeats() };
    (state.moves || []).forEach(function (m) {
      at.arriving[m.to_table + ":" + m.to_seat] = m;
      if (m.from_table !== null) at.leaving[m.from_table + ":" + m.from_seat] = m;
    });
    var list = root.querySelector(".floor-tables");
    var keep = {};
    var previous = null;
    tables.forEach(function (table) {
      var html = tableHtml(table, at);
      keep[table.number] = true;
      var node = document.getElementById("table-" + table.number);
      if (seedOnly) { drawn[table.number] = html; return; }
      if (!node || drawn[table.number] !== html) {
        node = node ? replaceWith(node, html) : replaceWith(null, html);
        if (window.htmx) window.htmx.process(node);
        drawn[table.number] = html;
      }
      // Keep the cards in table order (a reserve table opens between others).
      var wanted = previous ? previous.nextElementSibling : list.firstElementChild;
      if (wanted !== node) list.insertBefore(node, wanted);
      previous = node;
    });
    if (seedOnly) return;
    Array.prototype.slice.call(list.querySelectorAll(".table-card")).forEach(function (node) {
      var number = Number(node.id.replace("table-", ""));
      if (!keep[number]) { node.remove(); delete drawn[number]; }
    });
    var movesBox = document.getElementById("floor-moves");
    var movesNow = movesHtml(moves, tables);
    if (movesBox && movesBox.dataset.drawn !== movesNow) {
      movesBox.innerHTML = movesNow;
      movesBox.dataset.drawn = movesNow;
    }
    var alternatesBox = document.getElementById("floor-alternates");
    var alternatesNow = alternatesHtml();
    if (alternatesBox && alternatesBox.dataset.drawn !== alternatesNow) {
      alternatesBox.innerHTML = alternatesNow;
      alternatesBox.dataset.drawn = alternatesNow;
    }
    var layout = root.querySelector(".floor-layout");
    if (layout) layout.classList.toggle("with-side", !!root.querySelector(".floor-side .moves-alert, .floor-side .alternates-card"));
    var counts = document.getElementById("floor-counts");
    if (counts) {
      var text = countsHtml();
      if (counts.innerHTML !== text) counts.innerHTML = text;
    }
    var notDrawn = document.getElementById("floor-not-drawn");
    if (notDrawn && tables.some(function (t) { return t.players.length; })) notDrawn.hidden = true;
    tickCalls();
  }

  function fromSnapshot(snapshot) {
    state = {
      tables: (snapshot.tables || []).filter(function (t) { return shownHere(t.number); }),
      moves: snapshot.moves || [],
      summary: snapshot.summary || {},
      alternates: snapshot.alternates || [],
      clock_calls: snapshot.clock_calls || []
    };
  }

  var alertFloorCall = Live.floorCallAlerts(labels);
  var connection = Live.connect({
    // A tablet showing one area gets the rows of its area in its snapshots.
    path: "/ws/tournaments/" + root.dataset.tournament + "/floor" +
      (tablet.area ? "?tables=" + encodeURIComponent(root.dataset.area) : ""),
    labels: labels,
    onSnapshot: function (snapshot) {
      fromSnapshot(snapshot);
      var version = typeof snapshot.version === "number" ? snapshot.version : null;
      // The page's own version: the map shows it already; only learn what it drew.
      draw(version !== null && version <= shown && !Object.keys(drawn).length);
      if (version !== null) shown = Math.max(shown, version);
      root.dataset.version = String(shown);
    },
    onMessage: function (message) {
      alertFloorCall(message);
      if (typeof message.version === "number") shown = Math.max(shown, message.version);
      if (!state) return;
      var mine = message;
      if (message.tables) {
        mine = Object.assign({}, message, {
          tables: message.tables.filter(function (t) { return shownHere(t.number); })
        });
      }
      if (Live.applyParts(state, mine).length) draw(false);
      root.dataset.version = String(shown);
    }
  });
  // A called clock counts down on its seat, shows "Time!" once run out and goes
  // at the hide_at the server sent (the map is not redrawn for that).
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
