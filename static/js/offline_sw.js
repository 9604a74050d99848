/* offline_sw.js: the floor pages' service worker (README "When the network drops").
 * Served from /offline-sw.js (scope "/"), with self.OFFLINE set before this
 * file by the server: the assets to keep, the pages' paths and a version that
 * changes with them. It keeps the floor map and the table view as last loaded
 * and their static assets, so a reload with no server still opens the tablet.
 * Network first: with the server there every page and asset is fresh; the kept
 * copy answers only when the network fails. Every other request passes by
 * untouched, and nothing is fetched from anywhere but this server. */
"use strict";

var SETTINGS = self.OFFLINE || { assets: [], pages: [], static: "/static/", version: "0" };
var ASSETS = "td-offline-assets-" + SETTINGS.version;
var PAGES = "td-offline-pages";
var PAGE_PATHS = SETTINGS.pages.map(function (source) { return new RegExp(source); });
var WAIT = 4000; // a server that hangs counts as away after this long

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(ASSETS).then(function (cache) {
    return cache.addAll(SETTINGS.assets);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("td-offline-assets-") === 0 && name !== ASSETS;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }).then(keepOpenPages));
});

/* The floor pages open when the worker first runs were loaded before it: kept
 * now, once, so a reload with no server opens them (later loads pass through
 * the fetch handler below). */
function keepOpenPages() {
  return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
    return caches.open(PAGES).then(function (cache) {
      return Promise.all(windows.filter(function (client) {
        var url = new URL(client.url);
        return url.origin === self.location.origin && PAGE_PATHS.some(function (path) { return path.test(url.pathname); });
      }).map(function (client) {
        return cache.match(client.url).then(function (hit) {
          if (hit) return null;
          return fetch(client.url, { credentials: "same-origin" }).then(function (response) {
            if (response.ok && !response.redirected) return cache.put(client.url, response);
            return null;
          });
        });
      }));
    });
  }).catch(function () { /* kept at the next load instead */ });
}

function timed(promise) {
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () { reject(new Error("timeout")); }, WAIT);
    promise.then(function (value) { clearTimeout(timer); resolve(value); },
      function (error) { clearTimeout(timer); reject(error); });
  });
}

function kept(request) {
  var url = request.url.split("#")[0];
  return caches.match(request, { ignoreVary: true }).then(function (hit) {
    return hit || caches.match(url, { ignoreVary: true });
  }).then(function (hit) { return hit || Response.error(); });
}

function networkFirst(request, cacheName) {
  return timed(fetch(request)).then(function (response) {
    if (response.status >= 502 && response.status <= 504) {
      // A proxy answering for a server that is down: the kept copy, if any.
      return caches.match(request, { ignoreVary: true }).then(function (hit) { return hit || response; });
    }
    if (response.ok && !response.redirected && response.type === "basic") {
      var copy = response.clone();
      caches.open(cacheName).then(function (cache) { return cache.put(request, copy); });
    }
    return response;
  }, function () { return kept(request); });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    if (PAGE_PATHS.some(function (path) { return path.test(url.pathname); })) {
      event.respondWith(networkFirst(request, PAGES));
    }
  } else if (url.pathname.indexOf(SETTINGS.static) === 0) {
    event.respondWith(networkFirst(request, ASSETS));
  }
});
