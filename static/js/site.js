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
