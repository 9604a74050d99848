/* tiles.js: the one renderer of the public screens (README "Screen layouts and
 * the room's look"): the display board's presets and the room's own layouts,
 * a named screen's boards, and the tiles of the lobby and of a player's page.
 * The server decides which tiles there are and which tournament each follows;
 * this file draws them, worded by board_words.js. Every tournament on a page
 * has its own copy of its public snapshot and its own socket (live.js): a
 * message of one tournament redraws only that tournament's tiles, and only
 * those of the parts it carries. A tile is any element with data-kind and
 * data-tournament; on a board each sizes its type to its box (CSS container
 * units), and lists that still overflow get smaller type, then pages. The
 * page's own tournament is window.Screen, and each change of it is told as a
 * "screen:update" event (the lobby's seat finder, the player's page). */
(function () {
  "use strict";

  var L = {};
  var config = {};
  var snapshots = {};
  var lang = "en";
  var words = null;  // board_words.js, in the page's language
  var sound = null;  // board_sound.js, on a display board that may sound
  var boards = {};  // tournament id -> {id, state, connection, tiles}
  var root = document;
  var esc = Live.escape;

  function fmt(n) { return words.fmt(n); }
  function nowrap(text) { return '<span class="nw">' + esc(text) + "</span>"; }
  function money(board, value) {
    var currency = (board.state.summary && board.state.summary.currency) ||
      (config.currencies || {})[board.id] || "EUR";
    return words.money(value, currency);
  }
  function q(tile, selector) { return tile.querySelector(selector); }
  function setText(node, text) { if (node && node.textContent !== text) node.textContent = text; }
  function setHtml(node, html) { if (node && node.innerHTML !== html) node.innerHTML = html; }
  function now(board) { return board.connection ? board.connection.serverNow() : Date.now(); }

  // Type sized to its box (board_fit.js).
  var fit = BoardFit.fit, fitLine = BoardFit.fitLine, fitList = BoardFit.fitList, cut = BoardFit.cut;

  /* -- one drawer per kind: (tile, board) -------------------------------- */

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
        fitLine(q(tile, ".t-time"), 0.2);
        return;
      }
      if (!view || !view.level) {
        setText(q(tile, ".t-level"), L.not_started || "");
        setText(q(tile, ".t-time"), "–:––");
        show(q(tile, ".t-chipup"), "");
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
    seats: function (tile, board) { loadSeats(tile, board, tile.seatPage || 1); }
  };

  /* A tile with nothing to show takes no room: the rows of the grid it alone
     held shrink to nothing and the other tiles grow into them. */
  function hide(tile, empty) {
    if (tile.hidden !== empty) {
      tile.hidden = empty;
      collapseRows();
    }
  }

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

  /* As many rows as the list holds (smaller type first), the rest on the next page. */
  function pageList(tile, list, rows) {
    if (!list) return;
    tile.listRows = rows;
    list.style.fontSize = "";
    list.innerHTML = rows.join("");
    fitList(list, 0.45);
    var per = rows.length;
    while (per > 1 && cut(list)) {
      per -= 1;
      list.innerHTML = rows.slice(0, per).join("");
    }
    var pages = Math.max(1, Math.ceil(rows.length / Math.max(per, 1)));
    tile.pages = pages;
    tile.per = per;
    if ((tile.page || 0) >= pages) tile.page = 0;
    list.innerHTML = rows.slice((tile.page || 0) * per, (tile.page || 0) * per + per).join("");
    setText(q(tile, ".t-page"), pages > 1 ? Live.fill(L.page_of, { page: (tile.page || 0) + 1, pages: pages }) : "");
  }

  /* -- the seat list: paged through the public API, sized to the tile --- */

  function seatsPerPage(list) {
    var shown = list.innerHTML;
    list.innerHTML = "<li><span>Xy</span><b>1</b></li>";
    var row = list.firstChild.getBoundingClientRect().height || 30;
    var columns = parseInt(getComputedStyle(list).columnCount, 10) || 1;
    var rows = Math.floor(list.getBoundingClientRect().height / row);
    list.innerHTML = shown;
    return Math.max(1, rows * columns);
  }

  /* A name is never cut ("Małgorz…"): a long one gets smaller type, and wraps if still too long. */
  function fitName(node) {
    node.classList.remove("wrap");
    fitLine(node, 0.7);
    if (node.scrollWidth > node.clientWidth + 1) node.classList.add("wrap");
  }

  function loadSeats(tile, board, page) {
    var list = q(tile, ".t-seats");
    if (!list) return;
    if (tile.seatsLoading) { tile.seatsStale = true; return; }  // the seating changed meanwhile
    tile.seatsLoading = true;
    var url = "/api/v1/tournaments/" + board.id + "/seats?per_page=" + seatsPerPage(list) + "&page=" + page;
    fetch(url, { credentials: "omit" }).then(function (r) { return r.ok ? r.json() : null; }).then(function (data) {
      if (!data) return;
      tile.seatPage = data.page;
      tile.seatPages = data.pages;
      tile.seatRows = data.seats.length;
      tile.seatsAt = Date.now();
      setHtml(list, data.seats.map(function (r) {
        // A player with a move pending is shown where he goes.
        var seat = r.moving_to ? "→ " + Live.fill(L.table_seat, r.moving_to) : Live.fill(L.table_seat, r);
        return "<li><span>" + esc(r.name) + "</span><b>" + nowrap(seat) + "</b></li>";
      }).join(""));
      setText(q(tile, ".t-page"), data.pages > 1 ? Live.fill(L.page_of, { page: data.page, pages: data.pages }) : "");
      fitList(list, 0.6);
      Array.prototype.forEach.call(list.querySelectorAll("li > span"), fitName);
      // Measured before the page had its layout (a slow start), the page can
      // hold more rows than fit: measure once more, then no further.
      var fits = list.scrollHeight <= list.clientHeight + 1 && list.scrollWidth <= list.clientWidth + 1;
      if (fits) tile.seatsRefitting = false;
      else if (data.seats.length > 1 && !tile.seatsRefitting) {
        tile.seatsRefitting = true;
        setTimeout(function () { loadSeats(tile, board, tile.seatPage); }, 300);
      }
    }).catch(function () {}).then(function () {
      tile.seatsLoading = false;
      if (tile.seatsStale) {
        tile.seatsStale = false;
        loadSeats(tile, board, tile.seatPage || 1);
      }
    });
  }

  /* How long a seat page stays: the tile's own seconds, the board's ?seconds=N,
     else long enough to find one's name (ten seconds and a little more per row). */
  function seatSeconds(tile) {
    return parseInt(q(tile, ".t-seats").dataset.seconds, 10) || config.seats_seconds ||
      Math.min(25, 10 + (tile.seatRows || 0) * 0.25);
  }

  /* Rows of the grid holding only hidden tiles (an announcements tile with
     nothing to say) shrink to nothing, as the board's announcement line did;
     the other tiles grow into the room and are drawn again at their new size. */
  function collapseRows() {
    var grids = root.querySelectorAll(".tile-grid");
    for (var g = 0; g < grids.length; g++) {
      var grid = grids[g], rows = [];
      var tiles = grid.querySelectorAll(".tile");
      for (var i = 0; i < tiles.length; i++) {
        var y = Number(tiles[i].dataset.y), h = Number(tiles[i].dataset.h);
        for (var r = y; r < y + h; r++) {
          if (!tiles[i].hidden) rows[r] = "shown";
          else if (rows[r] !== "shown") rows[r] = "hidden";
        }
      }
      var template = "";
      if (rows.indexOf("hidden") >= 0) {
        var sizes = [];
        for (var row = 0; row < 12; row++) sizes.push(rows[row] === "hidden" ? "0px" : "minmax(0, 1fr)");
        template = sizes.join(" ");
      }
      if ((grid.dataset.rows || "") !== template) {
        grid.dataset.rows = template;
        grid.style.gridTemplateRows = template;
        setTimeout(drawAll, 0);
      }
    }
  }

  /* -- what to draw again when a part changes ----------------------------- */

  var KINDS_OF_PART = {
    summary: ["title", "players", "average", "prize_pool", "payouts", "announcements"],
    clock: ["title", "clock", "blinds", "next_level", "break"],
    seating: ["players", "seats", "announcements"],
    moves: ["moves", "final_table", "seats"],
    payouts: ["payouts", "prize_pool"],
    results: ["clock", "payouts", "results", "chip_leaders"],
    announcements: ["announcements"],
    clock_calls: ["announcements"],
    chip_counts: ["average", "chip_leaders", "final_table", "moves"],
    bounties: ["bounties"],
    purchases: ["title"]
  };

  function draw(board, parts) {
    var kinds = null;
    if (parts) {
      kinds = [];
      parts.forEach(function (part) { kinds = kinds.concat(KINDS_OF_PART[part] || []); });
    }
    board.tiles.forEach(function (tile) {
      var kind = tile.dataset.kind;
      if (kinds && kinds.indexOf(kind) < 0) return;
      if (DRAW[kind]) DRAW[kind](tile, board);
      if (!parts) fitLine(q(tile, ".t-label"), 0.5);
      tile.dataset.version = board.state.version;
    });
  }

  var TICKING = ["title", "clock", "blinds", "next_level", "break", "announcements"];

  function tick() {
    Object.keys(boards).forEach(function (id) {
      var board = boards[id];
      board.tiles.forEach(function (tile) {
        if (TICKING.indexOf(tile.dataset.kind) >= 0) DRAW[tile.dataset.kind](tile, board);
      });
      if (sound && board.own) sound.clock(Live.clockAt(board.state.clock, now(board)));
    });
  }

  function turnPages() {
    Object.keys(boards).forEach(function (id) {
      var board = boards[id];
      board.tiles.forEach(function (tile) {
        if (tile.dataset.kind === "seats" && tile.seatPages > 1) {
          if (Date.now() - tile.seatsAt >= seatSeconds(tile) * 1000) {
            loadSeats(tile, board, tile.seatPage >= tile.seatPages ? 1 : tile.seatPage + 1);
          }
        } else if (tile.pages > 1 && Date.now() - (tile.turnedAt || 0) >= 10000) {
          tile.turnedAt = Date.now();
          tile.page = (tile.page || 0) + 1;
          DRAW[tile.dataset.kind](tile, board);
        }
      });
    });
  }

  /* The page's own tournament changed: its other scripts hear it (the lobby's
     seat finder, the player's page); `parts` null for a whole snapshot. */
  function told(board, parts) {
    if (!board.own) return;
    document.dispatchEvent(new CustomEvent("screen:update", { detail: { state: board.state, parts: parts } }));
  }

  function start(id) {
    var board = { id: id, state: snapshots[id] || {}, connection: null, tiles: [],
      own: id === String(config.tournament) };
    var nodes = root.querySelectorAll('[data-kind][data-tournament="' + id + '"]');
    for (var i = 0; i < nodes.length; i++) board.tiles.push(nodes[i]);
    boards[id] = board;
    draw(board, null);
    var follow = board.own && config.follow_layout ? "?layout=" + config.follow_layout : "";
    board.connection = Live.connect({
      path: "/ws/tournaments/" + id + "/display" + follow,
      labels: L,
      onSnapshot: function (snapshot) {
        board.state = snapshot;
        draw(board, null);
        told(board, null);
      },
      onMessage: function (m) {
        if (m.type === "layout_changed") { window.location.reload(); return; } // its tiles changed
        var after = sound && board.own ? sound.before(board.state, m) : null;
        var parts = Live.applyParts(board.state, m);
        if (m.version) board.state.version = m.version;
        draw(board, parts);
        if (after) after(board.state);
        told(board, parts);
      }
    });
    if (board.own) {
      window.Screen = { state: function () { return board.state; }, connection: board.connection, labels: L };
    }
  }

  function drawRoom() {
    var texts = root.querySelectorAll(".t-text");
    for (var i = 0; i < texts.length; i++) fit(texts[i], 0.3);
    var lists = root.querySelectorAll(".tile-schedule .t-list");
    for (var j = 0; j < lists.length; j++) fitList(lists[j], 0.5);
  }

  function drawAll() {
    drawRoom();
    Object.keys(boards).forEach(function (id) { draw(boards[id], null); });
  }

  /* Draw the tile board found in `within` (the page, or a named screen's stage)
     and follow its tournaments; stop() closes the sockets and the timers. */
  function mount(within) {
    root = within || document;
    L = Live.readJson("screen-labels") || {};
    config = Live.readJson("screen-config") || {};
    snapshots = Live.readJson("tile-snapshots") || {};
    lang = config.lang || document.documentElement.lang || "en";
    words = window.BoardWords(L, lang);
    // A display board sounds when its page offers it (#d-sound); a named screen
    // sounds through its own socket, the phones not at all.
    sound = config.sound !== false && document.getElementById("d-sound") ? window.BoardSound(L, lang, words) : null;
    boards = {};
    drawRoom();
    (config.tournaments || []).forEach(function (id) { start(String(id)); });
    var timers = [setInterval(tick, 200), setInterval(turnPages, 1000)];
    window.addEventListener("load", drawAll);
    window.addEventListener("resize", drawAll);
    return {
      boards: boards,
      stop: function () {
        timers.forEach(clearInterval);
        if (sound) sound.stop();
        window.removeEventListener("load", drawAll);
        window.removeEventListener("resize", drawAll);
        Object.keys(boards).forEach(function (id) {
          if (boards[id].connection) boards[id].connection.close();
        });
      }
    };
  }

  window.TileBoard = { mount: mount };
  if (document.body.getAttribute("data-board") !== "manual" && document.querySelector("[data-kind][data-tournament]")) {
    window.TileBoard.current = mount(document);
  }
})();
