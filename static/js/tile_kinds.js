/* tile_kinds.js: one drawer per kind of tile, (tile, board), for tiles.js
 * (README "Screen layouts and the room's look"), worded by board_words.js;
 * its lists are tile_lists.js's. */
(function () {
  "use strict";

  var esc = Live.escape;
  var fitLine = BoardFit.fitLine, fitList = BoardFit.fitList;

  /* env: {L, config, root, words} of the mounted board; lists: its TileLists. */
  window.TileKinds = function (env, lists) {
    var L = env.L, config = env.config, root = env.root, words = env.words;
    var q = lists.q, setText = lists.setText, setHtml = lists.setHtml, nowrap = lists.nowrap;
    var hide = lists.hide, pageList = lists.pageList, loadSeats = lists.loadSeats;

    function fmt(n) { return words.fmt(n); }
    function money(board, value) {
      var currency = (board.state.summary && board.state.summary.currency) ||
        (config.currencies || {})[board.id] || "EUR";
      return words.money(value, currency);
    }
    function now(board) { return board.connection ? board.connection.serverNow() : Date.now(); }

    function show(node, text) {
      setText(node, text);
      if (node) node.hidden = !text;
    }

    /* The final table's players walking over, by the seat they go to. */
    function walkingTo(board) {
      var final = board.state.chip_counts && board.state.chip_counts.final_table;
      if (!final) return {};
      var seats = {};
      (board.state.moves || []).forEach(function (m) { if (m.to_table === final.table) seats[m.to_seat] = m; });
      return seats;
    }

    var DRAW = {
      title: function (tile, board) {
        var s = board.state.summary || {};
        setText(q(tile, ".t-name"), s.name || "");
        show(q(tile, ".t-registration"), words.registration(board.state.clock, s, now(board)));
        show(q(tile, ".t-purchase"), words.purchases(board.state.purchases));
        fitLine(q(tile, ".t-name"), 0.4);
      },
      clock: function (tile, board) {
        var view = Live.clockAt(board.state.clock, now(board));
        var results = board.state.results;
        if (results && results.winner) {
          setText(q(tile, ".t-level"), L.finished);
          setText(q(tile, ".t-time"), Live.fill(L.winner, { name: results.winner.name }));
          show(q(tile, ".t-chipup"), "");
          show(q(tile, ".t-forecast"), "");
          fitLine(q(tile, ".t-time"), 0.2);
          return;
        }
        if (!view || !view.level) {
          setText(q(tile, ".t-level"), L.not_started || "");
          setText(q(tile, ".t-time"), "–:––");
          show(q(tile, ".t-chipup"), "");
          show(q(tile, ".t-forecast"), "");
          return;
        }
        var title = words.levelTitle(view.level);
        if (view.state === "paused") title += " · " + L.paused;
        if (view.state === "stopped") title += " · " + L.not_started;
        if (view.state === "finished") title = L.finished;
        setText(q(tile, ".t-level"), title);
        setText(q(tile, ".t-time"), Live.formatDuration(view.remaining_ms));
        tile.classList.toggle("on-break-t", view.level.kind === "break");
        tile.classList.toggle("paused-t", view.state === "paused");
        show(q(tile, ".t-chipup"), words.colourUp(view));
        // Only while the room shows it does the public snapshot carry the forecast.
        var forecast = q(tile, ".t-forecast"), ends = words.forecast(board.state.forecast);
        if (forecast && forecast.textContent !== ends) {
          show(forecast, ends);
          fitLine(forecast, 0.4);
        }
      },
      blinds: function (tile, board) {
        var view = Live.clockAt(board.state.clock, now(board));
        setText(q(tile, ".t-blinds"), view && view.level ? (words.blinds(view.level) || L.break) : "");
        setText(q(tile, ".t-ante"), view ? words.ante(view.level) : "");
      },
      next_level: function (tile, board) {
        var view = Live.clockAt(board.state.clock, now(board));
        setText(q(tile, ".t-next"), view ? words.nextText(view.next) : "");
        fitLine(q(tile, ".t-next"), 0.4);
      },
      break: function (tile, board) {
        var view = Live.clockAt(board.state.clock, now(board));
        var onBreak = view && view.level && view.level.kind === "break";
        var label = q(tile, ".t-break-label");
        if (label && label.textContent !== (onBreak ? L.break : L.next_break_in)) {
          setText(label, onBreak ? L.break : L.next_break_in);
          fitLine(label, 0.5);
        }
        setText(q(tile, ".t-break"), !view || !view.level ? "–" : onBreak ? Live.formatDuration(view.remaining_ms) :
          (view.break_in_ms === null ? "–" : Live.formatDuration(view.break_in_ms)));
      },
      players: function (tile, board) {
        var s = board.state.summary || {};
        setText(q(tile, ".t-players"), Live.fill(L.players_of, { remaining: fmt(s.remaining), entries: fmt(s.entries) }));
        fitLine(q(tile, ".t-players"), 0.4);
      },
      average: function (tile, board) {
        // Once every player in play is counted, the average is the counted one
        // (a colour-up takes chips out of play that the arithmetic still counts).
        var s = board.state.summary || {};
        var counts = board.state.chip_counts;
        setText(q(tile, ".t-average"), fmt(counts && counts.complete ? counts.average : s.average_stack));
        fitLine(q(tile, ".t-average"), 0.4);
      },
      prize_pool: function (tile, board) {
        var s = board.state.summary || {};
        var payouts = board.state.payouts;
        setText(q(tile, ".t-pool"), money(board, payouts ? payouts.prize_pool : s.prize_pool));
        fitLine(q(tile, ".t-pool"), 0.4);
      },
      payouts: function (tile, board) {
        var over = board.state.results && board.state.results.winner ? board.state.results : null;
        setText(q(tile, ".t-payouts-title"), over ? L.final_results : L.payouts);
        var list = q(tile, ".t-payouts");
        if (over) {  // the places paid, with their players' names
          pageList(tile, list, resultRows(board, over));
          return;
        }
        var payouts = board.state.payouts || {};
        pageList(tile, list, (payouts.places || []).map(function (p) {
          return "<li><span>" + esc(words.place(p)) + "</span><b>" + esc(money(board, p.amount)) + "</b></li>";
        }).concat((payouts.special_prizes || []).map(function (p) {
          // A special prize (README "Special prizes"): its name instead of a place.
          return '<li class="t-special"><span>' + esc(p.name) + "</span><b>" + esc(money(board, p.amount)) + "</b></li>";
        })));
      },
      results: function (tile, board) {
        // The lobby's own: the winner and the places in the money, once known.
        var over = board.state.results && board.state.results.winner ? board.state.results : null;
        tile.hidden = !over;
        document.body.classList.toggle("tournament-over", !!over);
        if (!over) return;
        setText(q(tile, ".t-winner"), Live.fill(L.winner, { name: over.winner.name }));
        setHtml(q(tile, ".t-results"), resultRows(board, over).join(""));
      },
      moves: function (tile, board) {
        // Players walking to the final table are in the final table's tile, if there is one.
        var final = root.querySelector('[data-kind="final_table"][data-tournament="' + board.id + '"]');
        var walking = final ? walkingTo(board) : {};
        var moves = (board.state.moves || []).filter(function (m) { return walking[m.to_seat] !== m; });
        // No moves: the tile takes no room, as the announcements' (README "Screen layouts").
        hide(tile, !moves.length);
        pageList(tile, q(tile, ".t-moves"), moves.map(function (m) {
          var to = nowrap("→ " + Live.fill(L.table_seat, { table: m.to_table, seat: m.to_seat }));
          var from = m.from_table ? " " + nowrap("– " + Live.fill(L.table_seat, { table: m.from_table, seat: m.from_seat })) : "";
          return '<li><span class="t-move-name" title="' + esc(m.name) + '">' + esc(m.name) + "</span>" + from + " " + to + "</li>";
        }));
      },
      chip_leaders: function (tile, board) {
        var counts = board.state.chip_counts;
        var leaders = (counts && counts.leaders) || [];
        // Once the winner is known the results take its place (the clock, the payouts).
        var over = !!(board.state.results && board.state.results.winner);
        hide(tile, over || (tile.hasAttribute("data-hide-empty") && !leaders.length));
        setText(q(tile, ".t-note"), words.countsNote(counts));
        pageList(tile, q(tile, ".t-leaders"), leaderRows(leaders));
      },
      final_table: function (tile, board) {
        var counts = board.state.chip_counts || {};
        var final = counts.final_table;
        setText(q(tile, ".t-note"), words.countsNote(counts));
        if (!final) {
          setText(q(tile, ".t-final-title"), L.final_table_not_yet || "");
          fitLine(q(tile, ".t-final-title"), 0.5);
          pageList(tile, q(tile, ".t-final"), leaderRows(counts.leaders || []));
          return;
        }
        setText(q(tile, ".t-final-title"), Live.fill(L.final_table, { table: final.table }));
        var walking = walkingTo(board);
        var list = q(tile, ".t-final");
        setHtml(list, final.seats.map(function (row) {
          var move = walking[row.seat];
          var from = move && move.from_table ?
            nowrap(Live.fill(L.from_table_seat, { table: move.from_table, seat: move.from_seat })) : "";
          return '<li><span class="rank">' + esc(Live.fill(L.seat, { seat: row.seat })) + '</span><span class="who">' +
            esc(row.name) + '</span><span class="where">' + from + "</span><b>" + esc(fmt(row.chips)) + "</b></li>";
        }).join(""));
        fitList(list, 0.4);
      },
      bounties: function (tile, board) {
        var b = board.state.bounties;
        hide(tile, !b);  // no bounties in this tournament: nothing to show
        var note = "", rows = [];
        if (b && b.kind === "knockout") note = Live.fill(L.bounty_each, { amount: money(board, b.amount) });
        if (b && b.kind === "progressive") {
          note = Live.fill(L.bounty_progressive, { share: b.progressive_share });
          rows = (b.heads || []).map(function (h, i) {
            return '<li><span class="rank">' + esc(Live.fill(L.place, { place: i + 1 })) + '</span><span class="who">' +
              esc(h.name) + "</span><b>" + esc(money(board, h.bounty)) + "</b></li>";
          });
        }
        if (b && b.kind === "mystery" && b.mystery_left) {
          note = Live.fill(L.mystery_left, { count: fmt(b.mystery_left.count), total: money(board, b.mystery_left.total) });
          if (b.mystery_left.biggest.length) {
            note += " · " + Live.fill(L.mystery_biggest, {
              amounts: b.mystery_left.biggest.map(function (a) { return money(board, a); }).join(", ")
            });
          }
        }
        setText(q(tile, ".t-note"), note);
        pageList(tile, q(tile, ".t-bounties"), rows);
      },
      announcements: function (tile, board) {
        var note = (board.state.announcements || [])[0];
        show(q(tile, ".t-announcement"), note ? note.text : "");
        var s = board.state.summary || {};
        // Hand for hand: once a table has reported its hand, the tables still playing it.
        var playing = (board.state.seating && board.state.seating.playing) || [];
        show(q(tile, ".t-h4h"), s.hand_for_hand ? L.hand_for_hand + (playing.length ?
          " · " + Live.fill(L.waiting_for, { tables: playing.join(", ") }) : "") : "");
        // A call counts down, shows "Time!" once run out, and goes at the server's hide_at.
        var at = now(board);
        var calls = (board.state.clock_calls || []).filter(function (c) {
          return c.status === "active" && !(c.hide_at && at >= c.hide_at);
        });
        var box = q(tile, ".t-calls");
        setHtml(box, calls.map(function (c) {
          // The words left, the time right in fixed-width digits, never over each other.
          var left = (c.expires_at || 0) - at;
          return '<span class="t-call' + (left > 0 ? "" : " expired") + '"><span class="call-text">' +
            esc(Live.fill(L.clock_called, { table: c.table, seat: c.seat })) + "</span> <b>" +
            esc(left > 0 ? Live.formatDuration(left) : L.time_up) + "</b></span>";
        }).join(""));
        if (box) box.hidden = !calls.length;
        // Nothing to say: the tile takes no room (README "Screen layouts and the room's look").
        hide(tile, !note && !s.hand_for_hand && !calls.length);
      },
      forecast: function (tile, board) {
        // The forecast end alone (README "Finish on time: where it shows"): a tile
        // of a layout, or the schedule's line, which keeps the server's first
        // paint until its snapshot arrives. No forecast: it takes no room.
        if (!board.state.version) return;
        var text = words.forecast(board.state.forecast);
        show(q(tile, ".t-forecast"), text);
        if (!tile.classList.contains("tile")) return;  // a line of a page: it wraps
        hide(tile, !text);
        fitLine(q(tile, ".t-forecast"), 0.3);
      },
      seats: function (tile, board) { loadSeats(tile, board, tile.seatPage || 1); }
    };

    function resultRows(board, results) {
      return (results.places || []).map(function (p) {
        var prize = Number(p.prize) > 0 ? money(board, p.prize) : "";
        return "<li><span>" + esc(Live.fill(L.place, { place: p.place }) + " " + p.name) + "</span><b>" +
          esc(prize) + "</b></li>";
      });
    }

    function leaderRows(leaders) {
      return leaders.map(function (row, i) {
        var where = row.table ? nowrap(Live.fill(L.table_seat, row)) : "";
        return '<li><span class="rank">' + esc(Live.fill(L.place, { place: i + 1 })) + '</span><span class="who">' +
          esc(row.name) + '</span><span class="where">' + where + "</span><b>" + esc(fmt(row.chips)) + "</b></li>";
      });
    }


    return { draw: DRAW, now: now };
  };
})();
