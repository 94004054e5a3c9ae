// Check-in: the header box of the selection column ticks (or clears) every row.
(function () {
  "use strict";
  document.addEventListener("change", (event) => {
    const box = event.target;
    if (!(box instanceof HTMLInputElement) || !box.dataset.selectAll) return;
    const table = box.closest("table");
    if (!table) return;
    table.querySelectorAll(`input[name="${box.dataset.selectAll}"]`).forEach((row) => {
      row.checked = box.checked;
    });
  });
})();
