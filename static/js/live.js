// Live partials carry the encounter version (data-version). A fragment older than what the page shows —
// a slow response overtaken by a websocket push — never replaces the newer one.
document.addEventListener("htmx:oobBeforeSwap", (event) => {
  const incoming = event.detail.fragment.firstElementChild;
  const shown = Number(event.detail.target.dataset.version);
  if (incoming && Number(incoming.dataset.version) < shown) event.detail.shouldSwap = false;
});
