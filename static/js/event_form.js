// The event form: the No-Xs digit is asked only for a No-Xs tournament (and cleared
// otherwise, so the server never sees a digit for another type).
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", () => {
    const type = document.querySelector("#event-form [name=tournament_type]");
    const field = document.querySelector('#event-form [data-field="no_xs_digit"]');
    if (!type || !field) return;
    const input = field.querySelector("input");
    const sync = () => {
      const noXs = type.value === "no-xs";
      field.hidden = !noXs;
      if (!noXs && input) input.value = "";
    };
    type.addEventListener("change", sync);
    sync();
  });
})();
