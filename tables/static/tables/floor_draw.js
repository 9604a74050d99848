// Floor tablet's drawing (README "Screen messages"): the HTML of a table card
// and its seats, the moves grouped by the table they leave, the side alerts
// (the floor_alerts part), the alternates and the counts, from the state
// floor.js keeps. The forms it draws are marked data-fetch: floor.js sends them.
(function () {
  "use strict";

  var esc = Live.escape;

  // ctx: {labels, tablet, csrf, grouped, state}: the server's words and links,
  // the page's CSRF token, a number format, and state() the map's state.
  window.FloorDraw = function (ctx) {
    var labels = ctx.labels, L = ctx.tablet.labels, links = ctx.tablet.links;
    var found = ctx.tablet.found || [null, null], csrf = ctx.csrf, grouped = ctx.grouped, state = ctx.state;

    function link(pattern, id) { return pattern.replace("/0/", "/" + id + "/"); }
    function post(action, button, confirm) {
      return '<form method="post" action="' + esc(action) + '" class="inline" data-fetch' +
        (confirm ? ' data-confirm="' + esc(confirm) + '"' : "") +
        '><input type="hidden" name="csrfmiddlewaretoken" value="' + esc(csrf) + '">' + button + "</form>";
    }

    function calledSeats() {
      var calls = {};
      (state().clock_calls || []).forEach(function (c) {
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
        (leaving ? " leaving" : "") + (arriving ? " arriving" : "") +
        (found[0] === table.number && found[1] === n ? " found" : "") + '" data-seat="' + table.number + ":" + n +
        (player ? '" data-entry="' + player.entry : "") + '" hx-get="' +
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
      var summary = state().summary || {};
      var broken = table.status === "broken";
      var html = '<section class="table-card' + (table.halted ? " halted" : "") + (broken ? " breaking" : "") +
        (found[0] === table.number && !found[1] ? " found" : "") +
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
      var html = '<li data-move="' + move.id + '" data-from="' + esc(move.from_table) + '"><span class="move-text"><strong>' + esc(move.name) + '</strong> <span class="move-where">' + where + "</span>";
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
      var waiting = state().alternates || [];
      if (!waiting.length) return "";
      var n = (state().summary || {}).waiting || waiting.length;
      return '<section class="card alternates-card"><h2>' + esc(Live.fill(L.alternates, { n: n, count: n })) +
        '</h2><ol class="alternates">' + waiting.map(function (a) { return "<li>" + esc(a.name) + "</li>"; }).join("") +
        "</ol></section>";
    }

    // What the floor must act on beside the moves (the floor_alerts part), by kind.
    var ALERTS = {
      table_back_in_play: function (alert) {
        return "<h2>" + esc(L.back_in_play_title) + "</h2><p>" +
          esc(Live.fill(L.back_in_play, { tables: alert.tables.join(", ") })) + "</p>";
      },
      kept_apart_together: function (alert) {
        return "<h2>" + esc(L.kept_apart_title) + '</h2><ul class="plain">' + alert.pairs.map(function (pair) {
          return "<li>" + esc(Live.fill(L.kept_apart, pair)) + "</li>";
        }).join("") + "</ul>";
      }
    };

    function alertsHtml() {
      return (state().floor_alerts || []).filter(function (alert) { return ALERTS[alert.kind]; }).map(function (alert) {
        return '<section class="card moves-alert" role="alert" data-alert="' + esc(alert.kind) + '">' +
          ALERTS[alert.kind](alert) + "</section>";
      }).join("");
    }

    function countsHtml() {
      var s = state().summary || {};
      var avg = grouped ? grouped.format(s.average_stack || 0) : String(s.average_stack || 0);
      return esc(Live.fill(L.counts, { remaining: s.remaining, entries: s.entries, avg: avg, count: s.entries })) +
        (s.hand_for_hand ? ' <strong class="badge warn">' + esc(L.hand_for_hand) + "</strong>" : "");
    }

    return {
      link: link, post: post, calledSeats: calledSeats, tableHtml: tableHtml, movesHtml: movesHtml,
      alternatesHtml: alternatesHtml, alertsHtml: alertsHtml, countsHtml: countsHtml
    };
  };
})();
