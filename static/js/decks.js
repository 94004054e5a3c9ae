// Decklist page: warn before leaving with unsaved changes (validation itself is htmx).
(function () {
  const form = document.getElementById("decklist-form");
  if (!form) return;
  let dirty = false;
  form.addEventListener("input", () => { dirty = true; });
  form.addEventListener("submit", () => { dirty = false; });
  window.addEventListener("beforeunload", (event) => {
    if (dirty) { event.preventDefault(); event.returnValue = ""; }
  });
})();
