// Projector pages: a list taller than the screen is shown one screenful at a time, turning
// every few seconds (no scrolling at the venue). Lists: [data-projector-pages="<item selector>"].
// Re-run after every htmx refresh and on resize.
(function () {
  "use strict";
  var TURN_MS = 12000;
  var timer = null;

  function pagesOf(box) {
    var items = Array.prototype.slice.call(box.querySelectorAll(box.dataset.projectorPages));
    items.forEach(function (item) { item.hidden = false; });
    // what follows the list on the page (and the page label) stays on screen too
    var below = document.body.getBoundingClientRect().bottom - box.getBoundingClientRect().bottom;
    var bottom = window.innerHeight - below - 32;
    var fit = items.filter(function (item) { return item.getBoundingClientRect().bottom <= bottom; }).length;
    var size = Math.max(fit, 1);
    var pages = [];
    for (var start = 0; start < items.length; start += size) pages.push(items.slice(start, start + size));
    return pages;
  }

  function show(box, pages, index) {
    pages.forEach(function (page, n) {
      page.forEach(function (item) { item.hidden = n !== index; });
    });
    box.dataset.pageLabel = pages.length > 1 ? (index + 1) + " / " + pages.length : "";
  }

  function start() {
    if (timer) window.clearInterval(timer);
    window.scrollTo(0, 0);
    var boxes = Array.prototype.slice.call(document.querySelectorAll("[data-projector-pages]"));
    var state = boxes.map(function (box) { return { box: box, pages: pagesOf(box), index: 0 }; });
    state.forEach(function (s) { show(s.box, s.pages, 0); });
    timer = window.setInterval(function () {
      state.forEach(function (s) {
        s.index = (s.index + 1) % s.pages.length;
        show(s.box, s.pages, s.index);
      });
    }, TURN_MS);
  }

  document.addEventListener("DOMContentLoaded", start);
  document.addEventListener("htmx:afterSettle", start);
  window.addEventListener("resize", start);
})();
