/* offline_store.js: what offline_queue.js keeps on the device (README "When
 * the network drops"): the IndexedDB stores ("queue" in the order taken,
 * "snapshots" by page), the device's name, an action's Idempotency-Key and
 * its device time, and the page's CSRF token. No library: the plain
 * IndexedDB API. */
(function () {
  "use strict";

  var DB = "td-offline";

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

  window.OfflineStore = {
    idb: idb,
    deviceName: deviceName,
    newKey: newKey,
    deviceTime: deviceTime,
    clockTime: clockTime,
    csrf: csrf
  };
})();
