/* offline_floor.js: the floor map while the server is away (README "When the
 * network drops"). Marks what the queue keeps on the map, in its own style
 * (striped, a clock and "pending"): a busted seat, a move carried out, a
 * table's next hand or count. With no server the seat panel and the chip count
 * cannot be fetched: the tablet draws them itself from the state it shows,
 * with the same forms (data-fetch, to the same endpoints), so a bust with the
 * same-hand stacks, a clock call, the button and the counts are kept like
 * every other action. */
(function () {
  "use strict";
  if (!window.OfflineQueue) return;
  var Q = window.OfflineQueue;
  var W = Q.words;
  var esc = function (value) { return Live.escape(value); };
  var TABLE_KINDS = { next_hand: true, hand_finished: true, chips: true, moves_done: true };

  function mark(node, item) {
    if (!node) return;
    node.classList.add("is-pending");
    // Several kept for one place (a table's next hands): one mark, counted.
    var kept = node.querySelector(":scope > .offline-pending-mark");
    if (kept) {
      var count = Number(kept.getAttribute("data-count") || 1) + 1;
      kept.setAttribute("data-count", String(count));
      kept.title += "\n" + item.meta.label;
      kept.innerHTML = Q.clock + " " + esc(W.pending) + " ×" + count;
      return;
    }
    var badge = document.createElement("span");
    badge.className = "offline-pending-mark";
    badge.title = item.meta.label;
    badge.innerHTML = Q.clock + " " + esc(W.pending);
    node.appendChild(badge);
  }

  Q.decorate = function (items) {
    var marks = document.querySelectorAll(".offline-pending-mark");
    for (var i = 0; i < marks.length; i++) marks[i].remove();
    var marked = document.querySelectorAll(".floor-tables .is-pending, #floor-moves .is-pending");
    for (var j = 0; j < marked.length; j++) marked[j].classList.remove("is-pending");
    items.forEach(function (item) {
      var m = item.meta || {};
      (m.entries || []).forEach(function (entry) {
        mark(document.querySelector('.seat-button[data-entry="' + entry + '"]'), item);
      });
      if (m.move) mark(document.querySelector('#floor-moves [data-move="' + m.move + '"]'), item);
      if (m.kind === "moves_done" && m.table) {
        var leaving = document.querySelectorAll('#floor-moves [data-from="' + m.table + '"]');
        for (var k = 0; k < leaving.length; k++) mark(leaving[k], item);
      }
      if (m.seat && m.table) mark(document.querySelector('.seat-button[data-seat="' + m.table + ":" + m.seat + '"]'), item);
      else if (TABLE_KINDS[m.kind] && m.table) mark(document.querySelector("#table-" + m.table + " .table-head"), item);
    });
    var layout = document.querySelector(".floor-layout");
    if (layout && items.length) layout.classList.add("with-side");
  };

  /* -- drawn here while the server is away ------------------------------------ */

  var dialog = document.getElementById("seat-dialog");

  function tableOf(number) {
    var snapshot = Q.state ? Q.state() : null;
    return snapshot && (snapshot.tables || []).filter(function (t) { return t.number === number; })[0];
  }

  function link(name, id) { return Q.links[name].replace("/0/", "/" + id + "/"); }

  function open(html) {
    var panel = document.getElementById("seat-panel");
    if (!panel || !dialog) return;
    panel.innerHTML = html;
    if (!dialog.open) dialog.showModal();
  }

  function hidden(name, value) {
    return '<input type="hidden" name="' + esc(name) + '" value="' + esc(value) + '">';
  }

  function stackField(entry, name) {
    return "<label>" + esc(Live.fill(W.stack_of, { name: name })) + '<input type="number" name="stack-' + entry +
      '" min="1" inputmode="numeric"></label>';
  }

  function bustForm(table, player, handForHand) {
    var others = table.players.filter(function (p) { return p.entry !== player.entry; });
    var html = '<form method="post" action="' + esc(link("bust", player.entry)) + '" class="stack" data-fetch>';
    if (handForHand) {
      html += "<label>" + esc(W.stack_h4h) + '<input type="number" name="stack-' + player.entry +
        '" min="1" inputmode="numeric" required></label>';
    } else if (others.length) {
      html += '<details class="same-hand"><summary>' + esc(W.same_hand) + '</summary><p class="muted">' +
        esc(W.same_hand_help) + "</p>" + stackField(player.entry, player.name) + others.map(function (p) {
          return '<div class="same-hand-row"><label><input type="checkbox" name="same_hand" value="' + p.entry + '"> ' +
            p.seat + " · " + esc(p.name) + '</label><input type="number" name="stack-' + p.entry +
            '" min="1" inputmode="numeric" aria-label="' + esc(Live.fill(W.stack_of, { name: p.name })) + '"></div>';
        }).join("") + "</details>";
    }
    return html + '<button type="submit" class="danger big">' + esc(W.bust_player) + "</button></form>";
  }

  function options(pairs, chosen) {
    return pairs.map(function (pair) {
      return '<option value="' + esc(pair[0]) + '"' + (pair[0] === chosen ? " selected" : "") + ">" + esc(pair[1]) + "</option>";
    }).join("");
  }

  /* The seat panel's penalty (rulings/web/floor_penalty.py): kept like a bust. */
  function penaltyForm(player) {
    var choices = W.penalty_choices || { kinds: [], categories: [] };
    return '<details class="penalty-give"><summary>' + esc(W.penalty_title) + "</summary>" +
      '<form method="post" action="' + esc(link("penalty", player.entry)) + '" class="stack" data-fetch>' +
      "<label>" + esc(W.penalty_title) + '<select name="kind">' + options(choices.kinds, "") + "</select></label>" +
      "<label>" + esc(W.penalty_count) + '<input type="number" name="count" min="1" inputmode="numeric"></label>' +
      "<label>" + esc(W.penalty_category) + '<select name="category">' + options(choices.categories, "etiquette") +
      "</select></label>" +
      "<label>" + esc(W.penalty_situation) + '<input type="text" name="situation" maxlength="4000" autocomplete="off"></label>' +
      '<button type="submit" class="big">' + esc(W.penalty_give) + "</button></form></details>";
  }

  function seatPanel(button) {
    var where = (button.getAttribute("data-seat") || "").split(":");
    var table = tableOf(Number(where[0]));
    var seat = Number(where[1]);
    if (!table) return false;
    var player = table.players.filter(function (p) { return p.seat === seat; })[0];
    var snapshot = Q.state();
    var html = '<h2 tabindex="-1">' + esc(W.table) + " " + table.number + " · " + esc(W.seat) + " " + seat + "</h2>" +
      '<p class="offline-note">' + Q.clock + " " + esc(W.panel_note) + "</p>";
    if (player) {
      html += '<p class="big-name">' + esc(player.name) + "</p>" +
        bustForm(table, player, (snapshot.summary || {}).hand_for_hand) +
        '<form method="post" action="' + esc(link("clock_call", document.getElementById("floor-live").dataset.tournament)) +
        '" class="call-clock" data-fetch>' + hidden("table", table.number) + hidden("seat", seat) +
        '<label><input type="checkbox" name="facing_action" checked> ' + esc(W.facing) + "</label>" +
        '<button type="submit" class="big">' + esc(W.call_clock) + "</button></form>" +
        penaltyForm(player);
    }
    html += '<form method="post" action="' + esc(link("button", table.id)) + '" class="button-hand" data-fetch>' +
      hidden("seat", seat) + '<p class="muted">' + esc(W.button_here) + "</p>" +
      '<button type="submit" name="hand" value="current" class="big">' + esc(W.button_current) + "</button> " +
      '<button type="submit" name="hand" value="next" class="big">' + esc(W.button_next) + "</button></form>" +
      '<button type="button" class="close-dialog">' + esc(W.close) + "</button>";
    open(html);
    return true;
  }

  function chipCount(id) {
    var snapshot = Q.state();
    var table = snapshot && (snapshot.tables || []).filter(function (t) { return t.id === id; })[0];
    if (!table) return false;
    var rows = table.players.slice().sort(function (a, b) { return a.seat - b.seat; }).map(function (p) {
      return "<tr><td>" + p.seat + "</td><td>" + esc(p.name) + '</td><td><input type="text" name="chips-' + p.seat +
        '" inputmode="numeric" autocomplete="off" aria-label="' + esc(Live.fill(W.stack_of, { name: p.name })) +
        '"></td></tr>';
    }).join("");
    open('<h2 tabindex="-1">' + esc(Live.fill(W.chip_count, { table: table.number })) + "</h2>" +
      '<p class="offline-note">' + Q.clock + " " + esc(W.panel_note) + "</p>" +
      '<form method="post" action="' + esc(link("chips", table.id)) + '" class="offline-chips" data-fetch data-enter-next>' +
      '<table class="grid"><thead><tr><th>' + esc(W.seat) + "</th><th>" + esc(W.player) + "</th><th>" +
      esc(W.chips_label) + "</th></tr></thead><tbody>" + rows + "</tbody></table>" +
      '<button type="submit" class="primary big">' + esc(W.save_counts) + "</button></form>" +
      '<button type="button" class="close-dialog">' + esc(W.close) + "</button>");
    return true;
  }

  var chipsLink = new RegExp("^" + Q.links.chips.replace("/0/", "/(\\d+)/") + "$");

  // Before htmx and the link: with no server, the tablet draws the panel itself.
  document.addEventListener("click", function (event) {
    if (!Q.isAway() || !event.target.closest) return;
    var seat = event.target.closest(".seat-button[data-seat]");
    var anchor = event.target.closest("a[href]");
    var chips = anchor && chipsLink.exec(new URL(anchor.href).pathname);
    var drawn = seat ? seatPanel(seat) : chips ? chipCount(Number(chips[1])) : false;
    if (drawn) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  }, true);

  // A seat panel that could not be fetched: the server went away meanwhile.
  function unanswered(event) {
    var elt = event.detail && event.detail.elt;
    var status = event.detail && event.detail.xhr ? event.detail.xhr.status : 0;
    if (!elt || !elt.matches || !elt.matches(".seat-button[data-seat]")) return;
    if (event.type === "htmx:responseError" && [502, 503, 504].indexOf(status) < 0) return;
    Q.goAway();
    seatPanel(elt);
  }
  document.body.addEventListener("htmx:sendError", unanswered);
  document.body.addEventListener("htmx:responseError", unanswered);
})();
