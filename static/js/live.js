// Live partials carry the encounter version (data-version). A fragment no newer than what the page shows — a slow
// response overtaken by a websocket push, or the same version arriving twice — never replaces it. A push brings only
// the parts that changed, and the GM's turn order row by row, so a part may hold a row newer than itself: what it
// shows is the newest version in it.
function shownVersion(part) {
  return Math.max(Number(part.dataset.version) || 0,
                  ...[...part.querySelectorAll("[data-version]")].map((inner) => Number(inner.dataset.version) || 0));
}

// New lines of a list drawn newest first (the log) come on their own, inserted at its top: they are checked against
// the part the list is in, and the list keeps its length (data-newest-first) as the next full draw would.
document.addEventListener("htmx:oobBeforeSwap", (event) => {
  const incoming = event.detail.fragment.firstElementChild;
  const shown = shownVersion(event.detail.target.closest("[data-version]") ?? event.detail.target);
  if (incoming && Number(incoming.dataset.version) <= shown) event.detail.shouldSwap = false;
  if (event.detail.shouldSwap) keepTyped(event.detail.target);
});
document.addEventListener("htmx:oobAfterSwap", (event) => {
  followTurn();
  restoreTyped();
  const list = event.detail.target;
  const keep = Number(list.dataset.newestFirst);
  if (keep) while (list.children.length > keep) list.lastElementChild.remove();
});

// What the user has typed or chosen in a form of a live part, and not yet sent, survives the part being replaced
// by a newer version: a roll half typed on the phone when another player acts, a number the GM is entering; the
// field that had the focus keeps it. The form must still be there in the new version (same id; a form without an id
// is found by its part, action and place); a closed test takes its typed roll with it. Choices of the active
// combatant follow the turn (data-active-choice, below).
let typed = [];
// The form whose command is on its way: what it carries has been sent, so it is not kept for the next version.
let sending = null;
document.addEventListener("htmx:beforeRequest", (event) => { sending = event.detail.elt.closest("form") ?? null; });
document.addEventListener("htmx:afterRequest", () => { sending = null; });

function changedByUser(field) {
  if (field.type === "hidden" || field.type === "submit" || !field.name) return false;
  if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
  if (field.tagName === "SELECT") return [...field.options].some((option) => option.selected !== option.defaultSelected);
  return field.value !== field.defaultValue;
}

// A form without an id is known by its part, its action and its place among the part's forms of that action.
function formsLike(part, action) {
  return [...(part?.querySelectorAll("form:not([id])") ?? [])].filter((form) => (form.getAttribute("action") ?? "") === action);
}

// Where to find the form again in the part's next version.
function formKey(part, form) {
  if (form.id) return { id: form.id };
  const action = form.getAttribute("action") ?? "";
  return { part: part.id, action, place: formsLike(part, action).indexOf(form) };
}

function findForm(key) {
  if (key.id) return document.getElementById(key.id);
  return formsLike(document.getElementById(key.part), key.action)[key.place] ?? null;
}

// Where the caret was in a focused field, and the focus given back there once its part is redrawn (gm.js too).
const caretOf = (field) => ("selectionStart" in field ? field.selectionStart : null);
function refocus(field, caret) {
  field.focus();
  if (caret !== null) try { field.setSelectionRange(caret, caret); } catch { /* number inputs have no caret */ }
}

function keepTyped(part) {
  for (const form of part.querySelectorAll("form")) {
    if (form === sending) continue;
    const key = formKey(part, form);
    for (const field of form.elements) {
      const focused = field === document.activeElement;
      const changed = changedByUser(field);
      if (!changed && !focused) continue;
      const chosen = field.tagName === "SELECT" ? [...field.selectedOptions].map((option) => option.value) : null;
      typed.push({ key, name: field.name, value: field.value, checked: field.checked, chosen,
                   changed, focused, selection: focused ? caretOf(field) : null });
    }
  }
}

function restoreTyped() {
  for (const entry of typed) {
    const form = findForm(entry.key);
    const field = form?.elements.namedItem(entry.name);
    if (!field || field instanceof RadioNodeList) continue;
    if (entry.changed) {
      if (entry.chosen) for (const option of field.options) option.selected = entry.chosen.includes(option.value);
      else if (field.type === "checkbox") field.checked = entry.checked;
      else field.value = entry.value;
    }
    if (entry.focused) refocus(field, entry.selection);
  }
  typed = [];
}

// A field marked data-active-choice (a select of combatants, a hidden input) holds the active combatant, set here
// from the version input's data-turn rather than drawn, so a panel listing every combatant stays the same when only
// the turn moves on. A part drawn anew gets the active combatant before it is shown, then what was chosen in it
// (restoreTyped); once the turn moves on, every such field follows and the other choices of their forms go back to
// the drawn ones (typed numbers stay): a GM's pick holds for that turn only.
let turnFollowed;
const shownTurn = () => document.getElementById("encounter-version")?.dataset.turn;

function chooseActive(root) {
  const active = shownTurn()?.split(":")[1] ?? "";
  for (const field of root.querySelectorAll("[data-active-choice]")) {
    if (field.tagName !== "SELECT") {
      field.setAttribute("value", active);
      field.value = active;
      continue;
    }
    // One the select does not list (no sheet, or out of the fight) leaves its first option, drawn as chosen, so
    // it is not taken for the GM's pick.
    const listed = [...field.options].some((option) => option.value === active);
    for (const [place, option] of [...field.options].entries()) {
      const chosen = listed ? option.value === active : place === 0;
      option.toggleAttribute("selected", chosen);
      option.selected = chosen;
    }
  }
}

function followTurn() {
  if (shownTurn() === turnFollowed) return;
  turnFollowed = shownTurn();
  const forms = new Set([...document.querySelectorAll("[data-active-choice]")].map((field) => field.form));
  for (const form of forms) if (form) drawnChoices(form);
  chooseActive(document);
}

function drawnChoices(form) {
  for (const field of form.elements) {
    if (field.tagName === "SELECT") for (const option of field.options) option.selected = option.defaultSelected;
    else if (field.type === "checkbox" || field.type === "radio") field.checked = field.defaultChecked;
  }
}
document.addEventListener("DOMContentLoaded", followTurn);
document.addEventListener("htmx:oobBeforeSwap", (event) => {
  if (event.detail.shouldSwap) chooseActive(event.detail.fragment);
});

// A part that live updates do not bring (the WFRP 4e attack panel keeps its preview) but that is drawn for one turn
// (data-turn and an hx-trigger on "turn-moved") asks for itself again once the turn moves on.
document.addEventListener("htmx:oobAfterSwap", () => {
  const turn = document.getElementById("encounter-version")?.dataset.turn;
  if (turn === undefined) return;
  for (const part of document.querySelectorAll('[data-turn][hx-trigger~="turn-moved"]')) {
    if (part.dataset.turn === turn) continue;
    part.dataset.turn = turn;  // asked once; its answer carries the new turn
    htmx.trigger(part, "turn-moved");
  }
});

// A folded panel (<details> with an id) that the viewer opened stays open when a live update redraws it.
document.addEventListener("htmx:oobBeforeSwap", (event) => {
  for (const shown of event.detail.target.querySelectorAll("details[id][open]")) {
    event.detail.fragment.querySelector(`#${CSS.escape(shown.id)}`)?.setAttribute("open", "");
  }
});

// Whether the page keeps up with the fight, in every [data-connection] (drawn in the parts, so set again after each
// redraw): "live" while its socket is open, "reconnecting…" while htmx opens it again, "offline since 12:04" while
// the browser is offline or the server has closed it for good. Waking up (the tab shown again, the page back from
// the browser's cache, the network back) asks for the whole view at once: anything a page sends is a resync
// (combat/consumers.py); a socket that is gone is opened again.
const connection = { state: "connecting", since: null, socket: null, current: null };
const RETRIED_CLOSES = [1006, 1011, 1012, 1013];  // those the htmx ws extension reopens by itself

function connectionWord() {
  const since = connection.since?.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  if (connection.state === "live") return "live";
  if (connection.state === "offline") return `offline since ${since}`;
  if (connection.state === "reconnecting") return since ? `reconnecting… (offline since ${since})` : "reconnecting…";
  return "connecting…";
}

function showConnection() {
  const word = connectionWord();
  for (const shown of document.querySelectorAll("[data-connection]")) {
    shown.textContent = word;
    shown.dataset.connection = connection.state;
  }
}

function connectionIs(state) {
  if (state === "live") connection.since = null;
  else if (state !== "connecting") connection.since ??= new Date();
  connection.state = state;
  showConnection();
}

document.addEventListener("DOMContentLoaded", showConnection);
document.addEventListener("htmx:oobAfterSwap", showConnection);
document.addEventListener("htmx:wsConnecting", () => {
  if (connection.state !== "connecting") connectionIs(navigator.onLine ? "reconnecting" : "offline");
});
document.addEventListener("htmx:wsOpen", (event) => {
  connection.socket = event.detail.socketWrapper;
  connection.current = event.detail.event.target;
  if (navigator.onLine) connectionIs("live");
});
document.addEventListener("htmx:wsAfterMessage", () => {
  if (navigator.onLine && connection.current) connectionIs("live");
});
document.addEventListener("htmx:wsClose", (event) => {
  if (event.detail.event.target !== connection.current) return;  // a socket replaced by a newer one
  connection.current = null;
  const retried = RETRIED_CLOSES.includes(event.detail.event.code);
  connectionIs(retried && navigator.onLine ? "reconnecting" : "offline");
});
window.addEventListener("offline", () => connectionIs("offline"));

function wake() {
  if (!connection.socket || !navigator.onLine) return;
  if (connection.current) {
    connectionIs("reconnecting");
    connection.socket.send("resync");
  } else {
    connection.socket.reconnect();
  }
}
window.addEventListener("online", wake);
window.addEventListener("pageshow", (event) => { if (event.persisted) wake(); });
document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") wake(); });

// The tracker as an app (config/app_shell.py): the service worker, registered once the page has loaded so it never
// slows the first view; the Install button, shown only when the browser offers to install; the offline page's Retry.
if ("serviceWorker" in navigator) window.addEventListener("load", () => navigator.serviceWorker.register("/sw.js"));
window.addEventListener("beforeinstallprompt", (event) => {
  event.preventDefault();
  const install = document.getElementById("install");
  install.hidden = false;
  install.onclick = () => { install.hidden = true; event.prompt(); };
});
document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("retry")?.addEventListener("click", () => location.reload());
});
