// Results form helpers: preset the winner's realm count, show tie-break counts only when needed.
(function () {
  "use strict";
  function setup(form) {
    var victory = parseInt(form.dataset.victory || "0", 10);
    var extra = form.querySelector("[data-show-unless]");
    function endedBy() {
      var checked = form.querySelector("input[name=ended_by]:checked");
      return checked ? checked.value : "victory";
    }
    function toggleExtra() {
      if (!extra) return;
      var hasValues = Array.prototype.some.call(extra.querySelectorAll("input"), function (i) { return i.value; });
      var hasErrors = !!extra.querySelector(".field-errors");
      extra.hidden = endedBy() === "victory" && !hasValues && !hasErrors;
    }
    form.addEventListener("change", function (event) {
      var target = event.target;
      if (target.name === "winner" && endedBy() === "victory" && victory) {
        var input = form.querySelector("input[name=unrazed_" + target.value + "]");
        // Only fill an empty box: never overwrite what the judge typed.
        if (input && !input.value) input.value = victory;
      }
      if (target.name === "ended_by") toggleExtra();
    });
    form.addEventListener("submit", function (event) {
      if (event.defaultPrevented) return; // kept for later by the offline queue
      var button = form.querySelector("button[type=submit]");
      // A double tap sends one request; the idempotency key covers a resend anyway.
      if (button) setTimeout(function () { button.disabled = true; }, 0);
    });
    toggleExtra();
  }
  document.querySelectorAll("form.result-form").forEach(setup);
})();
