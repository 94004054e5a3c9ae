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
//   <button data-copy="#id">  copies the value of the field #id (e.g. a new API token) and
//                             says so in the button; without the clipboard API it selects
//                             the text so the person can copy it by hand
document.addEventListener("click", async (event) => {
  const button = event.target.closest("[data-copy]");
  const field = button && document.querySelector(button.dataset.copy);
  if (!field) return;
  try {
    await navigator.clipboard.writeText(field.value);
    button.textContent = button.dataset.copied || button.textContent;
  } catch {
    field.focus();
    field.select();
  }
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
//   <select data-country-of="NAME">  (regions) shows only the options whose data-country is
//                                     the value of its form's field NAME (the chosen country);
//                                     a hidden choice is unselected
function showCountryRegions(select) {
  const country = select.form && select.form.elements[select.dataset.countryOf];
  if (!country) return;
  for (const option of select.options) {
    if (!option.dataset.country) continue;
    const other = country.value !== "" && option.dataset.country !== country.value;
    option.hidden = other;
    option.disabled = other;
  }
  const chosen = select.options[select.selectedIndex];
  if (chosen && chosen.hidden) select.value = "";
}
document.addEventListener("change", (event) => {
  const field = event.target;
  if (!field.form || !field.name) return;
  for (const select of field.form.querySelectorAll("select[data-country-of]")) {
    if (select.dataset.countryOf === field.name) showCountryRegions(select);
  }
});
for (const select of document.querySelectorAll("select[data-country-of]")) showCountryRegions(select);
