// Folding menus (<details data-open-wide>): open on a wide screen; on a phone they keep the
// state the page gave them (closed unless in use). Without this script they still work.
(function () {
  "use strict";
  var wide = window.matchMedia("(min-width: 52rem)");
  function apply(initial) {
    document.querySelectorAll("details[data-open-wide]").forEach(function (menu) {
      if (wide.matches) menu.open = true;
      else if (initial !== true) menu.open = false;
    });
  }
  document.addEventListener("DOMContentLoaded", function () { apply(true); });
  wide.addEventListener("change", apply);
})();
