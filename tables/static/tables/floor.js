// Floor tablet (README "Screen messages"): one renderer for the map. The page
// carries the floor snapshot of its area (#floor-snapshot); the first paint is
// drawn from it, and each floor message is applied to the same state and drawn
// by the same code: the table rows it carries, the moves, the alerts, the
// alternates, the summary and the clock calls (their HTML by floor_draw.js).
// The words and links come from the server (#floor-tablet), the connection
// (reconnects, gaps, offline polling) from static/js/live.js. Nothing is fetched after a message. A large
// floor shows one area (?tables=1-40), remembered on this tablet; rows of other
// tables are ignored for the map.
//
// The tablet's own actions (a bust, a move done, the next hand, an undo) are
// forms marked data-fetch: sent with fetch to the same endpoints, answered as
// JSON, their words shown in place; the map changes when the message of the
// write arrives, as on every other tablet. No page is loaded again.
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
  // The table (and seat) a search found: marked in its drawing, shown once drawn.
  var found = tablet.found || [null, null];

  var csrf = "";
  try { csrf = JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; } catch (e) { /* none */ }
  var lang = document.documentElement.lang || "en";
  var grouped = window.Intl ? new Intl.NumberFormat(lang, { maximumFractionDigits: 0, useGrouping: true }) : null;

  var esc = Live.escape;
  // The drawing of tables, moves and side boxes: floor_draw.js (loaded before this file).
  var drawing = window.FloorDraw({
    labels: labels, tablet: tablet, csrf: csrf, grouped: grouped, state: function () { return state; }
  });
  var link = drawing.link, post = drawing.post, calledSeats = drawing.calledSeats, tableHtml = drawing.tableHtml;
  var movesHtml = drawing.movesHtml, alertsHtml = drawing.alertsHtml, alternatesHtml = drawing.alternatesHtml;
  var countsHtml = drawing.countsHtml;

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

  function replaceWith(node, html) {
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.firstElementChild;
    if (node) node.replaceWith(fresh);
    return fresh;
  }

  /* Redraw a box of the side column when its drawing changed. */
  function fill(id, html) {
    var box = document.getElementById(id);
    if (box && box.dataset.drawn !== html) {
      box.innerHTML = html;
      box.dataset.drawn = html;
    }
  }

  // The floor's conflicts (the conflicts part; README "When the network drops"):
  // the count on every tablet, the list with a director's resolve forms, drawn
  // by floor_conflicts.js and sent with fetch as the tablet's other actions.
  var conflicts = window.FloorConflicts ? window.FloorConflicts({
    escape: esc, post: post, link: link, labels: L, links: links, resolve: !!tablet.resolve
  }) : null;
  function drawConflicts() {
    if (!conflicts) return;
    fill("floor-conflicts", conflicts.list(state.conflicts));
    fill("floor-conflict-count", conflicts.badge(state.conflicts));
  }

  /* Draw what changed: each table whose drawing differs, the moves, the alerts, the counts. */
  function draw() {
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
    Array.prototype.slice.call(list.querySelectorAll(".table-card")).forEach(function (node) {
      var number = Number(node.id.replace("table-", ""));
      if (!keep[number]) { node.remove(); delete drawn[number]; }
    });
    fill("floor-moves", movesHtml(moves, tables));
    fill("floor-alerts", alertsHtml());
    fill("floor-alternates", alternatesHtml());
    drawConflicts();
    var layout = root.querySelector(".floor-layout");
    if (layout) layout.classList.toggle("with-side", !!root.querySelector(".floor-side .moves-alert, .floor-side .alternates-card"));
    var counts = document.getElementById("floor-counts");
    if (counts) {
      var text = countsHtml();
      if (counts.innerHTML !== text) counts.innerHTML = text;
    }
    var seated = tables.some(function (t) { return t.players.length; });
    var notDrawn = document.getElementById("floor-not-drawn");
    if (notDrawn && seated) notDrawn.hidden = true;
    var legend = document.getElementById("positions-legend");
    if (legend) legend.hidden = !seated;
    tickCalls();
    if (window.OfflineQueue) OfflineQueue.drawn(); // README "When the network drops"
  }

  function fromSnapshot(snapshot) {
    state = {
      tables: (snapshot.tables || []).filter(function (t) { return shownHere(t.number); }),
      moves: snapshot.moves || [],
      summary: snapshot.summary || {},
      alternates: snapshot.alternates || [],
      floor_alerts: snapshot.floor_alerts || [],
      conflicts: snapshot.conflicts || null,
      clock_calls: snapshot.clock_calls || []
    };
  }

  // The first paint: the snapshot the page carries, drawn as any message is.
  var first = Live.readJson("floor-snapshot");
  if (first) {
    fromSnapshot(first);
    draw();
    shown = first.version;
    root.dataset.version = String(shown);
    var hit = found[0] && document.getElementById("table-" + found[0]);
    if (hit) hit.scrollIntoView({ block: "start" });
  }

  var alertFloorCall = Live.floorCallAlerts(labels);
  var connection = Live.connect({
    // A tablet showing one area gets the rows of its area in its snapshots.
    path: "/ws/tournaments/" + root.dataset.tournament + "/floor" +
      (tablet.area ? "?tables=" + encodeURIComponent(root.dataset.area) : ""),
    labels: labels,
    onSnapshot: function (snapshot) {
      // The page's own version again: drawn already, so nothing changes on the map.
      fromSnapshot(snapshot);
      draw();
      if (typeof snapshot.version === "number") shown = Math.max(shown, snapshot.version);
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
      if (Live.applyParts(state, mine).length) draw();
      root.dataset.version = String(shown);
    }
  });
  // Kept on the tablet while the server is away (README "When the network drops").
  if (window.OfflineQueue) {
    OfflineQueue.attach({
      version: function () { return shown; },
      snapshot: function () { return state && Object.assign({ version: shown }, state); },
      apply: function (kept) {
        fromSnapshot(kept);
        shown = Math.max(shown, kept.version);
        root.dataset.version = String(shown);
        draw();
      },
      refresh: function () { connection.requestSnapshot(); },
      offset: function () { return connection.offset; }
    });
  }
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

  /* -- the tablet's own actions: sent with fetch, answered in place ---------- */

  // What the server said, at the foot of the screen wherever the map is
  // scrolled: a bust with its undo, a move carried out, or why not.
  function sayList() {
    var list = document.querySelector("ul.messages");
    if (!list) {
      list = document.createElement("ul");
      list.className = "messages";
      var main = document.querySelector("main");
      main.parentNode.insertBefore(list, main);
    }
    return list;
  }

  function sayHtml(message) {
    var undo = /(?:^|\s)undo-(\d+)(?:\s|$)/.exec(message.tags || "");
    var error = message.level === "error";
    return '<li class="' + esc(message.level) + '" role="' + (error ? "alert" : "status") + '">' +
      esc(message.text) +
      (undo ? " · " + post(link(links.undo, undo[1]), "<button>" + esc(L.undo) + "</button>", L.undo_confirm) : "") +
      ' <button type="button" class="said-close" aria-label="' + esc(L.close) + '">×</button></li>';
  }

  function say(messages) {
    var list = sayList();
    list.innerHTML = messages.map(sayHtml).join("");
  }

  // A refused action in the seat panel is said there, above its forms.
  function refused(text, form) {
    if (!dialog || !dialog.open || !dialog.contains(form)) {
      say([{ level: "error", text: text }]);
      return;
    }
    var box = dialog.querySelector(".said-refused");
    if (!box) {
      box = document.createElement("p");
      box.className = "said-refused error";
      box.setAttribute("role", "alert");
      var panel = document.getElementById("seat-panel");
      panel.insertBefore(box, panel.firstElementChild ? panel.firstElementChild.nextSibling : null);
    }
    box.textContent = text;
  }

  function send(form, submitter) {
    var body = new FormData(form);
    if (submitter && submitter.name) body.append(submitter.name, submitter.value);
    var buttons = form.querySelectorAll("button");
    Array.prototype.forEach.call(buttons, function (button) { button.disabled = true; });
    (window.OfflineQueue ? OfflineQueue.fetch : fetch)(form.action, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      headers: { Accept: "application/json", "X-CSRFToken": csrf }
    }).then(function (response) {
      return response.json().catch(function () { return null; }).then(function (answer) {
        if (response.ok && answer && answer.messages) {
          if (dialog && dialog.open && dialog.contains(form)) dialog.close();
          say(answer.messages);
        } else {
          refused(answer && answer.detail ? answer.detail : Live.fill(L.refused, { status: response.status }), form);
        }
      });
    }, function () {
      refused(L.not_sent, form);
    }).then(function () {
      Array.prototype.forEach.call(buttons, function (button) { button.disabled = false; });
    });
  }

  // After page_actions.js: a form it asked about and was told no is not sent.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (event.defaultPrevented || !form.matches || !form.matches("form[data-fetch]")) return;
    event.preventDefault();
    send(form, event.submitter);
  });
  document.addEventListener("click", function (event) {
    var close = event.target.closest && event.target.closest(".said-close");
    if (close) close.closest("li").remove();
  });
})();
