// The judge's offline app on the dashboard and bracket pages.
// - registers the service worker that keeps these pages for offline use;
// - every submitted result, confirmation or rejection is first kept in IndexedDB with its
//   idempotency key, then sent. Online with nothing waiting, the page then moves on as an
//   ordinary form post would (server's page and message; a refused form is posted again the
//   ordinary way to show its errors). If no answer comes, or while offline, it stays queued;
// - when the network returns, the queue is sent in order and each item shows how it ended.
// Strings and settings come from data- attributes of #offline-queue (translated by Django).
(function () {
  "use strict";
  var panel = document.getElementById("offline-queue");
  if (!panel || !window.indexedDB || !window.fetch) return;
  var cfg = panel.dataset;
  var eventId = cfg.event;
  // Another account's queue on a shared phone is neither shown nor sent under this login.
  var userId = cfg.user;
  var list = panel.querySelector(".queue-items");
  var banner = panel.querySelector(".offline-banner");
  var actions = panel.querySelector(".queue-actions");
  var DB_NAME = "spellfire-judge";
  var STORE = "queue";
  var RETRY_MS = 3000; // first resend after a failure; doubles up to MAX_RETRY_MS
  var MAX_RETRY_MS = 60000;
  var SEND_TIMEOUT_MS = 20000;
  var failures = 0;
  var liveForms = {}; // key → the form of this page whose item is being sent right now
  var WAITING = { queued: true, sending: true };
  var unsent = 0; // items of this event not sent yet (kept in step by render)
  var retryTimer = null;
  var flushing = null;
  var flushAgain = false;

  function fill(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, name) {
      return name in values ? values[name] : all;
    });
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return "10000000-1000-4000-8000-100000000000".replace(/[018]/g, function (c) {
      return (c ^ (crypto.getRandomValues(new Uint8Array(1))[0] & (15 >> (c / 4)))).toString(16);
    });
  }

  // --- IndexedDB: one store, items in the order they were submitted -----------------------

  var dbPromise = new Promise(function (resolve, reject) {
    var open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = function () {
      open.result.createObjectStore(STORE, { keyPath: "seq", autoIncrement: true });
    };
    open.onsuccess = function () { resolve(open.result); };
    open.onerror = function () { reject(open.error); };
  });

  function withStore(mode, work) {
    return dbPromise.then(function (db) {
      return new Promise(function (resolve, reject) {
        var tx = db.transaction(STORE, mode);
        var result = work(tx.objectStore(STORE));
        tx.oncomplete = function () { resolve(result && "result" in result ? result.result : result); };
        tx.onerror = function () { reject(tx.error); };
      });
    });
  }

  function items() {
    return withStore("readonly", function (store) { return store.getAll(); }).then(function (all) {
      return all.filter(function (item) { return item.event === eventId && item.user === userId; });
    });
  }
  function save(item) { return withStore("readwrite", function (store) { return store.put(item); }); }
  function remove(seq) { return withStore("readwrite", function (store) { return store.delete(seq); }); }

  // --- what the judge sees ------------------------------------------------------------------

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text) node.textContent = text;
    return node;
  }

  function button(text, onClick) {
    var node = el("button", "button small", text);
    node.type = "button";
    node.addEventListener("click", onClick);
    return node;
  }

  function time(ms) {
    return new Date(ms).toLocaleTimeString(document.documentElement.lang || [], { hour: "2-digit", minute: "2-digit" });
  }

  function itemRow(item) {
    var row = el("li", "queue-item queue-" + item.state);
    row.dataset.key = item.key;
    row.appendChild(el("strong", "queue-label", item.label));
    row.appendChild(document.createTextNode(" "));
    row.appendChild(el("span", "badge queue-state", cfg["text" + item.state[0].toUpperCase() + item.state.slice(1)]));
    row.appendChild(el("small", "queue-time", " " + time(item.queuedAt)));
    if (item.summary) row.appendChild(el("p", "queue-summary", item.summary));
    if (item.message) row.appendChild(el("p", "queue-message", item.message));
    if (item.state === "conflict") {
      var link = el("a", "queue-compare", cfg.textCompare);
      link.href = item.bracketUrl + "#conflicts";
      row.appendChild(link);
      showConflict(row, item);
    }
    if (item.state === "queued") {
      row.appendChild(button(cfg.textDiscard, function () {
        if (window.confirm(cfg.textDiscardAsk)) remove(item.seq).then(render);
      }));
    }
    return row;
  }

  // The server's own side-by-side view of the conflicting entries, shown in the item.
  function showConflict(row, item) {
    if (!navigator.onLine) return;
    fetch(item.bracketUrl, { credentials: "same-origin" }).then(function (response) {
      return response.ok ? response.text() : "";
    }).then(function (html) {
      var section = new DOMParser().parseFromString(html, "text/html").getElementById("conflicts");
      if (section) {
        section.removeAttribute("id");
        section.classList.add("queue-compare-view");
        row.appendChild(document.importNode(section, true));
      }
    }).catch(function () { /* the link above still leads there */ });
  }

  function render() {
    return items().then(function (all) {
      unsent = all.filter(function (item) { return WAITING[item.state]; }).length;
      var copy = document.body.dataset.offlineCopy;
      var notes = [];
      if (!navigator.onLine) notes.push(cfg.textOffline);
      if (copy) notes.push(fill(cfg.textCopy, { time: time(parseInt(copy, 10)) }));
      // The service worker knows of a later round than this copy (another kept page says so).
      var keptIn = document.body.dataset.offlineRound;
      if (copy && keptIn) {
        notes.push(fill(cfg.textOldRound, { round: keptIn, latest: document.body.dataset.offlineLatestRound }));
      }
      banner.textContent = notes.join(" ");
      banner.hidden = !notes.length;
      list.textContent = "";
      all.forEach(function (item) { list.appendChild(itemRow(item)); });
      actions.textContent = "";
      var sent = all.filter(function (item) { return !WAITING[item.state]; });
      if (sent.length) {
        if (panel.dataset.bracketUrl) {
          actions.appendChild(button(cfg.textReload, function () { location.reload(); }));
        }
        actions.appendChild(button(cfg.textClear, function () {
          Promise.all(sent.map(function (item) { return remove(item.seq); })).then(render);
        }));
      }
      markQueuedActions(all);
      panel.hidden = !all.length && !notes.length;
      panel.dataset.unsent = String(unsent);
    });
  }

  // Confirm/reject buttons already queued are not offered twice.
  function markQueuedActions(all) {
    var queued = {};
    all.forEach(function (item) { if (WAITING[item.state]) queued[item.url] = true; });
    document.querySelectorAll("form.entry-action").forEach(function (form) {
      var button_ = form.querySelector("button");
      if (button_ && queued[form.action]) button_.disabled = true;
    });
  }

  // --- queueing a submitted form ------------------------------------------------------------

  function resultForms() { return document.querySelectorAll("form.result-form"); }

  function fields(form) {
    var pairs = [];
    new FormData(form).forEach(function (value, name) {
      if (name !== "csrfmiddlewaretoken") pairs.push([name, String(value)]);
    });
    return pairs;
  }

  function field(pairs, name) {
    var pair = pairs.filter(function (p) { return p[0] === name; })[0];
    return pair ? pair[1] : "";
  }

  // After a game is queued the form is ready for the next one: next number, fresh key.
  function nextGame(form, number) {
    form.reset();
    form.querySelector("input[name=number]").value = String(number);
    form.querySelector("input[name=key]").value = newKey();
    var heading = form.closest(".entry-form") && form.closest(".entry-form").querySelector("h3");
    if (heading) heading.textContent = fill(cfg.gameHeading, { number: number });
    var submit = form.querySelector("button[type=submit]");
    if (submit) submit.disabled = false;
    form.dispatchEvent(new Event("change", { bubbles: true }));
  }

  // What the judge entered, in words, so a queued game can be checked before it is sent.
  function summary(form) {
    var checked = form.querySelector("input[name=winner]:checked");
    var legend = form.querySelector(".winner-field legend");
    var winner = checked ? checked.closest("label").textContent.trim() : "—";
    var counts = Array.prototype.map.call(form.querySelectorAll(".counts .count-row"), function (row) {
      var label = row.querySelector("label");
      var input = row.querySelector("input");
      return (label ? label.firstChild.textContent.trim() : "") + " " + (input && input.value ? input.value : "—");
    });
    return (legend ? legend.textContent.trim() + ": " : "") + winner + " · " + counts.join(", ");
  }

  function queueForm(form, live) {
    var pairs = fields(form);
    var kind = form.classList.contains("result-form") ? "entry" : form.dataset.action;
    var number = kind === "entry" ? field(pairs, "number") : form.dataset.number;
    var item = {
      event: eventId,
      user: userId,
      kind: kind,
      url: form.action,
      fields: pairs,
      key: field(pairs, "key") || newKey(),
      number: parseInt(number, 10),
      label: fill(cfg["label" + kind[0].toUpperCase() + kind.slice(1)], { number: number }),
      summary: kind === "entry" ? summary(form) : "",
      bracketUrl: panel.dataset.bracketUrl || form.action,
      state: "queued",
      message: "",
      live: live,
      queuedAt: Date.now()
    };
    if (live) {
      liveForms[item.key] = form;
      setBusy(form, true);
    } else if (kind === "entry") {
      // The form moves on at once (what was submitted is in `item`): a quick judge may
      // already be typing the next game while the item is being stored.
      nextGame(form, item.number + 1);
    }
    return save(item).then(function () {
      return render().then(flush);
    }, function () {
      if (live) {
        // This browser keeps nothing (storage refused): post the ordinary way instead.
        delete liveForms[item.key];
        HTMLFormElement.prototype.submit.call(form);
      } else {
        window.alert(cfg.textNotStored);
      }
    });
  }

  function setBusy(form, busy) {
    form.querySelectorAll("button").forEach(function (node) { node.disabled = busy; });
  }

  // What the page does when the item it just sent live has an answer (or none).
  function liveAnswered(item, answer) {
    var form = liveForms[item.key];
    delete liveForms[item.key];
    item.live = false;
    if (!answer || answer.state === "queued") {
      setBusy(form, false);
      if (item.kind === "entry") nextGame(form, item.number + 1);
      return save(item).then(function () { return false; });
    }
    return remove(item.seq).then(function () {
      if (answer.state === "refused") {
        // Posted again the ordinary way: the server shows each error next to its field.
        HTMLFormElement.prototype.submit.call(form);
      } else {
        location.assign(item.bracketUrl);
      }
      return true;
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.getAttribute("action") === cfg.logoutUrl) {
      // Logging out: the kept judge pages must not open for whoever uses the phone next.
      var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
      if (worker) worker.postMessage({ type: "forget-pages" });
      return;
    }
    if (!form.matches("form.result-form, form.entry-action")) return;
    event.preventDefault();
    // Online with nothing waiting, it is sent at once; otherwise it waits its turn.
    queueForm(form, navigator.onLine && unsent === 0);
  }, true);

  // A copy of the page may carry a key already used, or an older game number.
  function adjustForms() {
    return items().then(function (all) {
      var used = {};
      var lastQueued = 0;
      all.forEach(function (item) {
        used[item.key] = true;
        if (item.kind === "entry" && WAITING[item.state] && item.bracketUrl === cfg.bracketUrl) {
          lastQueued = Math.max(lastQueued, item.number);
        }
      });
      resultForms().forEach(function (form) {
        var number = parseInt(form.querySelector("input[name=number]").value, 10);
        if (lastQueued >= number) {
          nextGame(form, lastQueued + 1);
        } else if (used[form.querySelector("input[name=key]").value]) {
          form.querySelector("input[name=key]").value = newKey();
        }
      });
    });
  }

  // --- sending the queue ----------------------------------------------------------------------

  function csrfToken() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    if (input) return input.value;
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (error) {
      return "";
    }
  }

  // The server's answer: {state, message}; null when nothing came back (try again later).
  function send(item) {
    var body = new URLSearchParams();
    item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
    body.set("csrfmiddlewaretoken", csrfToken());
    // A venue's wifi can hold a request without failing it: give up after a while, resend later.
    var abort = window.AbortController ? new AbortController() : null;
    var timer = abort && setTimeout(function () { abort.abort(); }, SEND_TIMEOUT_MS);
    return fetch(item.url, {
      method: "POST",
      body: body,
      credentials: "same-origin",
      signal: abort ? abort.signal : undefined,
      headers: {
        "Accept": "application/json",
        "X-CSRFToken": csrfToken(),
        // Sent live from its form: the server keeps its message for the page shown next.
        "X-Queue-Live": item.live && liveForms[item.key] ? "1" : "0"
      }
    }).then(function (response) {
      clearTimeout(timer);
      var type = response.headers.get("Content-Type") || "";
      // A 5xx saved nothing (a write that waited too long for its lock answers 503, and so
      // does a database restarting): the item stays queued and is sent again, same key.
      if (response.status >= 500 || type.indexOf("application/json") === -1) {
        return { state: "queued", message: cfg.textUnreadable + " (HTTP " + response.status + ")" };
      }
      return response.json();
    }, function () { clearTimeout(timer); return null; });
  }

  function sendAll() {
    return items().then(function (all) {
      var next = all.filter(function (item) { return WAITING[item.state]; })[0];
      if (!next) return true;
      next.state = "sending";
      return save(next).then(render).then(function () { return send(next); }).then(function (answer) {
        if (next.live && liveForms[next.key]) return liveAnswered(next, answer);
        if (!answer || answer.state === "queued") {
          // Keep the order: nothing after it is sent before it.
          next.state = "queued";
          next.message = answer ? answer.message : "";
          return save(next).then(function () { return false; });
        }
        next.state = answer.state;
        next.message = answer.message || "";
        next.sentAt = Date.now();
        return save(next).then(sendAll);
      });
    });
  }

  var LOCK = "spellfire-judge-queue"; // one tab sends at a time

  function flush() {
    if (flushing) {
      // An item stored while a run is ending might be missed by it: run once more after.
      flushAgain = true;
      return flushing;
    }
    if (!navigator.onLine) return render();
    var run = function () { return sendAll(); };
    var locked = navigator.locks ? navigator.locks.request(LOCK, run) : run();
    flushing = locked.then(function (done) {
      clearTimeout(retryTimer);
      failures = done ? 0 : failures + 1;
      if (!done && navigator.onLine) {
        retryTimer = setTimeout(flush, Math.min(RETRY_MS * Math.pow(2, failures - 1), MAX_RETRY_MS));
      }
    }, function () { /* IndexedDB refused: the items stay as they are */ }).then(function () {
      flushing = null;
      if (flushAgain) {
        flushAgain = false;
        return flush();
      }
      return render();
    });
    return flushing;
  }

  window.addEventListener("online", function () { failures = 0; flush(); });
  window.addEventListener("offline", render);

  // --- the service worker keeps this page (and the round's bracket pages) ---------------------

  function registerWorker() {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (event.data && event.data.type === "pages-kept") panel.dataset.offlineReady = String(event.data.count);
    });
    navigator.serviceWorker.register(cfg.swUrl).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      var pages = (cfg.pages || "").split(" ").filter(Boolean);
      if (!document.body.dataset.offlineCopy && navigator.onLine) pages.push(location.pathname);
      if (registration.active && pages.length) {
        registration.active.postMessage({ type: "keep-pages", urls: pages });
      }
    }).catch(function () { /* no offline copies: the pages still work online */ });
  }

  // An item left "sending" by a tab closed mid-request goes back in line (when no other tab
  // is sending it): whether or not the server got it, its key makes the resend safe.
  function recoverInterrupted() {
    var reset = function () {
      return items().then(function (all) {
        return Promise.all(all.filter(function (item) { return item.state === "sending"; })
          .map(function (item) { item.state = "queued"; return save(item); }));
      });
    };
    if (!navigator.locks) return reset();
    return navigator.locks.request(LOCK, { ifAvailable: true }, function (lock) {
      return lock ? reset() : null;
    });
  }

  registerWorker();
  recoverInterrupted().then(adjustForms).then(render).then(function () {
    if (navigator.onLine && unsent) flush();
  });
})();
