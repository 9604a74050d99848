/* offline_queue.js: the floor tablet and the table view while the server is
 * away (README "When the network drops").
 *
 * - The page's actions go through OfflineQueue.fetch: each gets its
 *   Idempotency-Key and its device time when taken. With the server there it is
 *   sent at once; with no server (a network error, 502, 503 or 504) it is kept
 *   in IndexedDB (store "queue", in the order taken) and answered 202 on the
 *   spot with "pending" words, so the page draws it as pending, never as saved.
 * - The server is away when the socket is closed and a request fails; then a
 *   banner says so with the time of the page's last data, and a probe (the
 *   socket's snapshot over HTTP, ?since=version) asks every few seconds.
 * - When the server answers again (the socket's snapshot, or the probe), the
 *   queue is sent one action at a time, in the order taken, with the headers
 *   Idempotency-Key, Device-Time, Device-Name and Offline-Queue: 1. A 2xx (or
 *   a replayed answer) and a refusal (403, 404, 409, 422: the server records
 *   the conflict) take it off the queue; a network failure keeps it and stops
 *   until the next reconnect. Then the page asks for the server's snapshot.
 * - The page's last state is kept too (store "snapshots"): a reload with no
 *   server (the service worker, static/js/offline_sw.js, keeps the page) draws
 *   the newest of the page's snapshot and the kept one.
 * - A device clock more than 10 s off the server's is warned about on connect.
 * No library: the plain IndexedDB API.
 */
(function () {
  "use strict";

  var node = document.getElementById("offline-config");
  var config = node ? JSON.parse(node.textContent) : {};
  var W = config.words || {};
  var DB = "td-offline";
  var AWAY_STATUS = { 502: true, 503: true, 504: true };
  var HOLD_STATUS = { 401: true, 408: true, 429: true };
  var PROBE_EVERY = 5000;
  var SEND_TIMEOUT = 15000;
  var SKEW_LIMIT = 10000;

  var page = null; // what the page gave attach()
  var items = []; // the queue as last read, in the order taken
  var refused = []; // what the replay was refused this session: [{label, why}]
  var away = false;
  var socketOnline = false;
  var replaying = false;
  var held = false; // signed out: wait for a sign-in
  var dataAt = config.rendered_at || Date.now();
  var applyingKept = false;
  var timers = {};
  var notices = {}; // the words said for each kept action

  function fill(template, values) { return window.Live ? Live.fill(template, values) : String(template || ""); }
  function esc(value) { return window.Live ? Live.escape(value) : String(value); }

  /* -- IndexedDB ------------------------------------------------------------ */

  var opened = null;
  function db() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        var request = window.indexedDB.open(DB, 1);
        request.onupgradeneeded = function () {
          var d = request.result;
          if (!d.objectStoreNames.contains("queue")) d.createObjectStore("queue", { keyPath: "seq", autoIncrement: true });
          if (!d.objectStoreNames.contains("snapshots")) d.createObjectStore("snapshots", { keyPath: "page" });
        };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    }
    return opened;
  }

  function idb(store, mode, work) {
    return db().then(function (d) {
      return new Promise(function (resolve, reject) {
        var t = d.transaction(store, mode);
        var request = work(t.objectStore(store));
        t.oncomplete = function () { resolve(request ? request.result : undefined); };
        t.onerror = t.onabort = function () { reject(t.error); };
      });
    });
  }

  function readQueue() {
    return idb("queue", "readonly", function (s) { return s.getAll(); }).then(function (list) {
      items = (list || []).sort(function (a, b) { return a.seq - b.seq; });
      return items;
    });
  }

  /* -- the device: its name, its keys, its time ------------------------------ */

  function stored(name, make) {
    var value = null;
    try { value = window.localStorage.getItem(name); } catch (e) { /* private mode */ }
    if (!value) {
      value = make();
      try { window.localStorage.setItem(name, value); } catch (e) { /* private mode */ }
    }
    return value;
  }

  function randomHex(bytes) {
    var buffer = new Uint8Array(bytes);
    window.crypto.getRandomValues(buffer);
    return Array.prototype.map.call(buffer, function (b) { return (b < 16 ? "0" : "") + b.toString(16); }).join("");
  }

  function deviceName() {
    return stored("td-device-name", function () { return "tablet-" + randomHex(2); });
  }

  function newKey() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    // Not a secure context (plain http on the LAN): the device's name and a counter.
    var counter = Number(stored("td-device-counter", function () { return "0"; })) + 1;
    try { window.localStorage.setItem("td-device-counter", String(counter)); } catch (e) { /* private mode */ }
    return (deviceName().slice(0, 60) + "-" + counter + "-" + randomHex(4)).replace(/[^\w.-]/g, "_");
  }

  function two(n) { return (n < 10 ? "0" : "") + n; }

  /* ISO 8601 with the device's offset: 2026-11-28T21:47:03.120+01:00. */
  function deviceTime(ms) {
    var d = new Date(ms);
    var offset = -d.getTimezoneOffset();
    var abs = Math.abs(offset);
    var millis = String(d.getMilliseconds());
    while (millis.length < 3) millis = "0" + millis;
    return d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate()) + "T" + two(d.getHours()) +
      ":" + two(d.getMinutes()) + ":" + two(d.getSeconds()) + "." + millis +
      (offset < 0 ? "-" : "+") + two(Math.floor(abs / 60)) + ":" + two(abs % 60);
  }

  function clockTime(ms) {
    var d = new Date(ms);
    return two(d.getHours()) + ":" + two(d.getMinutes());
  }

  function csrf() {
    var match = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie || "");
    if (match) return decodeURIComponent(match[1]);
    try { return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || ""; } catch (e) { return ""; }
  }

  /* -- what an action is ---------------------------------------------------- */

  function pattern(link) {
    return new RegExp("^" + link.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace("/0/", "/(\\d+)/")
      .replace(/\/0$/, "/(\\d+)").replace("{action}", "(done|cancel)") + "$");
  }

  function field(pairs, name) {
    for (var i = 0; i < pairs.length; i++) if (pairs[i][0] === name) return pairs[i][1];
    return null;
  }

  /* A name and a table number for what an action targets, from the page's state. */
  function lookUp(meta) {
    var state = page && page.snapshot ? page.snapshot() : null;
    var said = {};
    if (!state) return said;
    (state.tables || []).forEach(function (table) {
      if (meta.table_id === table.id) said.table = table.number;
      (table.players || []).forEach(function (p) {
        if (meta.entries && meta.entries.indexOf(p.entry) >= 0) {
          said.name = said.name ? said.name + ", " + p.name : p.name;
          said.table = table.number;
        }
      });
    });
    (state.moves || []).forEach(function (m) {
      if (meta.move === m.id) said.name = m.name;
    });
    return said;
  }

  /* The kind of an action, its targets (entries, move, table, seat) and its words. */
  function describe(url, pairs) {
    var path = new URL(url, window.location.href).pathname;
    var links = config.links || {};
    var found = lookUp;
    var meta = { kind: "action" };
    Object.keys(links).some(function (kind) {
      var match = pattern(links[kind]).exec(path);
      if (!match) return false;
      var id = Number(match[1]);
      meta.kind = kind.replace(/^api_/, "");
      if (kind === "bust") {
        meta.entries = [id].concat(pairs.filter(function (p) { return p[0] === "same_hand"; })
          .map(function (p) { return Number(p[1]); }));
      } else if (kind === "penalty") {
        meta.entries = [id];
      } else if (kind === "move") {
        meta.kind = "move_" + match[2];
        meta.move = id;
      } else if (kind === "clock_call") {
        meta.table = Number(field(pairs, "table"));
        meta.seat = Number(field(pairs, "seat"));
      } else if (kind !== "undo") {
        meta.table = (found({ table_id: id }).table) || null;
        meta.table_id = id;
        if (kind === "button") meta.seat = Number(field(pairs, "seat"));
      }
      return true;
    });
    var who = found(meta);
    meta.label = fill(W[meta.kind] || W.action, {
      name: who.name || "", table: meta.table || who.table || "", seat: meta.seat || ""
    });
    return meta;
  }

  /* An action as kept: the request to repeat and what it is. */
  function take(url, init) {
    var headers = {};
    Object.keys(init.headers || {}).forEach(function (name) {
      if (name.toLowerCase() !== "x-csrftoken") headers[name] = init.headers[name];
    });
    var pairs = [];
    var body = init.body;
    if (body && typeof body !== "string") {
      // A form: sent as fields; its CSRF token is the page's at sending time.
      body.forEach(function (value, name) {
        if (name !== "csrfmiddlewaretoken" && typeof value === "string") pairs.push([name, value]);
      });
      body = null;
      headers["Content-Type"] = "application/x-www-form-urlencoded";
    }
    var taken = Date.now();
    return {
      key: newKey(),
      url: new URL(url, window.location.href).pathname + new URL(url, window.location.href).search,
      method: init.method || "POST",
      headers: headers,
      body: body || null,
      fields: pairs,
      taken_at: taken,
      device_time: deviceTime(taken),
      device: deviceName(),
      page: config.page,
      meta: describe(url, pairs)
    };
  }

  function transmit(action, replay) {
    var headers = Object.assign({}, action.headers, {
      "X-CSRFToken": csrf(),
      "Idempotency-Key": action.key,
      "Device-Time": action.device_time,
      "Device-Name": action.device
    });
    if (replay) headers["Offline-Queue"] = "1";
    var body = action.body;
    if (body === null && action.fields) {
      body = new URLSearchParams();
      action.fields.forEach(function (p) { body.append(p[0], p[1]); });
      body = body.toString();
    }
    var controller = window.AbortController ? new AbortController() : null;
    var timer = controller ? setTimeout(function () { controller.abort(); }, SEND_TIMEOUT) : null;
    return fetch(action.url, {
      method: action.method,
      credentials: "same-origin",
      cache: "no-store",
      headers: headers,
      body: body,
      signal: controller ? controller.signal : undefined
    }).then(function (response) { clearTimeout(timer); return response; },
      function (error) { clearTimeout(timer); throw error; });
  }

  function keep(action) {
    return idb("queue", "readwrite", function (s) { return s.add(action); }).then(function (seq) {
      action.seq = seq;
      items.push(action);
      var text = fill(W.queued, { what: action.meta.label });
      notices[text] = true; // said at the foot by the page: taken away after the replay
      show();
      return new Response(JSON.stringify({
        queued: true,
        key: action.key,
        messages: [{ level: "warning", text: text, tags: "pending" }]
      }), { status: 202, headers: { "Content-Type": "application/json" } });
    });
  }

  /* The page's fetch for its own actions: sent now, or kept and answered 202. */
  function send(url, init) {
    var action = take(url, init || {});
    if (away || items.length || replaying) return keep(action).then(function (r) { probeSoon(0); return r; });
    return transmit(action, false).then(function (response) {
      if (AWAY_STATUS[response.status]) { goAway(); return keep(action); }
      return response;
    }, function () {
      goAway();
      return keep(action);
    });
  }

  /* -- away and back -------------------------------------------------------- */

  function goAway() {
    if (!away) { away = true; show(); }
    probeSoon(PROBE_EVERY);
  }

  function probeSoon(delay) {
    clearTimeout(timers.probe);
    timers.probe = setTimeout(probe, delay);
  }

  function probeUrl() {
    var url = config.probe || "";
    var version = page && page.version ? page.version() : null;
    if (typeof version === "number") url += (url.indexOf("?") < 0 ? "?" : "&") + "since=" + version;
    return url;
  }

  function probe() {
    if (!config.probe) return;
    var sent = Date.now();
    fetch(probeUrl(), { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (response) {
        if (response.status !== 200 && response.status !== 204) {
          if (AWAY_STATUS[response.status]) goAway();
          return;
        }
        var body = response.status === 200 ? response.json().catch(function () { return null; }) : Promise.resolve(null);
        return body.then(function (snapshot) {
          checkSkew(response, snapshot, sent, Date.now());
          back();
        });
      }, function () {
        if (!socketOnline || items.length) goAway();
      });
  }

  function back() {
    clearTimeout(timers.probe);
    var was = away;
    away = false;
    if (was) show();
    replay();
  }

  /* On connect: the socket's clock offset (live.js measures it from its pings). */
  function checkOffset() {
    if (!page || !page.offset) return;
    var offset = page.offset();
    if (typeof offset === "number") showSkew(offset);
  }

  function showSkew(skew) {
    var box = banner("offline-skew");
    box.hidden = Math.abs(skew) <= SKEW_LIMIT;
    box.textContent = fill(W.skew, { seconds: Math.round(Math.abs(skew) / 1000) });
  }

  /* The server's time from the snapshot (server_time), else the answer's Date. */
  function checkSkew(response, snapshot, sent, received) {
    var server = snapshot && typeof snapshot.server_time === "number" ? snapshot.server_time : null;
    if (server === null) {
      var date = Date.parse(response.headers.get("Date") || "");
      if (isNaN(date)) return;
      server = date + 500; // the header counts whole seconds
    }
    showSkew(server - (sent + received) / 2);
  }

  /* -- the replay ----------------------------------------------------------- */

  function locked(work) {
    if (navigator.locks && navigator.locks.request) return navigator.locks.request("td-offline-replay", work);
    return work();
  }

  function replay() {
    if (replaying || held) return;
    replaying = true;
    show();
    locked(function () { return readQueue().then(next); }).then(function (outcome) {
      replaying = false;
      if (outcome === "away") goAway();
      show();
      if (outcome === "done") {
        // The foot's "kept on this tablet" notices are out of date now.
        var said = document.querySelectorAll("ul.messages li");
        for (var i = 0; i < said.length; i++) {
          if (said[i].firstChild && notices[said[i].firstChild.textContent.trim()]) said[i].remove();
        }
        if (page && page.refresh) page.refresh();
      }
    }, function () {
      replaying = false;
      show();
    });
  }

  function next() {
    if (!items.length) return "done";
    var action = items[0];
    return transmit(action, true).then(function (response) {
      // A 5xx is no refusal (README "When the network drops"): kept, tried at the next reconnect.
      if (response.status >= 500) return "away";
      var signedOut = response.redirected && new URL(response.url).pathname.indexOf(config.login) === 0;
      if (HOLD_STATUS[response.status] || signedOut) {
        held = true;
        return "held";
      }
      var wait = Number(response.headers.get("Retry-After"));
      if (response.status === 409 && wait > 0) {
        // Busy for a moment (the server says when to ask again): not a refusal.
        return new Promise(function (resolve) { setTimeout(resolve, Math.min(wait, 30) * 1000); }).then(next);
      }
      return response.json().catch(function () { return null; }).then(function (body) {
        if (!response.ok) {
          refused.push({
            label: action.meta.label,
            why: body && body.detail ? body.detail : fill(W.refused_status, { status: response.status }),
            status: response.status
          });
        }
        return idb("queue", "readwrite", function (s) { return s.delete(action.seq); });
      }).then(function () {
        items.shift();
        show();
        return next();
      });
    }, function () { return "away"; });
  }

  /* -- what the page shows --------------------------------------------------- */

  function banner(id) {
    var box = document.getElementById(id);
    if (!box) {
      box = document.createElement("p");
      box.id = id;
      box.className = id;
      box.setAttribute("role", "alert");
      box.hidden = true;
      var main = document.querySelector("main");
      main.insertBefore(box, main.firstChild);
    }
    return box;
  }

  var CLOCK = '<svg class="pending-clock" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">' +
    '<circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" stroke-width="1.5"/>' +
    '<path d="M8 4v4l2.5 2" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round"/></svg>';

  function pendingHtml() {
    if (!items.length && !refused.length) return "";
    var html = '<section class="card offline-pending">';
    if (items.length) {
      html += "<h2>" + CLOCK + " " + esc(fill(W.pending_title, { n: items.length, count: items.length })) +
        '</h2><p class="muted">' + esc(replaying && !away ? W.sending : W.pending_note) + '</p><ol class="pending-list">' +
        items.map(function (item) {
          return '<li class="is-pending" data-key="' + esc(item.key) + '">' + CLOCK + " <span>" + esc(item.meta.label) +
            '</span> <span class="muted">' + esc(clockTime(item.taken_at)) + '</span> <em class="pending-word">' +
            esc(W.pending) + "</em></li>";
        }).join("") + "</ol>";
    }
    if (refused.length) {
      html += '<h3>' + esc(W.refused_title) + ' <button type="button" class="link" data-refused-close aria-label="' +
        esc(W.close) + '">×</button></h3><ul class="plain refused-list">' + refused.map(function (r) {
        return '<li class="error">' + esc(fill(W.refused, { what: r.label, why: r.why })) + "</li>";
      }).join("") + "</ul>";
    }
    html += '<p class="muted device-name"><button type="button" class="link" data-device-name>' +
      esc(fill(W.device, { name: deviceName() })) + "</button></p>";
    return html + "</section>";
  }

  function show() {
    var box = banner("offline-banner");
    box.hidden = !away && !held;
    var text = esc(held ? W.sign_in : fill(W.banner, { time: clockTime(dataAt) }));
    if (items.length && !held) {
      text += '<span class="offline-banner-more">' + esc(fill(W.banner_pending, { n: items.length, count: items.length })) + "</span>";
    }
    if (box.innerHTML !== text) box.innerHTML = text;
    document.documentElement.classList.toggle("server-away", away);
    var side = document.querySelector(".floor-side") || document.getElementById("tv-panel");
    var card = document.getElementById("offline-pending");
    if (!card && side) {
      card = document.createElement("div");
      card.id = "offline-pending";
      if (side.id === "tv-panel") side.parentNode.insertBefore(card, side.nextSibling);
      else side.insertBefore(card, side.firstChild);
    }
    var html = pendingHtml();
    if (card && card.dataset.drawn !== html) {
      card.innerHTML = html;
      card.dataset.drawn = html;
    }
    if (window.OfflineQueue.decorate) window.OfflineQueue.decorate(items);
  }

  /* -- the page's state, kept ----------------------------------------------- */

  function keepState() {
    clearTimeout(timers.keep);
    timers.keep = setTimeout(function () {
      var snapshot = page && page.snapshot ? page.snapshot() : null;
      if (!snapshot || !config.page) return;
      idb("snapshots", "readwrite", function (s) {
        return s.put({ page: config.page, version: snapshot.version, at: dataAt, snapshot: snapshot });
      }).catch(function () { /* full or refused: the page still works */ });
    }, 300);
  }

  /* Called by the page after each drawing: its data changed (or was redrawn). */
  function drawn() {
    if (!page) return;
    if (!applyingKept) {
      dataAt = Date.now();
      keepState();
    }
    show();
  }

  function attach(options) {
    page = options;
    readQueue().then(function () {
      show();
      if (items.length) probeSoon(0);
    }).catch(function () { /* no IndexedDB: actions are sent as before */ });
    idb("snapshots", "readonly", function (s) { return s.get(config.page); }).then(function (kept) {
      var version = page.version ? page.version() : 0;
      if (!kept || !kept.snapshot || !(kept.version > version)) return;
      applyingKept = true;
      try { page.apply(kept.snapshot); } finally { applyingKept = false; }
      dataAt = kept.at || dataAt;
      show();
    }).catch(function () { /* nothing kept */ });
    registerWorker();
  }

  /* -- the service worker ----------------------------------------------------- */

  function registerWorker() {
    if (!config.worker || !("serviceWorker" in navigator) || !window.isSecureContext) return;
    // Ask the browser not to evict the kept pages and the queue under pressure.
    if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(function () { /* asked */ });
    // The worker keeps this page itself when it first runs (offline_sw.js).
    navigator.serviceWorker.register(config.worker, { scope: "/" }).catch(function () {
      /* no worker: the page still works online */
    });
  }

  /* -- events ----------------------------------------------------------------- */

  document.addEventListener("live:status", function (event) {
    socketOnline = event.detail.online;
    if (socketOnline) {
      held = false;
      // Back: the queue goes out; the clock is compared once the socket's pings
      // have measured the offset (no request of its own on a quiet connect).
      if (items.length || away) probe();
      clearTimeout(timers.skew);
      timers.skew = setTimeout(checkOffset, 2500);
    } else if (!event.detail.quiet) {
      probeSoon(0);
    }
  });
  document.addEventListener("live:reachable", function () { if (away || items.length) probeSoon(0); });
  window.addEventListener("online", function () { probeSoon(0); });
  window.addEventListener("offline", function () { goAway(); });
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-refused-close]")) {
      refused = [];
      show();
      return;
    }
    var button = event.target.closest && event.target.closest("[data-device-name]");
    if (!button) return;
    var name = window.prompt(W.device_prompt, deviceName());
    if (name && name.trim()) {
      try { window.localStorage.setItem("td-device-name", name.trim().slice(0, 60)); } catch (e) { /* private mode */ }
      show();
    }
  });

  window.OfflineQueue = {
    fetch: send,
    attach: attach,
    drawn: drawn,
    isAway: function () { return away; },
    goAway: goAway,
    items: function () { return items.slice(); },
    state: function () { return page && page.snapshot ? page.snapshot() : null; },
    words: W,
    links: config.links || {},
    clock: CLOCK,
    deviceName: deviceName,
    decorate: null
  };
})();
