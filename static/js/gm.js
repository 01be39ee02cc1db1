// GM screen keyboard shortcuts: N next turn, U undo, D delay, S start, A add a combatant. Ignored while typing in a
// field.
document.addEventListener("keydown", (event) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.target.closest("input, select, textarea, [contenteditable]")) return;
  if (event.key.toLowerCase() === "a") {
    const adding = document.getElementById("add-combatant");
    if (!adding) return;
    event.preventDefault();
    adding.open = true;
    adding.querySelector("select, input:not([type=hidden])")?.focus();
    return;
  }
  const target = { n: "next-turn", u: "undo", d: "delay", s: "start" }[event.key.toLowerCase()];
  const button = target && document.getElementById(target);
  if (button && !button.disabled) {
    event.preventDefault();
    button.click();
  }
});

// Forms marked data-reset-on-success clear themselves once their command went through; a choice that follows another
// (an opponent, data-follows below) is made again for the choice reset.
document.addEventListener("htmx:afterRequest", (event) => {
  const form = event.detail.elt.closest("form[data-reset-on-success]");
  if (!form || !event.detail.successful || document.querySelector("#flash.error")) return;
  form.reset();
  form.querySelectorAll("select[data-follows]").forEach(follow);
});

// The attack panel is rendered by the server for the fields a request carried, and several requests from it (a new
// attacker, a new target, a preview) can be on their way at once. Only the answer to the latest one is shown, and only
// if the GM has changed nothing since it left; otherwise the panel asks again with everything chosen now. So a target
// picked or a roll typed while the panel reloads is never lost. Applying disables the panel (hx-disabled-elt), so
// nothing changes under it and its answer, the fresh form, is always shown.
let latestPanelRequest = 0;
document.addEventListener("htmx:beforeRequest", (event) => {
  if (event.detail.target.id === "attack-panel") event.detail.requestConfig.panelRequest = ++latestPanelRequest;
});
document.addEventListener("htmx:beforeSwap", (event) => {
  const { target, requestConfig } = event.detail;
  if (target.id !== "attack-panel") return;
  if (requestConfig.panelRequest !== latestPanelRequest) event.detail.shouldSwap = false;
  const sent = requestConfig.formData;
  const action = sent.get("action");
  if (!event.detail.shouldSwap || action === "apply") return;
  const form = target.querySelector("form");
  const now = new FormData(form);
  const names = new Set([...form.elements].filter((field) => field.type !== "submit" && field.name !== "drawn_attacker").map((field) => field.name));
  const unchanged = (name) => JSON.stringify(sent.getAll(name)) === JSON.stringify(now.getAll(name));
  if ([...names].every(unchanged)) return;
  event.detail.shouldSwap = false;
  // What the GM chose meanwhile was chosen with this attacker in view: the server keeps it rather than choosing anew.
  if (form.elements.drawn_attacker) form.elements.drawn_attacker.value = now.get("attacker");
  htmx.ajax(requestConfig.verb, requestConfig.path, { source: form, values: action ? { action } : {} });
});

// The attack panel drawn anew for what the GM chose (attacker, weapon, target, a preview) brings its roll or apply
// button into the column's view, scrolling as little as it takes, so the GM rolls without looking for it; a panel
// redrawn because the turn moved on leaves the column where it is.
document.addEventListener("htmx:afterSettle", (event) => {
  if (event.detail.target.id !== "attack-panel") return;
  if (event.detail.requestConfig?.triggeringEvent?.type === "turn-moved") return;
  (document.getElementById("apply-attack") ?? document.getElementById("attack-actions"))?.scrollIntoView({ block: "nearest" });
});

// A select marked data-follows="#other" offers only the options of the choice made in #other: its optgroups carry
// data-for (the weapons of each attacker); options carrying data-side are never left on #other's own side (an ally is
// not the default target). A choice the new owner cannot make falls back to the first one it can.
function follow(select) {
  const owner = document.querySelector(select.dataset.follows);
  if (!owner) return;
  const chosen = owner.selectedOptions[0];
  for (const group of select.querySelectorAll("optgroup[data-for]")) {
    group.hidden = group.disabled = group.dataset.for !== owner.value;
  }
  const usable = (option) =>
    !option.disabled && !option.parentElement.disabled && (!option.dataset.side || option.dataset.side !== chosen?.dataset.side);
  if (!select.selectedOptions[0] || !usable(select.selectedOptions[0])) {
    const first = [...select.options].find(usable);
    if (first) select.value = first.value;
  }
}
const followAll = () => document.querySelectorAll("select[data-follows]").forEach(follow);
document.addEventListener("change", (event) => {
  if (event.target.id) document.querySelectorAll(`select[data-follows="#${event.target.id}"]`).forEach(follow);
});
document.addEventListener("DOMContentLoaded", followAll);
// A live update redraws the form for the active combatant: its weapons and a target that is not an ally.
document.addEventListener("htmx:oobAfterSwap", followAll);

// The rows' tools are one panel on the page (#row-tools-panel, outside every live part), held by the row whose toggle
// is open and filled from the toggle's data-*: its name, its place in the order, the buttons it offers (data-offers
// against the buttons' data-offered). A live update that replaces the row holding it takes it out first and gives it
// to the new row after, so what the GM typed in it and the focus stay.
const toolsPanel = () => document.getElementById("row-tools-panel");

function holdTools(toggle) {
  const panel = toolsPanel();
  const combatant = toggle.id.replace("row-tools-", "");
  const { name, turn, offers } = toggle.dataset;
  if (panel.dataset.combatant !== combatant) {
    for (const form of panel.querySelectorAll("form")) form.reset();
    // Fields showing what the row holds now (data-from names the toggle's data-*), filled once as the panel opens.
    for (const field of panel.querySelectorAll("[data-from]")) field.value = toggle.dataset[field.dataset.from] ?? "";
  }
  panel.dataset.combatant = combatant;
  for (const field of panel.querySelectorAll("input[name=combatant]")) field.value = combatant;
  for (const form of panel.querySelectorAll("form[data-tool]")) form.id = `${form.dataset.tool}-${combatant}`;
  for (const field of panel.querySelectorAll("[data-label]")) field.setAttribute("aria-label", `${field.dataset.label} ${name}`);
  for (const button of panel.querySelectorAll("[data-confirm]")) button.setAttribute("hx-confirm", `${button.dataset.confirm} ${name}?`);
  const offered = offers.split(" ");
  for (const button of panel.querySelectorAll("[data-offered]")) button.hidden = !offered.includes(button.dataset.offered);
  panel.querySelector("[data-offered=up]").value = Number(turn) - 2;  // positions count from 0, turns from 1
  panel.querySelector("[data-offered=down]").value = turn;
  if (panel.parentElement !== toggle) toggle.append(panel);
}

let toolsFocus = null;
document.addEventListener("htmx:oobBeforeSwap", (event) => {
  const panel = toolsPanel();
  if (!event.detail.shouldSwap || !panel || !event.detail.target.contains(panel)) return;
  const field = panel.contains(document.activeElement) ? document.activeElement : null;
  toolsFocus = field && { field, caret: caretOf(field) };
  document.getElementById("row-tools-home").append(panel);
});
document.addEventListener("htmx:oobAfterSwap", () => {
  const panel = toolsPanel();
  if (!panel || panel.parentElement.id !== "row-tools-home") return;
  const toggle = document.getElementById(`row-tools-${panel.dataset.combatant}`);
  if (toggle?.open) holdTools(toggle);
  if (toggle?.open && toolsFocus) refocus(toolsFocus.field, toolsFocus.caret);
  toolsFocus = null;
});

// One row's tools open at a time, and Escape folds them: an open panel lies over the rows below it.
document.addEventListener("toggle", (event) => {
  const opened = event.target;
  if (!opened.matches?.("details.row-tools") || !opened.open) return;
  for (const other of document.querySelectorAll("details.row-tools[open]")) if (other !== opened) other.open = false;
  holdTools(opened);
}, true);
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  for (const open of document.querySelectorAll("details.row-tools[open]")) {
    open.open = false;
    open.querySelector("summary")?.focus();
  }
});

// An attack form's Advantage box carrying data-advantages (Symbaroum: flanking, higher ground) is ticked, with the
// reason beside it, for the attacker, weapon (melee or ranged) and target chosen; the GM may untick it, and it is
// worked out again only when that choice changes.
function tickAdvantage() {
  const box = document.querySelector("input[data-advantages]");
  const why = document.getElementById("attack-advantage-why");
  if (!box || !box.form) return;
  const data = JSON.parse(box.dataset.advantages);
  const { attacker, target, weapon } = box.form.elements;
  const chosen = (weapon && weapon.value) || data.first[attacker.value] || "";
  const kind = (data.ranged_weapons[attacker.value] || []).includes(chosen) ? "ranged" : "melee";
  const pair = `${attacker.value}:${target.value}`;
  if (box.dataset.pair === `${kind}:${pair}`) return;
  box.dataset.pair = `${kind}:${pair}`;
  const reason = data[kind][pair] || "";
  box.checked = Boolean(reason);
  if (why) why.textContent = reason ? `(${reason})` : "";
}
document.addEventListener("change", (event) => {
  if (event.target.closest?.("#attack-form")) tickAdvantage();
});
document.addEventListener("DOMContentLoaded", tickAdvantage);
document.addEventListener("htmx:oobAfterSwap", tickAdvantage);

// "Add combatant" opens first on an empty encounter, while the fight is being set up; once it starts (its Start
// button goes) the panel folds and goes to the foot of the column, still opened by a click or A.
let settingUp = Boolean(document.getElementById("start"));
document.addEventListener("htmx:oobAfterSwap", () => {
  const wasSettingUp = settingUp;
  settingUp = Boolean(document.getElementById("start"));
  const adding = document.getElementById("add-combatant");
  if (!wasSettingUp || settingUp || !adding) return;
  adding.open = false;
  adding.classList.remove("first");
});

// The rows ticked for "To every ticked row" (#several): the form lies outside every live part and sends their ids in
// its hidden "combatants"; a live update that redraws a ticked row ticks it again. The form's reset, once its command
// went through, clears them.
const ticked = new Set();
const rowTicks = () => document.querySelectorAll("#initiative td.turn input[type=checkbox]");
function showTicked() {
  const form = document.getElementById("several");
  if (!form) return;
  form.elements.combatants.value = [...ticked].join(",");
  document.getElementById("several-count").textContent = ticked.size ? `${ticked.size} ticked` : "none ticked";
}
document.addEventListener("change", (event) => {
  const box = event.target;
  if (box.type !== "checkbox" || !box.closest("#initiative td.turn")) return;
  if (box.checked) ticked.add(box.value);
  else ticked.delete(box.value);
  showTicked();
});
document.addEventListener("reset", (event) => {
  if (event.target.id !== "several") return;
  ticked.clear();
  for (const box of rowTicks()) box.checked = false;
  showTicked();
});
document.addEventListener("htmx:oobAfterSwap", () => {
  const present = new Set();
  for (const box of rowTicks()) {
    box.checked = ticked.has(box.value);
    present.add(box.value);
  }
  for (const value of [...ticked]) if (!present.has(value)) ticked.delete(value);
  showTicked();
});
