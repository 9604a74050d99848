/* offline_actions.js: what an action of the floor tablet or the table view is
 * (README "When the network drops"): its kind, its targets and its words for
 * the pending list, read off the page's links and its state; the request kept
 * to repeat; and sending it with Idempotency-Key, Device-Time, Device-Name
 * (and Offline-Queue: 1 on a replay). offline_queue.js decides when. */
(function () {
  "use strict";

  var SEND_TIMEOUT = 15000;
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

    return { take: take, transmit: transmit };
  };
})();
