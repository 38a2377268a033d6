// Table Companion's service worker (served at the app's root as /sw.js, companion/web/install.py).
// It keeps the static shell only (the stylesheet, the scripts, the icons, the offline page), so
// an installed pad whose server cannot be reached says so instead of the browser's error page.
// It never keeps a session's page, a fragment, a poll or any answer to a write: whatever the
// pad shows as current came from the server just now.
"use strict";

var SHELL_CACHE = "pad-shell-v1";

// Relative to the worker's scope: the app's root, with a proxy's path prefix when there is one.
// The home-screen PNGs are not here: the phone keeps those itself when it installs the pad, and
// fetching 70 KB of them on every phone's first visit would cost a weak Wi-Fi for nothing.
var SHELL = [
  "offline",
  "static/app.css",
  "static/app.js",
  "static/htmx-2.0.11.min.js",
  "static/icons/icon.svg"
];

function inScope(path) {
  return new URL(path, self.registration.scope).href;
}

function isShell(url) {
  return SHELL.map(inScope).indexOf(url) >= 0;
}

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(SHELL_CACHE)
      .then(function (cache) { return cache.addAll(SHELL.map(inScope)); })
      .then(function () { return self.skipWaiting(); })
  );
});

// A new version's worker drops the caches of the old one.
self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys()
      .then(function (names) {
        return Promise.all(names.filter(function (name) { return name !== SHELL_CACHE; })
          .map(function (name) { return caches.delete(name); }));
      })
      .then(function () { return self.clients.claim(); })
  );
});

// The shell from the network first (a new version of the pad shows at once), the kept copy
// only when the network fails.
function shellFromNetworkFirst(request) {
  return fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(SHELL_CACHE).then(function (cache) { return cache.put(request, copy); });
    }
    return response;
  }, function () {
    return caches.match(request).then(function (kept) { return kept || Response.error(); });
  });
}

// A page the server could not be asked for: the offline page, never a kept copy of the page.
function pageOrOffline(request) {
  return fetch(request).catch(function () {
    return caches.match(inScope("offline")).then(function (kept) {
      return kept || Response.error();
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;  // a write goes to the server untouched, or fails
  if (request.mode === "navigate") {
    event.respondWith(pageOrOffline(request));
  } else if (isShell(request.url)) {
    event.respondWith(shellFromNetworkFirst(request));
  }
  // Anything else (fragments, the live poll, the QR code, charts): the network, as without a
  // worker; nothing of it is kept.
});
