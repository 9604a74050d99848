/* layout_editor.js: the layout editor (README "Screen layouts and the room's look").
 * Tiles sit on the screen's grid; they move by dragging (pointer) or with the
 * arrow keys, and change size by their corner or with Shift and the arrow keys.
 * A move or size that would leave the grid or cover another tile is not made.
 * Save sends the tiles to the API, which checks them again. The preview below
 * shows the layout as a TV at 1920 x 1080 draws it: the saved one, and after
 * each change the tiles as they stand, checked and rendered by the server
 * (nothing stored) and mounted in the preview's frame in place of its board. */
(function () {
  "use strict";

  var node = document.getElementById("layout-editor");
  if (!node) return;
  var config = JSON.parse(node.textContent);
  var COLS = config.columns, ROWS = config.rows;
  var readonly = !!config.layout.preset;
  var tiles = (config.layout.tiles || []).map(function (t) { return clean(t); });
  var names = {};
  config.kinds.forEach(function (k) { names[k.kind] = k; });
  var grid = document.getElementById("le-grid");
  var selected = null;
  var dirty = false;

  function $(id) { return document.getElementById(id); }
  function clean(t) {
    var tile = { kind: t.kind, x: t.x, y: t.y, w: t.w, h: t.h };
    if (t.tournament) tile.tournament = t.tournament;
    if (t.options) {
      var options = {};
      Object.keys(t.options).forEach(function (key) {
        if (t.options[key] !== null && t.options[key] !== undefined && t.options[key] !== "") options[key] = t.options[key];
      });
      if (Object.keys(options).length) tile.options = options;
    }
    return tile;
  }

  function fits(candidate, index) {
    if (candidate.w < 1 || candidate.h < 1 || candidate.x < 0 || candidate.y < 0) return false;
    if (candidate.x + candidate.w > COLS || candidate.y + candidate.h > ROWS) return false;
    return tiles.every(function (other, i) {
      return i === index || candidate.x >= other.x + other.w || other.x >= candidate.x + candidate.w ||
        candidate.y >= other.y + other.h || other.y >= candidate.y + candidate.h;
    });
  }

  function tournamentName(id) {
    var found = config.tournaments.filter(function (t) { return t.id === id; })[0];
    return found ? found.name : "";
  }

  function place(el, tile) {
    el.style.left = (tile.x / COLS * 100) + "%";
    el.style.top = (tile.y / ROWS * 100) + "%";
    el.style.width = (tile.w / COLS * 100) + "%";
    el.style.height = (tile.h / ROWS * 100) + "%";
    el.setAttribute("aria-label", names[tile.kind].name + " · " + (tile.x + 1) + "/" + (tile.y + 1) + " · " + tile.w + "×" + tile.h);
    el.querySelector("small").textContent = tile.w + "×" + tile.h +
      (tile.tournament ? " · " + tournamentName(tile.tournament) : "");
  }

  function draw() {
    grid.innerHTML = "";
    tiles.forEach(function (tile, index) {
      var el = document.createElement("div");
      el.className = "le-tile le-kind-" + tile.kind + (index === selected ? " selected" : "");
      el.tabIndex = 0;
      el.dataset.index = index;
      el.dataset.kind = tile.kind;
      el.setAttribute("role", "button");
      var title = document.createElement("b");
      title.textContent = names[tile.kind].name;
      el.appendChild(title);
      el.appendChild(document.createElement("small"));
      var handle = document.createElement("span");
      handle.className = "le-handle";
      el.appendChild(handle);
      place(el, tile);
      grid.appendChild(el);
    });
    showProps();
  }

  function changed() {
    dirty = true;
    setStatus("");
    draftSoon();
  }

  function select(index, focus) {
    selected = index;
    var nodes = grid.querySelectorAll(".le-tile");
    for (var i = 0; i < nodes.length; i++) nodes[i].classList.toggle("selected", i === index);
    showProps();
    if (focus && nodes[index]) nodes[index].focus();
  }

  /* -- pointer: drag to move, drag the corner to size -------------------- */

  function cellAt(event) {
    var rect = grid.getBoundingClientRect();
    return {
      x: Math.floor((event.clientX - rect.left) / rect.width * COLS),
      y: Math.floor((event.clientY - rect.top) / rect.height * ROWS)
    };
  }

  var drag = null;
  grid.addEventListener("pointerdown", function (event) {
    var el = event.target.closest(".le-tile");
    if (!el) return;
    var index = Number(el.dataset.index);
    select(index, true);
    if (readonly) return;
    var cell = cellAt(event);
    var tile = tiles[index];
    drag = { index: index, el: el, resize: event.target.classList.contains("le-handle"),
      dx: cell.x - tile.x, dy: cell.y - tile.y };
    el.classList.add("dragging");
    el.setPointerCapture(event.pointerId);
    event.preventDefault();
  });
  grid.addEventListener("pointermove", function (event) {
    if (!drag) return;
    var cell = cellAt(event);
    var tile = tiles[drag.index];
    var candidate = Object.assign({}, tile);
    if (drag.resize) {
      candidate.w = cell.x - tile.x + 1;
      candidate.h = cell.y - tile.y + 1;
    } else {
      candidate.x = cell.x - drag.dx;
      candidate.y = cell.y - drag.dy;
    }
    if ((candidate.x !== tile.x || candidate.y !== tile.y || candidate.w !== tile.w || candidate.h !== tile.h) &&
        fits(candidate, drag.index)) {
      tiles[drag.index] = candidate;
      place(drag.el, candidate);
      changed();
    }
  });
  function endDrag() {
    if (!drag) return;
    drag.el.classList.remove("dragging");
    drag = null;
  }
  grid.addEventListener("pointerup", endDrag);
  grid.addEventListener("pointercancel", endDrag);

  /* -- keyboard: arrows move, Shift+arrows size, Delete removes ---------- */

  var STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  grid.addEventListener("keydown", function (event) {
    var el = event.target.closest(".le-tile");
    if (!el || readonly) return;
    var index = Number(el.dataset.index);
    if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      remove(index);
      return;
    }
    var step = STEPS[event.key];
    if (!step) return;
    event.preventDefault();
    var candidate = Object.assign({}, tiles[index]);
    if (event.shiftKey) { candidate.w += step[0]; candidate.h += step[1]; }
    else { candidate.x += step[0]; candidate.y += step[1]; }
    if (fits(candidate, index)) {
      tiles[index] = candidate;
      place(el, candidate);
      changed();
    }
    select(index, false);
  });
  grid.addEventListener("focusin", function (event) {
    var el = event.target.closest(".le-tile");
    if (el && Number(el.dataset.index) !== selected) select(Number(el.dataset.index), false);
  });

  /* -- the panel: add, the chosen tile's tournament and options, remove --- */

  function freeSpot(w, h) {
    for (var y = 0; y + h <= ROWS; y++) {
      for (var x = 0; x + w <= COLS; x++) {
        if (fits({ x: x, y: y, w: w, h: h }, -1)) return { x: x, y: y };
      }
    }
    return null;
  }

  function add(kind) {
    var sizes = [[3, 2], [2, 2], [2, 1], [1, 1]];
    for (var i = 0; i < sizes.length; i++) {
      var spot = freeSpot(sizes[i][0], sizes[i][1]);
      if (spot) {
        tiles.push({ kind: kind, x: spot.x, y: spot.y, w: sizes[i][0], h: sizes[i][1] });
        changed();
        draw();
        select(tiles.length - 1, true);
        return;
      }
    }
    setStatus(config.labels_full || "", true);
  }

  function remove(index) {
    tiles.splice(index, 1);
    selected = null;
    changed();
    draw();
  }

  function fill(select, rows, current) {
    if (!select) return;
    var first = select.options[0];
    select.innerHTML = "";
    select.appendChild(first);
    rows.forEach(function (row) {
      var option = document.createElement("option");
      option.value = row.id;
      option.textContent = row.name || "#" + row.id;
      option.selected = row.id === current;
      select.appendChild(option);
    });
  }

  function showProps() {
    var box = $("le-props");
    if (!box) return;
    var tile = tiles[selected];
    box.hidden = !tile;
    if (!tile) return;
    $("le-props-title").textContent = names[tile.kind].name;
    $("le-tournament-box").hidden = names[tile.kind].room;
    fill($("le-tournament"), config.tournaments, tile.tournament);
    $("le-text-box").hidden = tile.kind !== "text";
    $("le-text").value = (tile.options && tile.options.text) || "";
    $("le-image-box").hidden = tile.kind !== "image";
    fill($("le-image"), config.images, tile.options && tile.options.image);
  }

  function setOption(key, value) {
    var tile = tiles[selected];
    if (!tile) return;
    tile.options = Object.assign({}, tile.options || {});
    if (value === "" || value === null) delete tile.options[key]; else tile.options[key] = value;
    if (!Object.keys(tile.options).length) delete tile.options;
    changed();
  }

  if (!readonly) {
    $("le-add").addEventListener("click", function () { add($("le-kind").value); });
    $("le-remove").addEventListener("click", function () { if (selected !== null) remove(selected); });
    $("le-tournament").addEventListener("change", function (event) {
      var tile = tiles[selected];
      if (!tile) return;
      if (event.target.value) tile.tournament = Number(event.target.value); else delete tile.tournament;
      place(grid.querySelectorAll(".le-tile")[selected], tile);
      changed();
    });
    $("le-text").addEventListener("input", function (event) { setOption("text", event.target.value); });
    $("le-image").addEventListener("change", function (event) {
      setOption("image", event.target.value ? Number(event.target.value) : null);
    });
    $("le-name").addEventListener("input", changed);
    $("le-save").addEventListener("click", save);
  }

  /* -- save, and the preview of what was saved ------------------------------ */

  function setStatus(text, bad) {
    var status = $("le-status");
    if (!status) return;
    status.textContent = text;
    status.className = bad ? "error" : "";
  }

  function save() {
    var body = { name: $("le-name").value, tiles: tiles.map(clean) };
    fetch(config.api, {
      method: "PUT",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": config.csrf },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().then(function (data) { return { ok: response.ok, data: data }; });
    }).then(function (answer) {
      if (!answer.ok) { setStatus(answer.data.detail || "", true); return; }
      dirty = false;
      setStatus(config.labels_saved || "✓");
      preview();
    }).catch(function () { setStatus(config.labels_failed || "", true); });
  }

  var pick = $("le-preview-tournament");
  var frame = $("le-preview");
  function preview() {
    var id = pick.value;
    $("le-no-preview").hidden = !!id;
    frame.hidden = !id;
    if (!id) return;
    setPreviewStatus("");
    frame.contentWindow.location.replace(config.preview.replace("{tournament}", id) + "&t=" + Date.now());
  }

  function setPreviewStatus(text) {
    var status = $("le-preview-status");
    status.textContent = text;
    status.hidden = !text;
  }

  /* The tiles as they stand, drawn by the server's tile markup in the frame. */
  var draftTimer = null, draftToken = 0;
  function draftSoon() {
    clearTimeout(draftTimer);
    draftTimer = setTimeout(draft, 250);
  }
  function draft() {
    var win = frame.contentWindow, doc = frame.contentDocument;
    if (!dirty || !pick.value || !win || !win.TileBoard || !doc.querySelector(".tiles-root")) return;
    var token = ++draftToken;
    var body = new URLSearchParams({ tiles: JSON.stringify(tiles.map(clean)), tournament: pick.value });
    fetch(config.draft + "?lang=" + encodeURIComponent(doc.documentElement.lang || ""), {
      method: "POST",
      credentials: "same-origin",
      headers: { "X-CSRFToken": config.csrf },
      body: body
    }).then(function (response) {
      if (token !== draftToken) return;
      if (!response.ok) {
        return response.json().then(function (data) { setPreviewStatus(data.detail || config.labels_failed); });
      }
      return response.text().then(function (html) {
        if (token !== draftToken || frame.contentWindow !== win) return;
        setPreviewStatus("");
        mountDraft(win, doc, html);
      });
    }).catch(function () { setPreviewStatus(config.labels_failed || ""); });
  }
  function mountDraft(win, doc, html) {
    if (win.TileBoard.current) win.TileBoard.current.stop();
    [".tiles-root", "#screen-labels", "#screen-config", "#tile-snapshots"].forEach(function (selector) {
      var old = doc.querySelector(selector);
      if (old) old.parentNode.removeChild(old);
    });
    doc.body.insertAdjacentHTML("afterbegin", html);
    win.TileBoard.current = win.TileBoard.mount(doc);
  }
  function scalePreview() {
    var frame = $("le-preview");
    var box = frame.parentNode.getBoundingClientRect();
    frame.style.transform = "scale(" + (box.width / 1920) + ")";
  }
  config.tournaments.forEach(function (t) {
    var option = document.createElement("option");
    option.value = t.id;
    option.textContent = t.name;
    pick.appendChild(option);
  });
  pick.addEventListener("change", preview);
  frame.addEventListener("load", draft);
  window.addEventListener("resize", scalePreview);
  window.addEventListener("beforeunload", function (event) { if (dirty) event.preventDefault(); });

  draw();
  scalePreview();
  preview();
})();
