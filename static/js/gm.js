// GM screen keyboard shortcuts: N next turn, U undo, D delay, S start. Ignored while typing in a field.
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest("input, select, textarea, [contenteditable]")) return;
  const target = { n: "next-turn", u: "undo", d: "delay", s: "start" }[event.key.toLowerCase()];
  const button = target && document.getElementById(target);
  if (button && !button.disabled) {
    event.preventDefault();
    button.click();
  }
});

// Forms marked data-reset-on-success clear themselves once their command went through.
document.addEventListener("htmx:afterRequest", (event) => {
  const form = event.detail.elt.closest("form[data-reset-on-success]");
  if (form && event.detail.successful && !document.querySelector("#flash.error")) form.reset();
});
