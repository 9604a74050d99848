/* live.js: the one websocket module every screen uses.
 *
 * - connects to /ws/tournaments/{id}/display|floor, reconnects by itself with
 *   exponential backoff and full jitter (also when the browser comes back
 *   online or the socket goes silent);
 * - shows an offline indicator on every [data-live-status] element;
 * - tracks the tournament version: a message that skips a version asks for a
 *   fresh snapshot, stale messages are dropped;
 * - when the server reports that live pushes are down ({type: "live", state:
 *   "degraded"}: Redis unreachable) or the socket is closed, polls the same
 *   snapshot over HTTP (/live/..., ?since=version) every few seconds and shows
 *   every [data-live-banner] element; when pushes are back ({state: "ok"})
 *   it stops polling and asks once for what it missed;
 * - respects the server's limit on snapshot requests ({type: "throttled"});
 * - estimates the offset to the server clock from ping/pong (NTP style,
 *   the sample with the shortest round trip wins), so screens side by side
 *   count down the same second;
 * - Live.clockAt() counts a clock payload down locally, through an outage and
 *   over one level boundary;
 * - Live.applyParts() is the one way a screen applies a message: every part of
 *   the catalogue (README "Screen messages") replaces the screen's copy of it,
 *   table rows replace the rows of the same id. No screen branches on the
 *   message's type to change its state.
 * No dependencies, no outside requests.
 */
(function () {
  "use strict";

  var BASE_DELAY = 500;
  var MAX_DELAY = 30000;
  var PING_EVERY = 20000;
  var SILENCE_LIMIT = 50000;
  var POLL_EVERY = 4000;

  /* The server answered this page (a socket opened, a poll came back): the
   * page's other sockets (a named screen's own, signage.js) reconnect at once
   * instead of waiting out their backoff, so a screen says "offline" only
   * while it is (README "Screen messages"). */
  function reachable() {
    document.dispatchEvent(new CustomEvent("live:reachable"));
  }

  function wsUrl(path) {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    return scheme + window.location.host + path;
  }

  function Connection(options) {
    this.path = options.path;
    // The socket's snapshot over HTTP: /ws/tournaments/1/display -> /live/tournaments/1/display
    this.snapshotUrl = options.snapshotUrl || this.path.replace(/^\/ws\//, "/live/");
    this.onSnapshot = options.onSnapshot || function () {};
    this.onMessage = options.onMessage || function () {};
    this.onStatus = options.onStatus || function () {};
    this.labels = options.labels || {};
    this.version = null;
    this.online = false;
    this.degraded = false; // the server cannot push (Redis down): poll instead
    this.offset = 0; // server time minus local time, in ms
    this.bestRtt = Infinity;
    this.attempt = 0;
    this.socket = null;
    this.snapshotPending = false;
    this.lastHeard = Date.now();
    this.timers = {};
    this.stopped = false;
    var self = this;
    window.addEventListener("online", function () { self.reconnectSoon(0); });
    document.addEventListener("visibilitychange", function () {
      if (!document.hidden && !self.online) self.reconnectSoon(0);
    });
    this.showStatus(false, true);
    this.open();
  }

  Connection.prototype.serverNow = function () {
    return Date.now() + this.offset;
  };

  Connection.prototype.open = function () {
    var self = this;
    clearTimeout(this.timers.retry);
    if (this.stopped) return;
    var socket;
    try {
      socket = new WebSocket(wsUrl(this.path));
    } catch (e) {
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = function () {
      self.lastHeard = Date.now();
      reachable();
      self.setDegraded(false); // this process says so right after the snapshot if not
      self.bestRtt = Infinity; // a new route may have a new latency
      self.ping();
      setTimeout(function () { self.ping(); }, 300);
      setTimeout(function () { self.ping(); }, 1200);
      clearInterval(self.timers.ping);
      self.timers.ping = setInterval(function () { self.tick(); }, PING_EVERY);
    };
    socket.onmessage = function (event) {
      self.lastHeard = Date.now();
      var message;
      try { message = JSON.parse(event.data); } catch (e) { return; }
      self.receive(message);
    };
    socket.onclose = function (event) {
      if (self.socket !== socket) return;
      self.socket = null;
      clearInterval(self.timers.ping);
      self.showStatus(false, event.code === 4403);
      if (event.code === 4403) {
        // Refused (not signed in, or no such tournament): retry slowly.
        self.attempt = Math.max(self.attempt, 6);
      }
      self.scheduleRetry();
    };
    socket.onerror = function () { /* onclose follows */ };
  };

  Connection.prototype.tick = function () {
    if (Date.now() - this.lastHeard > SILENCE_LIMIT && this.socket) {
      // A Wi-Fi drop often closes nothing: give up on a silent socket.
      var dead = this.socket;
      this.socket = null;
      try { dead.close(); } catch (e) { /* already gone */ }
      this.showStatus(false);
      this.scheduleRetry();
      return;
    }
    this.ping();
  };

  Connection.prototype.scheduleRetry = function () {
    var cap = Math.min(MAX_DELAY, BASE_DELAY * Math.pow(2, this.attempt));
    var delay = Math.max(250, Math.random() * cap); // full jitter: no thundering herd
    this.attempt += 1;
    this.reconnectSoon(delay);
  };

  Connection.prototype.reconnectSoon = function (delay) {
    var self = this;
    if (this.socket && this.socket.readyState <= 1) return;
    clearTimeout(this.timers.retry);
    this.timers.retry = setTimeout(function () { self.open(); }, delay);
  };

  Connection.prototype.send = function (message) {
    if (this.socket && this.socket.readyState === 1) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  };

  Connection.prototype.ping = function () {
    this.send({ type: "ping", client_time: Date.now() });
  };

  /* Ask the socket for a snapshot. With `since` (the version shown) the server
   * answers {type: "current"} in a few bytes when nothing was missed. */
  Connection.prototype.requestSnapshot = function (since) {
    if (this.snapshotPending) return;
    var request = { type: "snapshot" };
    if (typeof since === "number") request.since = since;
    if (this.send(request)) {
      var self = this;
      this.snapshotPending = true;
      clearTimeout(this.timers.snapshot);
      this.timers.snapshot = setTimeout(function () { self.snapshotPending = false; }, 5000);
    }
  };

  Connection.prototype.receive = function (message) {
    if (!message || typeof message !== "object") return;
    if (message.type === "pong") {
      this.clockSample(message);
      return;
    }
    if (message.type === "live") {
      var wasDegraded = this.degraded;
      this.setDegraded(message.state === "degraded");
      // Pushes are back: fetch what went by while they were down, if anything.
      if (wasDegraded && !this.degraded && this.version !== null) this.requestSnapshot(this.version);
      return;
    }
    if (message.type === "throttled") {
      var self = this;
      this.snapshotPending = false;
      clearTimeout(this.timers.snapshot);
      var wait = Math.max(250, message.retry_after_ms || 1000);
      this.timers.snapshot = setTimeout(function () { self.requestSnapshot(); }, wait);
      return;
    }
    if (message.type === "current") {
      this.snapshotPending = false;
      return;
    }
    if (message.type === "snapshot") {
      this.snapshotPending = false;
      this.version = message.version;
      this.attempt = 0;
      this.showStatus(true);
      this.onSnapshot(message);
      return;
    }
    if (this.version === null) return; // the snapshot comes first on every connect
    if (typeof message.version === "number") {
      if (message.version < this.version) return; // older than what we show
      if (message.version > this.version + 1) {
        // We missed something: apply what we got, then resynchronise.
        this.version = message.version;
        if (message.type !== "version") this.onMessage(message);
        this.requestSnapshot();
        return;
      }
      this.version = message.version;
    }
    if (message.type !== "version") this.onMessage(message);
  };

  Connection.prototype.clockSample = function (pong) {
    var now = Date.now();
    if (typeof pong.client_time !== "number" || typeof pong.server_time !== "number") return;
    var rtt = now - pong.client_time;
    if (rtt < 0 || rtt > 10000) return;
    // Keep the best sample, but let it age so a drifting clock is followed.
    if (rtt <= this.bestRtt * 1.5 + 5) {
      this.bestRtt = Math.min(this.bestRtt, rtt);
      this.offset = pong.server_time - (pong.client_time + rtt / 2);
    }
    this.bestRtt *= 1.05;
  };

  Connection.prototype.setDegraded = function (degraded) {
    this.degraded = degraded;
    var banners = document.querySelectorAll("[data-live-banner]");
    for (var i = 0; i < banners.length; i++) banners[i].hidden = !degraded;
    this.updatePolling();
  };

  /* Poll the HTTP snapshot while pushes cannot arrive; stop when they can. */
  Connection.prototype.updatePolling = function () {
    var self = this;
    var needed = !this.stopped && (this.degraded || !this.online);
    if (needed && !this.timers.poll) {
      // A little jitter, so a room full of screens does not poll in step.
      this.timers.poll = setInterval(function () { self.poll(); },
        POLL_EVERY + Math.floor(Math.random() * 1000));
    } else if (!needed && this.timers.poll) {
      clearInterval(this.timers.poll);
      this.timers.poll = null;
    }
  };

  Connection.prototype.poll = function () {
    var self = this;
    if (this.polling || !window.fetch) return;
    this.polling = true;
    var join = this.snapshotUrl.indexOf("?") < 0 ? "?" : "&";
    var url = this.snapshotUrl + (this.version === null ? "" : join + "since=" + this.version);
    fetch(url, { credentials: "same-origin", cache: "no-store", headers: { Accept: "application/json" } })
      .then(function (r) {
        if (r.status === 200 || r.status === 204) {
          // The server answers again: reconnect now, not after the backoff.
          reachable();
          if (!self.online) self.reconnectSoon(0);
        }
        return r.status === 200 ? r.json() : null;
      })
      .then(function (snapshot) {
        self.polling = false;
        if (!snapshot || snapshot.type !== "snapshot") return; // 204: nothing new
        if (self.version !== null && snapshot.version <= self.version) return;
        self.version = snapshot.version;
        self.onSnapshot(snapshot);
      })
      .catch(function () { self.polling = false; /* the next poll tries again */ });
  };

  Connection.prototype.showStatus = function (online, quiet) {
    this.online = online;
    var nodes = document.querySelectorAll("[data-live-status]");
    for (var i = 0; i < nodes.length; i++) {
      nodes[i].hidden = online || !!quiet;
      nodes[i].textContent = this.labels.offline || "Offline";
    }
    document.documentElement.classList.toggle("live-offline", !online && !quiet);
    this.updatePolling();
    this.onStatus(online);
    // The offline queue listens (README "When the network drops").
    document.dispatchEvent(new CustomEvent("live:status", { detail: { online: online, quiet: !!quiet } }));
  };

  Connection.prototype.close = function () {
    this.stopped = true;
    clearTimeout(this.timers.retry);
    clearInterval(this.timers.ping);
    clearInterval(this.timers.poll);
    this.timers.poll = null;
    clearTimeout(this.timers.snapshot);
    // Forgotten first: its close is not a lost connection to show.
    var socket = this.socket;
    this.socket = null;
    if (socket) socket.close();
  };

  /* The clock payload of GET .../clock (and snapshot.clock) at server time `now`.
   * Running clocks count down from ends_at; past the end the next entry of the
   * structure is assumed to run at its full length (one step), so a screen keeps
   * counting through an outage. */
  function clockAt(clock, now) {
    if (!clock) return null;
    var view = {
      state: clock.state,
      level: clock.level,
      next: clock.next,
      level_index: clock.level_index,
      remaining_ms: clock.remaining_ms || 0,
      break_in_ms: null,
      rolled: false
    };
    var elapsed = 0;
    if (clock.state === "running" && typeof clock.ends_at === "number") {
      view.remaining_ms = clock.ends_at - now;
      elapsed = now - (clock.server_time || now);
      if (view.remaining_ms <= 0 && clock.next && clock.next.seconds) {
        view.remaining_ms += clock.next.seconds * 1000;
        view.level = clock.next;
        view.next = null;
        view.level_index = clock.level_index + 1;
        view.rolled = true;
      }
      if (view.remaining_ms < 0) view.remaining_ms = 0;
    }
    if (typeof clock.time_to_next_break_ms === "number") {
      view.break_in_ms = Math.max(0, clock.time_to_next_break_ms - Math.max(0, elapsed));
    }
    return view;
  }

  /* The parts of a screen (README "Screen messages"): the page renders the
   * server's list (tournament/changes.py and the seating) as #live-parts, so
   * this file keeps no copy. "tables" carries only the rows a change touched;
   * every other part is whole. */
  var parts = null;
  function screenParts() {
    if (parts === null) parts = readJson("live-parts") || [];
    return parts;
  }

  function mergeRows(rows, changed) {
    var at = {};
    rows.forEach(function (row, i) { at[row.id] = i; });
    changed.forEach(function (row) {
      if (at[row.id] === undefined) rows.push(row);
      else rows[at[row.id]] = row;
    });
    rows.sort(function (a, b) { return a.number - b.number; });
  }

  /* Apply a message to a screen's copy of the snapshot; returns the parts it changed. */
  function applyParts(state, message) {
    var applied = [];
    screenParts().forEach(function (part) {
      if (!(part in message)) return;
      if (part === "tables") mergeRows(state.tables || (state.tables = []), message.tables || []);
      else state[part] = message[part];
      applied.push(part);
    });
    return applied;
  }

  function pad(n) { return n < 10 ? "0" + n : String(n); }

  /* 12:34 or 1:02:03; counts whole seconds up (a countdown shows 0:00 only at the end). */
  function formatDuration(ms) {
    var total = Math.max(0, Math.ceil(ms / 1000));
    var h = Math.floor(total / 3600);
    var m = Math.floor((total % 3600) / 60);
    var s = total % 60;
    return h ? h + ":" + pad(m) + ":" + pad(s) : m + ":" + pad(s);
  }

  /* A label with a count comes as {one, other} (tournament/web/labels.py):
     "one" for a count of 1, as German and English say it. */
  function fill(template, values) {
    if (template && typeof template === "object") {
      template = String(values.count).replace(/\D/g, "") === "1" ? template.one : template.other;
    }
    return String(template || "").replace(/\{(\w+)\}/g, function (all, key) {
      return values[key] === undefined || values[key] === null ? "" : values[key];
    });
  }

  /* Text for innerHTML: every screen that draws from a part escapes with this. */
  function escape(value) {
    return String(value === null || value === undefined ? "" : value).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }

  function readJson(id) {
    var node = document.getElementById(id);
    return node ? JSON.parse(node.textContent) : null;
  }

  /* A short beep from WebAudio; no sound files. */
  var audio = null;
  function unlockAudio() {
    var Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return false;
    if (!audio) audio = new Ctx();
    if (audio.state === "suspended") audio.resume();
    return true;
  }
  function beep(times, frequency) {
    if (!audio) return;
    var start = audio.currentTime + 0.05;
    for (var i = 0; i < (times || 1); i++) {
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      osc.type = "sine";
      osc.frequency.value = frequency || 880;
      gain.gain.setValueAtTime(0.0001, start + i * 0.35);
      gain.gain.exponentialRampToValueAtTime(0.4, start + i * 0.35 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.35 + 0.25);
      osc.connect(gain).connect(audio.destination);
      osc.start(start + i * 0.35);
      osc.stop(start + i * 0.35 + 0.3);
    }
  }

  /* Floor tablets: a toast and a beep when a table calls the floor. */
  function floorCallAlerts(labels) {
    return function (message) {
      if (message.type !== "floor_call") return;
      var box = document.getElementById("floor-call-toasts");
      if (!box) {
        box = document.createElement("div");
        box.id = "floor-call-toasts";
        box.setAttribute("role", "alert");
        box.style.cssText = "position:fixed;right:1rem;top:1rem;z-index:1000;display:flex;flex-direction:column;gap:.5rem";
        document.body.appendChild(box);
      }
      var toast = document.createElement("button");
      toast.type = "button";
      toast.className = "floor-call-toast";
      toast.style.cssText = "font-size:1.4rem;padding:1rem 1.5rem;background:#b91c1c;color:#fff;border:0;border-radius:8px;min-height:56px";
      toast.textContent = fill(labels.floor_call || "Floor! Table {table}", message) +
        (message.reason ? " – " + message.reason : "");
      toast.addEventListener("click", function () { toast.remove(); });
      box.appendChild(toast);
      beep(3, 988);
      setTimeout(function () { toast.remove(); }, 60000);
    };
  }

  window.Live = {
    connect: function (options) { return new Connection(options); },
    clockAt: clockAt,
    parts: screenParts,
    applyParts: applyParts,
    formatDuration: formatDuration,
    fill: fill,
    escape: escape,
    readJson: readJson,
    unlockAudio: unlockAudio,
    beep: beep,
    floorCallAlerts: floorCallAlerts
  };
})();
