// The service worker (config/app_shell.py). It keeps the static shell only: the CSS, the scripts, the icons and the
// offline page, the same for everyone. Pages, the API and everything else drawn for a user go to the network and are
// never stored; when the server cannot be reached, a page asked for shows the offline page instead.
const CACHE = "{{ cache_name }}";
const SHELL = [{% for url in shell %}"{{ url|escapejs }}"{% if not forloop.last %}, {% endif %}{% endfor %}];
const OFFLINE = "{{ offline|escapejs }}";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

// A deploy names a new cache: the old shells go once this worker takes over.
self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (SHELL.includes(url.pathname)) {
    event.respondWith(caches.match(request, { ignoreVary: true }).then((kept) => kept ?? fetch(request)));
  } else if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE, { ignoreVary: true })));
  }
});
