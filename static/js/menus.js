// Folding menus (<details data-open-wide>): closed on a phone, open on a wide screen.
// Without this script the menus still work: they simply start closed.
(function () {
  "use strict";
  var wide = window.matchMedia("(min-width: 52rem)");
  function apply() {
    document.querySelectorAll("details[data-open-wide]").forEach(function (menu) {
      menu.open = wide.matches;
    });
  }
  document.addEventListener("DOMContentLoaded", apply);
  wide.addEventListener("change", apply);
})();
