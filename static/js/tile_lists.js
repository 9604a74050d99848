/* tile_lists.js: the lists of the tile board (tiles.js) and the room they
 * take: a list gets smaller type, then pages; the seat list pages through the
 * public API, sized to its tile; a tile with nothing to show takes no room
 * (README "Screen layouts and the room's look"). */
(function () {
  "use strict";

  var esc = Live.escape;
  // Type sized to its box (board_fit.js).
  var fitLine = BoardFit.fitLine, fitList = BoardFit.fitList, cut = BoardFit.cut;

  function q(tile, selector) { return tile.querySelector(selector); }
  function setText(node, text) { if (node && node.textContent !== text) node.textContent = text; }
  function setHtml(node, html) { if (node && node.innerHTML !== html) node.innerHTML = html; }
  function nowrap(text) { return '<span class="nw">' + esc(text) + "</span>"; }

  /* env: {L, config, root, drawAll} of the mounted board. */
  window.TileLists = function (env) {
    var L = env.L, config = env.config, root = env.root;

    /* A tile with nothing to show takes no room: the rows of the grid it alone
       held shrink to nothing and the other tiles grow into them. */
    function hide(tile, empty) {
      if (tile.hidden !== empty) {
        tile.hidden = empty;
        collapseRows();
      }
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
          setTimeout(env.drawAll, 0);
        }
      }
    }

    return {
      q: q, setText: setText, setHtml: setHtml, nowrap: nowrap,
      hide: hide, pageList: pageList, loadSeats: loadSeats, seatSeconds: seatSeconds
    };
  };
})();
