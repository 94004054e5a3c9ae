// The event form: best of, Swiss rounds and top cut are asked only for a one-on-one event
// (SPEC §11); the ranking's scored flag, multiplier and points mode only for a bracket
// event (a one-on-one event is never scored). Without this script every field shows, each
// saying whom it is for.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", () => {
    const structure = document.querySelector("#event-form [name=structure]");
    if (!structure) return;
    const fields = ["best_of", "swiss_rounds", "top_cut"]
      .map((name) => document.querySelector(`#event-form [data-field="${name}"]`))
      .filter(Boolean);
    const bracketsOnly = ["scored", "event_multiplier", "points_mode"]
      .map((name) => document.querySelector(`#event-form [data-field="${name}"]`))
      .filter(Boolean);
    const sync = () => {
      const oneOnOne = structure.value === "one-on-one";
      fields.forEach((field) => {
        field.hidden = !oneOnOne;
      });
      bracketsOnly.forEach((field) => {
        field.hidden = oneOnOne;
      });
    };
    structure.addEventListener("change", sync);
    sync();
  });
})();
