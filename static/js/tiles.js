/* tiles.js: the board drawn from a layout of tiles (README "Screen layouts and
 * the room's look"). The server decides which tiles there are and which
 * tournament each follows; this file draws them. Every tournament on the board
 * has its own copy of its public snapshot and its own socket (live.js): a
 * message of one tournament redraws only that tournament's tiles, and only
 * those of the parts it carries. Each tile sizes its type to its box (CSS
 * container units); lists that still overflow get smaller type, then pages. */
(function () {
  "use strict";

  var L = {};
  var config = {};
  var snapshots = {};
  var lang = "en";
  var numbers = new Intl.NumberFormat(lang);
  var boards = {};  // tournament id -> {id, state, connection, tiles}
  var root = document;

  function fmt(n) { return n === null || n === undefined ? "–" : numbers.format(n); }
  function esc(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }
  function nowrap(text) { return '<span class="nw">' + esc(text) + "</span>"; }
  function money(board, value) {
    if (value === null || value === undefined) return "–";
    var n = Number(value);
    var currency = (board.state.summary && board.state.summary.currency) ||
      (config.currencies || {})[board.id] || "EUR";
    var digits = Number.isInteger(n) ? 0 : 2;
    try {
      return new Intl.NumberFormat(lang, { style: "currency", currency: currency, currencyDisplay: "narrowSymbol",
        minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);
    } catch (e) { return numbers.format(n); }
  }
  function q(tile, selector) { return tile.querySelector(selector); }
  function setText(node, text) { if (node && node.textContent !== text) node.textContent = text; }
  function setHtml(node, html) { if (node && node.innerHTML !== html) node.innerHTML = html; }
  function now(board) { return board.connection ? board.connection.serverNow() : Date.now(); }

  /* Smaller type, step by step down to `least` of its size, while the node overflows
     (a text tile's words). */
  function fit(node, least) {
    if (!node) return;
    node.style.fontSize = "";
    var size = parseFloat(getComputedStyle(node).fontSize);
    var floor = size * (least || 0.5);
    while ((node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1) && size > floor) {
      size *= 0.92;
      node.style.fontSize = size + "px";
    }
  }

  /* One line of words: smaller type until it is as wide as its box. */
  function fitLine(node, least) {
    if (!node) return;
    node.style.fontSize = "";
    var size = parseFloat(getComputedStyle(node).fontSize);
    var floor = size * (least || 0.4);
    while (node.scrollWidth > node.clientWidth + 1 && size > floor) {
      size *= 0.92;
      node.style.fontSize = size + "px";
    }
  }

  /* A list: smaller type while it is higher than its box or a name in it is cut. */
  function cut(list) {
    if (list.scrollHeight > list.clientHeight + 1) return true;
    var spans = list.querySelectorAll("li > span");
    for (var i = 0; i < spans.length; i++) {
      if (spans[i].scrollWidth > spans[i].clientWidth + 1) return true;
    }
    return false;
  }
  function fitList(list, least) {
    if (!list) return;
    list.style.fontSize = "";
    var size = parseFloat(getComputedStyle(list).fontSize);
    var floor = size * (least || 0.6);
    while (cut(list) && size > floor) {
      size *= 0.92;
      list.style.fontSize = size + "px";
    }
  }

  /* -- words for the clock ----------------------------------------------- */

  function levelTitle(level) {
    if (!level) return "";
    return level.kind === "break" ? L.break : Live.fill(L.level, { number: level.number });
  }
  function blinds(level) {
    return !level || level.kind === "break" ? "" : fmt(level.small_blind) + " / " + fmt(level.big_blind);
  }
  function ante(level) {
    if (!level || level.kind === "break" || !level.ante) return "";
    return Live.fill(level.big_blind_ante ? L.bb_ante : L.ante, { ante: fmt(level.ante) });
  }
  function nextText(next) {
    if (!next) return "";
    if (next.kind === "break") return Live.fill(L.next_break_minutes, { minutes: Math.round(next.seconds / 60) });
    return Live.fill(L.next_level, { blinds: blinds(next) }) + (next.ante ? " · " + ante(next) : "");
  }

  /* -- one drawer per kind: (tile, board) -------------------------------- */

  var DRAW = {
    title: function (tile, board) {
      setText(q(tile, ".t-name"), (board.state.summary || {}).name || "");
      var clock = board.state.clock;
      var text = clock && clock.registration_open ? L.registration_open :
        (clock && (board.state.summary || {}).entries ? L.registration_closed : "");
      var pill = q(tile, ".t-registration");
      setText(pill, text || "");
      if (pill) pill.hidden = !text;
      fitLine(q(tile, ".t-name"), 0.4);
    },
    clock: function (tile, board) {
      var view = Live.clockAt(board.state.clock, now(board));
      var results = board.state.results;
      if (results && results.winner) {
        setText(q(tile, ".t-level"), L.finished);
        setText(q(tile, ".t-time"), Live.fill(L.winner, { name: results.winner.name }));
        fitLine(q(tile, ".t-time"), 0.2);
        return;
      }
      if (!view || !view.level) {
        setText(q(tile, ".t-level"), L.not_started || "");
        setText(q(tile, ".t-time"), "–:––");
        return;
      }
      var title = levelTitle(view.level);
      if (view.state === "paused") title += " · " + L.paused;
      if (view.state === "stopped") title += " · " + L.not_started;
      if (view.state === "finished") title = L.finished;
      setText(q(tile, ".t-level"), title);
      setText(q(tile, ".t-time"), Live.formatDuration(view.remaining_ms));
      tile.classList.toggle("on-break-t", view.level.kind === "break");
      tile.classList.toggle("paused-t", view.state === "paused");
      var up = view.level.kind === "break" && view.level.color_up && view.level.color_up.length ?
        Live.fill(L.color_up_now, { chips: view.level.color_up.map(fmt).join(", ") }) : "";
      var chipup = q(tile, ".t-chipup");
      setText(chipup, up);
      if (chipup) chipup.hidden = !up;
    },
    blinds: function (tile, board) {
      var view = Live.clockAt(board.state.clock, now(board));
      setText(q(tile, ".t-blinds"), view && view.level ? (blinds(view.level) || L.break) : "");
      setText(q(tile, ".t-ante"), view ? ante(view.level) : "");
    },
    next_level: function (tile, board) {
      var view = Live.clockAt(board.state.clock, now(board));
      setText(q(tile, ".t-next"), view ? nextText(view.next) : "");
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
      setText(q(tile, ".t-break"), !view ? "–" : onBreak ? Live.formatDuration(view.remaining_ms) :
        (view.break_in_ms === null ? "–" : Live.formatDuration(view.break_in_ms)));
    },
    players: function (tile, board) {
      var s = board.state.summary || {};
      setText(q(tile, ".t-players"), Live.fill(L.players_of, { remaining: fmt(s.remaining), entries: fmt(s.entries) }));
      fitLine(q(tile, ".t-players"), 0.4);
    },
    average: function (tile, board) {
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
      var places = (board.state.payouts && board.state.payouts.places) || [];
      var list = q(tile, ".t-payouts");
      setHtml(list, places.map(function (p) {
        var place = Live.fill(L.place, { place: p.place }) + (p.to && p.to !== p.place ? "–" + Live.fill(L.place, { place: p.to }) : "");
        return "<li><span>" + esc(place) + "</span><b>" + esc(money(board, p.amount)) + "</b></li>";
      }).concat(((board.state.payouts && board.state.payouts.special_prizes) || []).map(function (p) {
        // A special prize (README "Special prizes"): its name instead of a place.
        return "<li class=\"t-special\"><span>" + esc(p.name) + "</span><b>" + esc(money(board, p.amount)) + "</b></li>";
      })).join(""));
      pageList(tile, list, list.innerHTML ? Array.prototype.map.call(list.children, function (li) { return li.outerHTML; }) : []);
    },
    moves: function (tile, board) {
      var rows = (board.state.moves || []).map(function (m) {
        var to = nowrap(Live.fill(L.table_seat, { table: m.to_table, seat: m.to_seat }));
        var from = m.from_table ? " – " + nowrap(Live.fill(L.table_seat, { table: m.from_table, seat: m.from_seat })) : "";
        return "<li><span>" + esc(m.name) + from + " → " + to + "</span></li>";
      });
      pageList(tile, q(tile, ".t-moves"), rows);
    },
    chip_leaders: function (tile, board) {
      var counts = board.state.chip_counts;
      setText(q(tile, ".t-note"), countsNote(counts));
      pageList(tile, q(tile, ".t-leaders"), leaderRows((counts && counts.leaders) || []));
    },
    final_table: function (tile, board) {
      var counts = board.state.chip_counts || {};
      var final = counts.final_table;
      setText(q(tile, ".t-note"), countsNote(counts));
      if (!final) {
        setText(q(tile, ".t-final-title"), L.final_table_not_yet || "");
        fitLine(q(tile, ".t-final-title"), 0.5);
        pageList(tile, q(tile, ".t-final"), leaderRows(counts.leaders || []));
        return;
      }
      setText(q(tile, ".t-final-title"), Live.fill(L.final_table, { table: final.table }));
      var list = q(tile, ".t-final");
      setHtml(list, final.seats.map(function (row) {
        return '<li><span class="rank">' + esc(Live.fill(L.seat, { seat: row.seat })) + '</span><span class="who">' +
          esc(row.name) + "</span><b>" + esc(fmt(row.chips)) + "</b></li>";
      }).join(""));
      fitList(list, 0.4);
    },
    bounties: function (tile, board) {
      var b = board.state.bounties;
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
      }
      setText(q(tile, ".t-note"), note);
      pageList(tile, q(tile, ".t-bounties"), rows);
    },
    announcements: function (tile, board) {
      var note = (board.state.announcements || [])[0];
      setText(q(tile, ".t-announcement"), note ? note.text : "");
      var s = board.state.summary || {};
      var h4h = q(tile, ".t-h4h");
      setText(h4h, s.hand_for_hand ? L.hand_for_hand : "");
      if (h4h) h4h.hidden = !s.hand_for_hand;
      var at = now(board);
      var calls = (board.state.clock_calls || []).filter(function (c) {
        return c.status === "active" && !(c.hide_at && at >= c.hide_at);
      });
      setText(q(tile, ".t-calls"), calls.map(function (c) {
        var left = (c.expires_at || 0) - at;
        return Live.fill(L.clock_called, { table: c.table, seat: c.seat }) + " " +
          (left > 0 ? Live.formatDuration(left) : L.time_up);
      }).join(" · "));
      // Nothing to say: the tile takes no room (README "Screen layouts and the room's look").
      var empty = !note && !s.hand_for_hand && !calls.length;
      if (tile.hidden !== empty) {
        tile.hidden = empty;
        collapseRows();
      }
    },
    seats: function (tile, board) { loadSeats(tile, board, tile.seatPage || 1); }
  };

  function countsNote(counts) {
    if (!counts || !counts.counted) return L.no_counts || "";
    if (counts.stale) return L.counted_before_busts || "";
    return counts.complete ? "" : Live.fill(L.counted_of, { counted: fmt(counts.counted), players: fmt(counts.players) });
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

  function loadSeats(tile, board, page) {
    var list = q(tile, ".t-seats");
    if (!list || tile.seatsLoading) return;
    tile.seatsLoading = true;
    var url = "/api/v1/tournaments/" + board.id + "/seats?per_page=" + seatsPerPage(list) + "&page=" + page;
    fetch(url, { credentials: "omit" }).then(function (r) { return r.ok ? r.json() : null; }).then(function (data) {
      if (!data) return;
      tile.seatPage = data.page;
      tile.seatPages = data.pages;
      tile.seatsAt = Date.now();
      setHtml(list, data.seats.map(function (r) {
        var seat = r.moving_to ? "→ " + Live.fill(L.table_seat, r.moving_to) : Live.fill(L.table_seat, r);
        return "<li><span>" + esc(r.name) + "</span><b>" + nowrap(seat) + "</b></li>";
      }).join(""));
      setText(q(tile, ".t-page"), data.pages > 1 ? Live.fill(L.page_of, { page: data.page, pages: data.pages }) : "");
      fitList(list, 0.6);
    }).catch(function () {}).then(function () { tile.seatsLoading = false; });
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
    results: ["clock"],
    announcements: ["announcements"],
    clock_calls: ["announcements"],
    chip_counts: ["average", "chip_leaders", "final_table"],
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

  var TICKING = ["clock", "blinds", "next_level", "break", "announcements"];

  function tick() {
    Object.keys(boards).forEach(function (id) {
      var board = boards[id];
      board.tiles.forEach(function (tile) {
        if (TICKING.indexOf(tile.dataset.kind) >= 0) DRAW[tile.dataset.kind](tile, board);
      });
    });
  }

  function turnPages() {
    Object.keys(boards).forEach(function (id) {
      var board = boards[id];
      board.tiles.forEach(function (tile) {
        if (tile.dataset.kind === "seats" && tile.seatPages > 1) {
          var seconds = parseInt(q(tile, ".t-seats").dataset.seconds, 10) || 12;
          if (Date.now() - tile.seatsAt >= seconds * 1000) {
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

  function start(id) {
    var board = { id: id, state: snapshots[id] || {}, connection: null, tiles: [] };
    var nodes = root.querySelectorAll('.tile[data-tournament="' + id + '"]');
    for (var i = 0; i < nodes.length; i++) board.tiles.push(nodes[i]);
    boards[id] = board;
    draw(board, null);
    board.connection = Live.connect({
      path: "/ws/tournaments/" + id + "/display",
      labels: L,
      onSnapshot: function (snapshot) { board.state = snapshot; draw(board, null); },
      onMessage: function (m) {
        var parts = Live.applyParts(board.state, m);
        if (m.version) board.state.version = m.version;
        draw(board, parts);
      }
    });
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
    numbers = new Intl.NumberFormat(lang);
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
        window.removeEventListener("load", drawAll);
        window.removeEventListener("resize", drawAll);
        Object.keys(boards).forEach(function (id) {
          if (boards[id].connection) boards[id].connection.close();
        });
      }
    };
  }

  window.TileBoard = { mount: mount };
  if (document.body.getAttribute("data-board") !== "manual" && document.querySelector(".tile-grid")) {
    window.TileBoard.current = mount(document);
  }
})();
