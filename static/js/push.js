// Web Push on the notification settings page: phone notifications on or off for this browser.
// It registers the site's service worker (the judge's offline app's, which also shows the
// notifications), subscribes with the site's VAPID public key and tells the server.
// Strings and addresses come from data- attributes of #push-settings (translated by Django).
(function () {
  "use strict";
  var panel = document.getElementById("push-settings");
  if (!panel || !panel.dataset.publicKey) return;
  var cfg = panel.dataset;
  var onButton = panel.querySelector("[data-push-on]");
  var offButton = panel.querySelector("[data-push-off]");
  var status = panel.querySelector(".push-status");

  function show(text) {
    status.textContent = text || "";
    status.hidden = !text;
  }

  function showState(on) {
    onButton.hidden = on;
    offButton.hidden = !on;
  }

  var supported = window.isSecureContext && window.fetch && "serviceWorker" in navigator &&
    "PushManager" in window && "Notification" in window;
  if (!supported) {
    show(cfg.textUnsupported);
    return;
  }

  function keyBytes(base64url) {
    var base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
    var raw = window.atob(base64 + "===".slice((base64.length + 3) % 4));
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
    return bytes;
  }

  var serverKey = keyBytes(cfg.publicKey);
  var known = JSON.parse(cfg.endpoints || "[]"); // this person's subscriptions on the server

  // A subscription made with other VAPID keys (they were changed) cannot be used any more.
  function madeWithOurKey(subscription) {
    var key = subscription.options && subscription.options.applicationServerKey;
    if (!key) return true; // the browser does not say: assume it is ours
    var bytes = new Uint8Array(key);
    if (bytes.length !== serverKey.length) return false;
    for (var i = 0; i < bytes.length; i += 1) {
      if (bytes[i] !== serverKey[i]) return false;
    }
    return true;
  }

  function csrfToken() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    if (input) return input.value;
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (error) {
      return "";
    }
  }

  function post(url, data) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "Accept": "application/json",
        "Content-Type": "application/json",
        "X-CSRFToken": csrfToken()
      },
      body: JSON.stringify(data)
    }).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status);
      return response;
    });
  }

  // This browser's current subscription (null when it has none).
  function currentSubscription() {
    return navigator.serviceWorker.getRegistration().then(function (registration) {
      return registration ? registration.pushManager.getSubscription() : null;
    });
  }

  function subscribe() {
    return navigator.serviceWorker.register(cfg.swUrl).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      return registration.pushManager.getSubscription().then(function (existing) {
        if (existing && madeWithOurKey(existing)) return existing;
        return Promise.resolve(existing && existing.unsubscribe()).then(function () {
          return registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: serverKey
          });
        });
      });
    });
  }

  function turnOn() {
    onButton.disabled = true;
    show(cfg.textWorking);
    // Asked first, straight from the click: some browsers only ask during a user gesture.
    Promise.resolve(Notification.requestPermission()).then(function (permission) {
      if (permission !== "granted") throw new Error("denied");
      return subscribe();
    }).then(function (subscription) {
      return post(cfg.subscribeUrl, subscription.toJSON()).then(function () {
        known.push(subscription.endpoint);
      });
    }).then(function () {
      showState(true);
      show(cfg.textOn);
    }, function (error) {
      show(Notification.permission === "denied" || (error && error.message === "denied") ?
        cfg.textDenied : cfg.textFailed);
    }).then(function () {
      onButton.disabled = false;
    });
  }

  function turnOff() {
    offButton.disabled = true;
    show(cfg.textWorking);
    currentSubscription().then(function (subscription) {
      if (!subscription) return null;
      var endpoint = subscription.endpoint;
      // The browser first: were the server not told, its next push would find it gone.
      return subscription.unsubscribe().then(function () {
        known = known.filter(function (item) { return item !== endpoint; });
        return post(cfg.unsubscribeUrl, { endpoint: endpoint }).catch(function () { return null; });
      });
    }).then(function () {
      showState(false);
      show(cfg.textOff);
    }, function () {
      show(cfg.textFailed);
    }).then(function () {
      offButton.disabled = false;
    });
  }

  onButton.addEventListener("click", turnOn);
  offButton.addEventListener("click", turnOff);

  // On for this browser only when it is subscribed with our key under this very login (on a
  // shared phone the subscription may be another person's: then it is offered to turn on).
  currentSubscription().then(function (subscription) {
    var on = Boolean(subscription) && Notification.permission === "granted" &&
      madeWithOurKey(subscription) && known.indexOf(subscription.endpoint) !== -1;
    showState(on);
    if (on) show(cfg.textOn);
    else if (Notification.permission === "denied") show(cfg.textDenied);
  }, function () {
    showState(false);
  });
})();
