// Live partials carry the encounter version (data-version). A fragment no newer than what the page shows — a slow
// response overtaken by a websocket push, or the same version arriving twice — never replaces it.
document.addEventListener("htmx:oobBeforeSwap", (event) => {
  const incoming = event.detail.fragment.firstElementChild;
  const shown = Number(event.detail.target.dataset.version);
  if (incoming && Number(incoming.dataset.version) <= shown) event.detail.shouldSwap = false;
  if (event.detail.shouldSwap) keepTyped(event.detail.target);
});
document.addEventListener("htmx:oobAfterSwap", () => restoreTyped());

// What the user has typed or chosen in a form of a live part, and not yet sent, survives the part being replaced
// by a newer version: a roll half typed on the phone when another player acts, a number the GM is entering. The
// form must still be there (same id) in the new version; a closed test takes its typed roll with it.
let typed = [];
// The form whose command is on its way: what it carries has been sent, so it is not kept for the next version.
let sending = null;
document.addEventListener("htmx:beforeRequest", (event) => { sending = event.detail.elt.closest("form")?.id ?? null; });
document.addEventListener("htmx:afterRequest", () => { sending = null; });

function changedByUser(field) {
  if (field.type === "hidden" || field.type === "submit" || !field.name) return false;
  if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
  if (field.tagName === "SELECT") return [...field.options].some((option) => option.selected !== option.defaultSelected);
  return field.value !== field.defaultValue;
}

function keepTyped(part) {
  for (const form of part.querySelectorAll("form[id]")) {
    if (form.id === sending) continue;
    for (const field of form.elements) {
      if (!changedByUser(field)) continue;
      const chosen = field.tagName === "SELECT" ? [...field.selectedOptions].map((option) => option.value) : null;
      typed.push({ form: form.id, name: field.name, value: field.value, checked: field.checked, chosen,
                   focused: field === document.activeElement });
    }
  }
}

function restoreTyped() {
  for (const entry of typed) {
    const field = document.getElementById(entry.form)?.elements.namedItem(entry.name);
    if (!field || field instanceof RadioNodeList) continue;
    if (entry.chosen) for (const option of field.options) option.selected = entry.chosen.includes(option.value);
    else if (field.type === "checkbox") field.checked = entry.checked;
    else field.value = entry.value;
    if (entry.focused) field.focus();
  }
  typed = [];
}

// A folded panel (<details> with an id) that the viewer opened stays open when a live update redraws it.
document.addEventListener("htmx:oobBeforeSwap", (event) => {
  for (const shown of event.detail.target.querySelectorAll("details[id][open]")) {
    event.detail.fragment.querySelector(`#${CSS.escape(shown.id)}`)?.setAttribute("open", "");
  }
});
