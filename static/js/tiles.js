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
 * "screen:update" event (the lobby's seat finder, the player's page). One
 * drawer per kind is in tile_kinds.js, the lists and the seat pages in
 * tile_lists.js (both loaded before this file). */
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
  var DRAW = {};  // tile_kinds.js: kind -> drawer, for the mounted board
  var lists = null;  // tile_lists.js, for the mounted board
  var now = null;

  // Type sized to its box (board_fit.js).
  var fit = BoardFit.fit, fitLine = BoardFit.fitLine, fitList = BoardFit.fitList;

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
    purchases: ["title"],
    forecast: ["clock", "forecast"]
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
      if (!parts) fitLine(tile.querySelector(".t-label"), 0.5);
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
          if (Date.now() - tile.seatsAt >= lists.seatSeconds(tile) * 1000) {
            lists.loadSeats(tile, board, tile.seatPage >= tile.seatPages ? 1 : tile.seatPage + 1);
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
    lists = window.TileLists({ L: L, config: config, root: root, drawAll: drawAll });
    var kinds = window.TileKinds({ L: L, config: config, root: root, words: words }, lists);
    DRAW = kinds.draw;
    now = kinds.now;
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
