{% autoescape off %}// The service worker (trainer/web/install.py serves it at /sw.js, so its scope is the whole
// site): the rule pages, the landing pages and the basic strategy charts stay readable
// offline. Network first: a page read online is stored as it came and shown from the store
// only when the network fails. Nothing else is touched: no POST (the table's and the drills'
// answers), no HTMX request (its partials), no other page (the table, the drills, the review
// and the accounts are live and need the server).
"use strict";

var CACHE = {{ cache_name }};  // a new store for each deploy (install.offline_version)
var STATIC_PREFIX = {{ static_prefix }};
var LANGUAGES = {{ languages }};
// /<lang>/, /<lang>/rulebook/..., /<lang>/chart/<game>/
var READABLE = new RegExp(
  "^/(" + LANGUAGES.join("|") + ")/(rulebook/([a-z0-9-]+/)*|chart/[a-z0-9-]+/)?$"
);

self.addEventListener("install", function () {
  self.skipWaiting();
});

self.addEventListener("activate", function (event) {
  // Earlier versions' stores go; this one takes the open pages at once.
  event.waitUntil(
    caches.keys().then(function (keys) {
      return Promise.all(keys.filter(function (key) {
        return key !== CACHE;
      }).map(function (key) {
        return caches.delete(key);
      }));
    }).then(function () {
      return self.clients.claim();
    })
  );
});

function kept(request) {
  if (request.method !== "GET" || request.headers.get("HX-Request")) return false;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin || url.search) return false;
  if (url.pathname.indexOf(STATIC_PREFIX) === 0) return true;
  return request.mode === "navigate" && READABLE.test(url.pathname);
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (!kept(request)) return;
  event.respondWith(
    fetch(request).then(function (response) {
      if (response.ok && response.type === "basic") {
        var copy = response.clone();
        event.waitUntil(caches.open(CACHE).then(function (cache) {
          return cache.put(request, copy);
        }));
      }
      return response;
    }).catch(function () {
      return caches.match(request).then(function (stored) {
        return stored || Response.error();
      });
    })
  );
});
{% endautoescape %}
