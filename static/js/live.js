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
 * The rest of window.Live is beside it: live_data.js (a screen's copy of its
 * snapshot: clockAt, applyParts, the words) and live_alerts.js (beeps, the
 * floor's call toasts), both loaded before this file.
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

  (window.Live || (window.Live = {})).connect = function (options) { return new Connection(options); };
})();
