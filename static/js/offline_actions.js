/* offline_actions.js: what an action of the floor tablet or the table view is
 * (README "When the network drops"): its kind, its targets and its words for
 * the pending list, read off the page's links and its state; the request kept
 * to repeat; and sending it with Idempotency-Key, Device-Time, Device-Name
 * (and Offline-Queue: 1 on a replay), or several in one request to the
 * server's queue address (POST /api/v1/offline-queue). offline_queue.js decides when. */
(function () {
  "use strict";

  var SEND_TIMEOUT = 15000;
  // A queue's answer: the actions the tablet takes off (README "When the network drops").
  var QUEUE_MAX = 200; // actions in one request
  var TAKEN_OFF = { applied: true, replayed: true, refused: true };
  var Store = window.OfflineStore;

  function fill(template, values) { return window.Live ? Live.fill(template, values) : String(template || ""); }

  /* config: the page's offline-config; state(): the page's snapshot, or null. */
  window.OfflineActions = function (config, state) {
    var W = config.words || {};

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
      var snapshot = state();
      var said = {};
      if (!snapshot) return said;
      (snapshot.tables || []).forEach(function (table) {
        if (meta.table_id === table.id) said.table = table.number;
        (table.players || []).forEach(function (p) {
          if (meta.entries && meta.entries.indexOf(p.entry) >= 0) {
            said.name = said.name ? said.name + ", " + p.name : p.name;
            said.table = table.number;
          }
        });
      });
      (snapshot.moves || []).forEach(function (m) {
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
        key: Store.newKey(),
        url: new URL(url, window.location.href).pathname + new URL(url, window.location.href).search,
        method: init.method || "POST",
        headers: headers,
        body: body || null,
        fields: pairs,
        taken_at: taken,
        device_time: Store.deviceTime(taken),
        device: Store.deviceName(),
        page: config.page,
        meta: describe(url, pairs)
      };
    }

    function transmit(action, replay) {
      var headers = Object.assign({}, action.headers, {
        "X-CSRFToken": Store.csrf(),
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

    /* A queue of several actions in one request (config.queue, README "When the
     * network drops"): each still its own write with its own key. null when one
     * of them cannot go that way (a body that is no JSON): sent one by one. */
    function queued(action) {
      var out = {
        method: action.method, path: action.url, key: action.key,
        device_time: action.device_time, device: action.device,
        accept: (action.headers && (action.headers.Accept || action.headers.accept)) || ""
      };
      if (action.body === null && action.fields) { out.fields = action.fields; return out; }
      if (action.body === null) { out.body = {}; return out; }
      try { out.body = JSON.parse(action.body); } catch (e) { return null; }
      return out;
    }

    /* The queue's answer: {done: the actions to take off, refused: [{label, why,
     * status}], wait: seconds before the busy one}; "away"; or null: one by one. */
    function transmitQueue(list) {
      list = list.slice(0, QUEUE_MAX);
      var sent = list.map(queued);
      if (!config.queue || list.length < 2 || sent.indexOf(null) >= 0) return Promise.resolve(null);
      var controller = window.AbortController ? new AbortController() : null;
      var timer = controller ? setTimeout(function () { controller.abort(); }, SEND_TIMEOUT * 4) : null;
      return fetch(config.queue, {
        method: "POST",
        credentials: "same-origin",
        cache: "no-store",
        headers: { "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": Store.csrf() },
        body: JSON.stringify({ actions: sent }),
        signal: controller ? controller.signal : undefined
      }).then(function (response) {
        clearTimeout(timer);
        if (response.status >= 500) return "away";
        if (response.status !== 200) return null; // signed out, an older server: one by one
        return response.json().then(function (answer) { return outcomes(list, answer); });
      }, function () { clearTimeout(timer); return "away"; });
    }

    function outcomes(list, answer) {
      var out = { done: [], refused: [], wait: 0 };
      (answer.results || []).forEach(function (r, i) {
        var action = list[i];
        if (!action || action.key !== r.key) return;
        if (r.outcome === "busy") out.wait = r.retry_after || 0;
        if (!TAKEN_OFF[r.outcome]) return;
        if (r.outcome === "refused") {
          out.refused.push({ label: action.meta.label, why: r.detail || fill(W.refused_status, { status: r.status }), status: r.status });
        }
        out.done.push(action);
      });
      return out;
    }

    return { take: take, transmit: transmit, transmitQueue: transmitQueue };
  };
})();
