// Runs static/sw.js in Node with a fake worker scope, cache storage and network, plays the
// requests named on the command line through its fetch handler, and prints what it did as
// JSON: what the install kept, what each request was answered with, what was put in a cache.
// Used by tests/web/test_installable.py; every answer below is the fake network's.
"use strict";
const fs = require("fs");
const vm = require("vm");

const [swPath, scope, networkUp, ...requests] = process.argv.slice(2);
const stored = new Map();
const put = [];
const listeners = {};
const cache = {
  addAll: async (urls) => { urls.forEach((url) => { stored.set(url, "kept " + url); put.push(url); }); },
  put: async (request, response) => { const url = request.url || request; stored.set(url, "kept " + url); put.push(url); },
};
const fakeResponse = (body, ok = true) => ({ body, ok, clone() { return fakeResponse(body, ok); } });
const sandbox = {
  URL,
  Promise,
  console,
  Response: { error: () => fakeResponse("error", false) },
  caches: {
    open: async () => cache,
    keys: async () => [],
    delete: async () => true,
    match: async (request) => {
      const url = request.url || request;
      return stored.has(url) ? fakeResponse(stored.get(url)) : undefined;
    },
  },
  fetch: async (request) => {
    if (networkUp !== "up") throw new TypeError("Failed to fetch");
    return fakeResponse("network " + (request.url || request));
  },
};
sandbox.self = {
  registration: { scope },
  skipWaiting: async () => {},
  clients: { claim: async () => {} },
  addEventListener: (type, handler) => { listeners[type] = handler; },
};
vm.createContext(sandbox);
vm.runInContext(fs.readFileSync(swPath, "utf8"), sandbox);

(async () => {
  const installed = [];
  listeners.install({ waitUntil: (p) => installed.push(p) });
  await Promise.all(installed);
  const installedUrls = put.slice();
  const answers = {};
  for (const spec of requests) {
    const [method, mode, path] = spec.split(" ");
    const request = { method, mode, url: new URL(path, scope).href };
    let answer = null;
    listeners.fetch({ request, respondWith: (p) => { answer = p; } });
    answers[spec] = answer === null ? "not handled" : (await answer).body;
  }
  await new Promise((resolve) => setTimeout(resolve, 10));  // the shell's copies are put later
  console.log(JSON.stringify({ installed: installedUrls, answers, put }));
})();
