// Service worker of the judge's app (loaded by /sw.js, which sets self.OFFLINE_CONFIG first).
// Caches only what a judge needs offline: static files, and pages the server marks with the
// opt-in header (judge's dashboard, bracket pages). Every other page goes to the network
// untouched, so public standings are never served from this cache.
/* global self, caches, fetch, Response, URL */
"use strict";

var CONFIG = self.OFFLINE_CONFIG;
var STATIC_CACHE = "judge-static-" + CONFIG.version;
var PAGE_CACHE = "judge-pages";
var CACHED_AT = "X-Offline-Cached-At";
// The event's latest round when the copy was made (the header's "<event> <round>"): a copy
// made before a later round was seated says so offline.
var ROUND = CONFIG.round_header;
// One copy per page, whatever the phone's language and cookies: the server marks its pages
// `Vary: Cookie, Accept-Language`, and a match that honoured it would miss the copy as soon as
// the phone's request headers differ from the keeping fetch's (every real phone sends
// Accept-Language). The copy is in the language it was rendered in (the judge's own, as his
// session says), so it is stored without Vary and always matched ignoring it.
var MATCH = { ignoreSearch: true, ignoreVary: true };
// On a slow network, show the kept copy instead of waiting this long for the venue's wifi.
var NETWORK_WAIT_MS = 5000;
var KEEP_FRESH_MS = 60000;

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC_CACHE).then(function (cache) { return cache.addAll(CONFIG.precache); })
      .then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("judge-static-") === 0 && name !== STATIC_CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

function isJudgePage(response) {
  return response && response.ok && !response.redirected && response.headers.get(CONFIG.header);
}

// Keep a judge page with the time it was fetched (shown on the offline copy).
function keepPage(url, response) {
  if (!isJudgePage(response)) {
    // The same address now answers as a public page (say, after logging out): drop the
    // judge's copy rather than show it to whoever uses this browser next.
    if (response && response.ok) {
      return caches.open(PAGE_CACHE).then(function (cache) { return cache.delete(url, MATCH); })
        .then(function () { return false; });
    }
    return Promise.resolve(false);
  }
  return response.clone().blob().then(function (body) {
    var headers = new Headers(response.headers);
    headers.set(CACHED_AT, String(Date.now()));
    headers.delete("Vary");
    headers.delete("Set-Cookie");
    return caches.open(PAGE_CACHE).then(function (cache) {
      return cache.put(url, new Response(body, { status: 200, headers: headers }));
    });
  }).then(function () { return true; });
}

function roundOf(response) {
  var parts = (response.headers.get(ROUND) || "").split(" ");
  return { event: parts[0] || "", number: parseInt(parts[1] || "0", 10) || 0 };
}

// The latest round any kept copy of this event knew of (the dashboard kept after round 3
// was seated knows of round 3, while a bracket page kept in round 2 does not).
function latestRound(cache, event) {
  return cache.matchAll(undefined, { ignoreVary: true }).then(function (copies) {
    return copies.reduce(function (latest, copy) {
      var round = roundOf(copy);
      return round.event === event ? Math.max(latest, round.number) : latest;
    }, 0);
  });
}

// The kept copy, marked on its <body> so the page can say it is an offline copy, when from,
// and (data-offline-round, data-offline-latest-round) that a later round has started since.
function keptPage(request) {
  return caches.open(PAGE_CACHE).then(function (cache) {
    return cache.match(request, MATCH).then(function (response) {
      if (!response) return null;
      var round = roundOf(response);
      return latestRound(cache, round.event).then(function (latest) {
        var cachedAt = response.headers.get(CACHED_AT) || "0";
        var marks = ' data-offline-copy="' + cachedAt + '"';
        if (round.number && latest > round.number) {
          marks += ' data-offline-round="' + round.number + '" data-offline-latest-round="' + latest + '"';
        }
        return response.text().then(function (html) {
          var marked = html.replace("<body", "<body" + marks);
          var headers = { "Content-Type": "text/html; charset=utf-8" };
          var language = response.headers.get("Content-Language");
          if (language) headers["Content-Language"] = language;
          return new Response(marked, { status: 200, headers: headers });
        });
      });
    });
  });
}

function navigate(request) {
  var network = fetch(request).then(function (response) {
    keepPage(request.url, response);
    return response;
  });
  var timer;
  var slow = new Promise(function (resolve) {
    timer = setTimeout(resolve, NETWORK_WAIT_MS);
  }).then(function () { return keptPage(request); }).then(function (kept) {
    return kept || network;
  });
  var fresh = network.then(function (response) { clearTimeout(timer); return response; });
  return Promise.race([fresh, slow]).catch(function () {
    return keptPage(request).then(function (kept) {
      if (kept) return kept;
      return network; // no copy: let the browser show its own offline error
    });
  });
}

function fetchStatic(request) {
  return fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(STATIC_CACHE).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  });
}

function staticFile(request) {
  if (CONFIG.static_network_first) {
    // Development: file names carry no hash, so an edited file must win over the copy.
    return fetchStatic(request).catch(function () { return caches.match(request); });
  }
  return caches.match(request).then(function (cached) {
    var network = fetchStatic(request);
    if (cached) {
      network.catch(function () { return null; }); // refreshed in the background
      return cached;
    }
    return network;
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(navigate(request));
  } else if (url.pathname.indexOf(CONFIG.static_url) === 0) {
    event.respondWith(staticFile(request));
  }
});

// A judge page asks to keep the pages of the running round (its bracket pages), or, when
// the judge logs out, to forget them.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type === "forget-pages") {
    event.waitUntil(caches.delete(PAGE_CACHE));
    return;
  }
  if (data.type !== "keep-pages") return;
  var urls = data.urls || [];
  var kept = 0;
  // One page after the other, and only copies older than KEEP_FRESH_MS: a judge going back
  // and forth to the dashboard must not load the server with a round's worth of pages.
  var done = urls.reduce(function (previous, url) {
    var absolute = new URL(url, self.location.origin).href;
    return previous.then(function () {
      return caches.open(PAGE_CACHE).then(function (cache) { return cache.match(absolute, MATCH); });
    }).then(function (copy) {
      var age = copy ? Date.now() - parseInt(copy.headers.get(CACHED_AT) || "0", 10) : Infinity;
      if (age < KEEP_FRESH_MS) return true;
      return fetch(absolute, { credentials: "same-origin" }).then(function (response) {
        return keepPage(absolute, response);
      });
    }).then(function (ok) { if (ok) kept += 1; }, function () { /* offline: keep the old copy */ });
  }, Promise.resolve());
  event.waitUntil(done.then(function () {
    if (event.source) event.source.postMessage({ type: "pages-kept", count: kept });
  }));
});

// Web Push (the notifications outbox, tournament/notifications/push.py): the server sends
// {title, body, url}; show it, and a click opens (or focuses) that page.
self.addEventListener("push", function (event) {
  var icon = CONFIG.precache.filter(function (url) { return url.indexOf("icons/judge-192") !== -1; })[0];
  var data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (error) {
    data = { body: event.data.text() };
  }
  event.waitUntil(self.registration.showNotification(data.title || "Spellfire", {
    body: data.body || "",
    icon: icon,
    data: { url: data.url || "/" }
  }));
});

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var wanted = (event.notification.data && event.notification.data.url) || "/";
  var url = new URL(wanted, self.location.origin);
  if (url.protocol !== "https:" && url.protocol !== "http:") url = new URL("/", self.location.origin);
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (windows) {
    var open = windows.filter(function (client) { return client.url === url.href && "focus" in client; })[0];
    return open ? open.focus() : self.clients.openWindow(url.href);
  }));
});
