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
 *   queue is sent in the order taken: more than one action in one request
 *   (POST /api/v1/offline-queue, each still its own write), else one at a
 *   time, with the headers
 *   Idempotency-Key, Device-Time, Device-Name and Offline-Queue: 1. A 2xx (or
 *   a replayed answer) and a refusal (403, 404, 409, 422: the server records
 *   the conflict) take it off the queue; a network failure keeps it and stops
 *   until the next reconnect. Then the page asks for the server's snapshot.
 * - The page's last state is kept too (store "snapshots"): a reload with no
 *   server (the service worker, static/js/offline_sw.js, keeps the page) draws
 *   the newest of the page's snapshot and the kept one.
 * - A device clock more than 10 s off the server's is warned about on connect.
 * What the device keeps is offline_store.js; what an action is and how it is
 * sent, offline_actions.js (both loaded before this file).
 */
(function () {
  "use strict";

  var node = document.getElementById("offline-config");
  var config = node ? JSON.parse(node.textContent) : {};
  var W = config.words || {};
  var AWAY_STATUS = { 502: true, 503: true, 504: true };
  var HOLD_STATUS = { 401: true, 408: true, 429: true };
  var PROBE_EVERY = 5000;
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

  var Store = window.OfflineStore;
  var idb = Store.idb, deviceName = Store.deviceName, clockTime = Store.clockTime;
  var actions = window.OfflineActions(config, function () { return page && page.snapshot ? page.snapshot() : null; });
  var take = actions.take, transmit = actions.transmit;

  function readQueue() {
    return idb("queue", "readonly", function (s) { return s.getAll(); }).then(function (list) {
      items = (list || []).sort(function (a, b) { return a.seq - b.seq; });
      return items;
    });
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
    locked(function () { return readQueue().then(start); }).then(function (outcome) {
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

  /* More than one action: in one request (offline_actions.js), each still its
   * own write with its own key. The tournament busy: after its Retry-After, in
   * one request again; anything else left: one by one from there. */
  function start() {
    return actions.transmitQueue(items).then(function (answer) {
      if (answer === null) return next();
      if (answer === "away") return answer;
      refused = refused.concat(answer.refused);
      return idb("queue", "readwrite", function (s) {
        var last = null;
        answer.done.forEach(function (item) { last = s.delete(item.seq); });
        return last;
      }).then(function () {
        items = items.filter(function (item) { return answer.done.indexOf(item) < 0; });
        show();
        if (!items.length) return "done";
        if (answer.wait > 0 && answer.done.length) {
          return new Promise(function (resolve) { setTimeout(resolve, Math.min(answer.wait, 30) * 1000); }).then(start);
        }
        return next();
      });
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
