// Site-wide behaviour, kept out of the templates: the Content-Security-Policy allows no inline
// script or event handler.
//   <select data-autosubmit>  submits its form when changed (language, paper size)
//   <button data-print>       opens the browser's print dialog
document.addEventListener("change", (event) => {
  const field = event.target.closest("[data-autosubmit]");
  if (field && field.form) field.form.submit();
});
document.addEventListener("click", (event) => {
  if (event.target.closest("[data-print]")) window.print();
});
//   <input data-filter-choices="#id">  hides the choices (labels) of the element #id that
//                                       do not contain what is typed (e.g. judges by name)
document.addEventListener("input", (event) => {
  const box = event.target.closest("[data-filter-choices]");
  if (!box) return;
  const wanted = box.value.trim().toLocaleLowerCase();
  const list = document.querySelector(box.dataset.filterChoices);
  if (!list) return;
  for (const label of list.querySelectorAll("label")) {
    const row = label.closest("div, li") || label;
    const input = label.querySelector("input");
    const keep = !wanted || (input && input.checked) || label.textContent.toLocaleLowerCase().includes(wanted);
    row.hidden = !keep;
  }
});
