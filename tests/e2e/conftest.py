"""Real-browser fixtures: uvicorn serving the real ASGI app, Playwright driving Debian's Chromium."""

import os
import shutil

import pytest

from tests.live_server import LiveServer

# Playwright's sync API runs an event loop in the test thread; the test's own ORM calls are still sync.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


def chromium_path():
    return os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/e2e/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.e2e)


# Per module, not per session: Playwright's sync API keeps an event loop running in the test thread while it is open,
# and the async tests that come after the browser tests (tests/test_compression.py) need that thread's loop free.
@pytest.fixture(scope="module")
def browser():
    path = chromium_path()
    if not path:
        message = "Debian's chromium is not installed (apt-get install chromium)"
        if os.environ.get("E2E_REQUIRED"):
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def asgi_server(transactional_db):
    server = LiveServer()
    server.start()
    yield server
    server.stop()


class Viewer:
    """A logged-in browser context; collects console errors so CSP or JS failures fail the test."""

    def __init__(self, browser, base_url, username, password, **context_options):
        self.context = browser.new_context(**context_options)
        self.page = self.context.new_page()
        self.errors = []
        self.page.on("console", lambda msg: msg.type == "error" and self.errors.append(msg.text))
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.base_url = base_url
        self.page.goto(f"{base_url}/accounts/login/")
        self.page.fill("input[name=username]", username)
        self.page.fill("input[name=password]", password)
        self.page.click("button.primary")
        self.page.wait_for_url(f"{base_url}/")

    def open(self, path):
        self.page.goto(self.base_url + path)
        # The live socket has delivered its first full view when htmx has processed it.
        self.page.wait_for_function(
            "() => document.querySelector('[ws-connect]') && "
            "document.querySelector('[ws-connect]')['htmx-internal-data']?.webSocket?.socket?.readyState === 1"
        )
        return self.page


@pytest.fixture
def login(browser, asgi_server):
    viewers = []

    def open_as(username, password="secret-pass", **context_options):
        viewer = Viewer(browser, asgi_server.url, username, password, **context_options)
        viewers.append(viewer)
        return viewer

    yield open_as
    for viewer in viewers:
        viewer.context.close()
