// Round clock: counts down from the seconds the server says are left (no clock-skew issues).
(function () {
  function start(el) {
    if (el.dataset.started) return;
    el.dataset.started = "1";
    var out = el.querySelector(".remaining");
    var end = Date.now() + Number(el.dataset.remaining) * 1000;
    function tick() {
      var left = Math.max(0, Math.round((end - Date.now()) / 1000));
      var minutes = Math.floor(left / 60);
      var seconds = left % 60;
      if (out) out.textContent = minutes + ":" + (seconds < 10 ? "0" : "") + seconds;
      if (left === 0) {
        el.classList.add("expired");
        if (out && el.dataset.expiredText) out.textContent = el.dataset.expiredText;
        return;
      }
      setTimeout(tick, 1000);
    }
    tick();
  }
  function init() {
    document.querySelectorAll("[data-round-timer]").forEach(start);
  }
  // the projector swaps in a fresh clock every minute
  document.addEventListener("htmx:afterSwap", init);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
