// Asks before a destructive action. A form with data-confirm="question" opens a <dialog>;
// confirming adds confirmed=1 so the server acts at once. Without this script the server
// shows its own confirmation page, so the question is always asked.
(function () {
  "use strict";

  function dialogFor(form) {
    const dialog = document.createElement("dialog");
    dialog.className = "confirm-dialog";
    const question = document.createElement("p");
    question.textContent = form.dataset.confirm;
    const actions = document.createElement("div");
    actions.className = "actions";
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "button";
    cancel.textContent = form.dataset.confirmCancel || "Cancel";
    const ok = document.createElement("button");
    ok.type = "button";
    ok.className = "button danger";
    ok.textContent = form.dataset.confirmOk || "OK";
    actions.append(cancel, ok);
    dialog.append(question, actions);
    cancel.addEventListener("click", () => dialog.close());
    dialog.addEventListener("close", () => dialog.remove());
    document.body.append(dialog);
    return { dialog, ok };
  }

  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.confirm) return;
    if (form.querySelector("input[name=confirmed]")) return; // already confirmed
    event.preventDefault();
    const submitter = event.submitter;
    const { dialog, ok } = dialogFor(form);
    ok.addEventListener("click", () => {
      const confirmed = document.createElement("input");
      confirmed.type = "hidden";
      confirmed.name = "confirmed";
      confirmed.value = "1";
      form.append(confirmed);
      dialog.close();
      form.requestSubmit(submitter && submitter.form === form ? submitter : undefined);
    });
    dialog.showModal();
    ok.focus();
  });
})();
