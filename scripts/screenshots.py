"""Re-make the README's pictures from the demo data: docs/gm-screen.png and docs/phone.png.

Sets up the demo as `make demo` does, but in a fresh temporary SQLite database (your db.sqlite3 is left alone),
serves it with uvicorn on a free port, and has Debian's Chromium (driven by Playwright) log in and open the running
WFRP 4e encounter "Ambush at the ford": as the GM `gm` on a laptop screen, and as the player `anna` on a phone.
The GM first passes the turn on (Next turn) until it is anna's character's, so her phone says it is her turn.

    .venv/bin/python scripts/screenshots.py
"""

import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / ".venv" / "bin"
ENCOUNTER = "Ambush at the ford"
# anna's character in that fight: the GM passes the turn on until it is his.
ACTIVE = "Anders Sigmarsson"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-sync"]
# The live socket has delivered its first full view when htmx has processed it (as tests/e2e/conftest.py waits).
SOCKET_OPEN = (
    "() => document.querySelector('[ws-connect]') && "
    "document.querySelector('[ws-connect]')['htmx-internal-data']?.webSocket?.socket?.readyState === 1"
)
# uvicorn as `make run` starts it, but quiet; the port is added.
UVICORN = [
    *"config.asgi:application --host 127.0.0.1 --ws websockets-sansio --ws-per-message-deflate false".split(),
    *"--log-level warning --no-access-log".split(),
]
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
SHOTS = [
    # (file, login, browser context options, height to keep from the top of the page, in CSS pixels)
    ("gm-screen.png", "gm", {"viewport": {"width": 1366, "height": 768}}, 768),
    ("phone.png", "anna", PHONE, 1140),
]


def free_port():
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def manage(env, *args):
    subprocess.run([BIN / "python", "manage.py", *args], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)


def wait_until_answering(url, server, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit(f"uvicorn exited with code {server.returncode}")
        try:
            with urllib.request.urlopen(url + "/accounts/login/", timeout=2):
                return
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.1)
    sys.exit(f"uvicorn did not answer on {url} within {timeout} s")


def pass_turns_to(page, name, most=20):
    """As the GM, press Next turn until it is `name`'s turn, each time waiting for the screen to show the new turn;
    then wait for the attack panel, redrawn after each turn, to have `name` as the attacker."""
    active = page.locator("#active-name")
    for _ in range(most):
        current = active.inner_text()
        if current == name:
            expect(page.locator("#attack-panel select[name=attacker] option:checked")).to_have_text(name)
            return
        page.click("#next-turn")
        expect(active).not_to_have_text(current)
    sys.exit(f"{most} turns passed without {name}'s")


def shoot(browser, base_url, username, context_options, height, path):
    """Log in as `username` (password = username in the demo), follow the home page's link to the encounter."""
    context = browser.new_context(**context_options)
    try:
        page = context.new_page()
        page.goto(f"{base_url}/accounts/login/")
        page.fill("input[name=username]", username)
        page.fill("input[name=password]", username)
        page.click("button.primary")
        page.wait_for_url(f"{base_url}/")
        page.get_by_role("link", name=ENCOUNTER, exact=True).click()
        page.wait_for_function(SOCKET_OPEN)
        if username == "gm":
            pass_turns_to(page, ACTIVE)
        page.evaluate("() => document.fonts.ready.then(() => true)")
        height = min(height, page.evaluate("document.documentElement.scrollHeight"))
        width = context_options["viewport"]["width"]
        page.screenshot(path=path, full_page=True, clip={"x": 0, "y": 0, "width": width, "height": height})
    finally:
        context.close()


def main():
    chromium = shutil.which("chromium")
    if not chromium:
        sys.exit("Debian's chromium is not installed (apt-get install chromium)")
    with tempfile.TemporaryDirectory(prefix="screenshots-") as tmp:
        # DEBUG as `make demo` has it; no Redis: the in-memory channel layer serves one uvicorn process.
        env = {**os.environ, "DEBUG": "1", "DATABASE_URL": f"sqlite:///{tmp}/db.sqlite3", "LOG_LEVEL": "WARNING"}
        env.pop("REDIS_URL", None)
        manage(env, "migrate", "--no-input")
        manage(env, "loadrules")
        manage(env, "seeddemo")
        manage(env, "collectstatic", "--no-input", "--verbosity", "0")
        port = free_port()
        base_url = f"http://127.0.0.1:{port}"
        server = subprocess.Popen([BIN / "uvicorn", *UVICORN, "--port", str(port)], cwd=ROOT, env=env)
        try:
            wait_until_answering(base_url, server)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
                for name, username, options, height in SHOTS:
                    path = ROOT / "docs" / name
                    shoot(browser, base_url, username, options, height, path)
                    print(path.relative_to(ROOT))
                browser.close()
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


if __name__ == "__main__":
    main()
