"""The tracker as an app on a player's phone, in Chromium: the service worker and the offline page with a real
server stopped and started again, and the phone kept awake, with its sound cue, on the player's turn. The manifest,
the icons and the worker's script from the outside: tests/test_app_shell.py."""

from playwright.sync_api import expect

from combat import commands
from tests.e2e.test_live_encounter import PHONE

# Every path the service worker's caches hold, whatever the cache.
CACHED_PATHS = """async () => {
  const paths = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
  }
  return paths;
}"""

OFFER_TO_INSTALL = """() => {
  const offer = new Event("beforeinstallprompt", { cancelable: true });
  offer.prompt = () => { window.installPrompted = true; };
  window.dispatchEvent(offer);
}"""


def test_the_phone_keeps_the_shell_shows_the_offline_page_and_comes_back(table, login, asgi_server):
    commands.start(table.encounter, table.gm)
    path = f"/encounters/{table.encounter.pk}/"
    phone = login("bruno", **PHONE)
    page = phone.open(path)
    assert page.locator("link[rel=manifest]").get_attribute("href") == "/manifest.webmanifest"
    assert page.evaluate("navigator.serviceWorker.ready.then((registration) => registration.active.state)") == (
        "activated"
    )
    page.wait_for_function("navigator.serviceWorker.controller !== null")

    def assert_only_the_shell_is_cached():
        cached = page.evaluate(CACHED_PATHS)
        assert "/offline/" in cached and "/static/css/app.css" in cached
        assert [kept for kept in cached if kept != "/offline/" and not kept.startswith("/static/")] == []

    assert_only_the_shell_is_cached()

    # The Install button shows only once the browser offers to install (headless Chromium never does: the offer is
    # made here as the browser would make it), and asks the browser's own prompt.
    install = page.get_by_role("button", name="Install app")
    expect(install).to_be_hidden()
    page.evaluate(OFFER_TO_INSTALL)
    expect(install).to_be_visible()
    assert install.bounding_box()["height"] >= 44
    install.click()
    page.wait_for_function("window.installPrompted === true")
    expect(install).to_be_hidden()

    asgi_server.stop()
    page.reload()
    expect(page.get_by_role("heading", level=1)).to_have_text("The tracker's server cannot be reached")
    expect(page.locator("#strip")).to_have_count(0)

    asgi_server.start()
    page.get_by_role("button", name="Retry").click()
    expect(page.locator("#strip")).to_contain_text("Round 1")
    assert page.url == asgi_server.url + path
    assert_only_the_shell_is_cached()


# The page's wake lock requests and their sentinels' releases are counted around Chromium's own API (headless
# Chromium grants a screen lock); the tones are counted where the page starts them.
RECORD_WAKE_LOCK_AND_TONES = """
window.wakeLocks = { requested: 0, released: 0 };
const requestLock = WakeLock.prototype.request;
WakeLock.prototype.request = function (type) {
  window.wakeLocks.requested += 1;
  return requestLock.call(this, type).then((sentinel) => {
    window.lastWakeLock = sentinel;
    sentinel.addEventListener("release", () => { window.wakeLocks.released += 1; });
    return sentinel;
  });
};
window.tones = 0;
const startTone = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...when) { window.tones += 1; return startTone.apply(this, when); };
"""


def test_the_phone_stays_awake_and_beeps_on_the_players_turn(table, login):
    """The wake lock through Chromium's own navigator.wakeLock, which headless Chromium grants, its calls counted:
    asked for when Bruno's turn starts, asked again when the page is shown after the browser dropped it, released
    when the turn passes. The sound cue: off by default, on after a tap,
    remembered after a reload, and a tone started when his turn comes."""
    commands.start(table.encounter, table.gm)  # the hidden goblin acts first
    phone = login("bruno", **PHONE)
    phone.context.add_init_script(RECORD_WAKE_LOCK_AND_TONES)
    page = phone.open(f"/encounters/{table.encounter.pk}/")
    sound = page.get_by_role("button", name="Sound on my turn")

    expect(sound).to_have_text("Sound on my turn: off")
    expect(sound).to_have_attribute("aria-pressed", "false")
    sound.click()
    expect(sound).to_have_text("Sound on my turn: on")
    page.reload()
    expect(sound).to_have_text("Sound on my turn: on")
    expect(sound).to_have_attribute("aria-pressed", "true")
    box = sound.bounding_box()
    assert box["height"] >= 44
    assert page.evaluate("window.wakeLocks") == {"requested": 0, "released": 0}

    commands.next_turn(table.encounter, table.gm)  # -> Gunther, Bruno's character
    expect(page.locator(".your-turn")).to_contain_text("Your turn, Gunther")
    page.wait_for_function("window.wakeLocks.requested === 1 && window.tones >= 1")
    expect(page).to_have_title("● Your turn — Ford")
    # The browser drops the lock when the page is hidden (released here as it would be); shown again, the page asks
    # for a new one.
    page.evaluate("window.lastWakeLock.release()")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("window.wakeLocks.requested === 2")

    commands.next_turn(table.encounter, table.gm)  # -> Anders
    expect(page.locator(".your-turn")).to_have_count(0)
    page.wait_for_function("window.wakeLocks.released === 2")
    assert page.evaluate("window.wakeLocks.requested") == 2
    assert phone.errors == []
