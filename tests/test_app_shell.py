"""The tracker installs as an app: its manifest, its icons, its service worker and its offline page, from the outside.
The worker's behaviour in a browser (registered, the offline page with the server stopped, nothing of a player's
cached): tests/e2e/test_app_install.py."""

import json
import re
import struct

import pytest
from django.contrib.staticfiles import finders
from django.test import AsyncClient

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(body):
    """(width, height) from a PNG's IHDR chunk, which the format puts first."""
    assert body[:8] == PNG_SIGNATURE and body[12:16] == b"IHDR"
    return struct.unpack(">II", body[16:24])


async def test_the_manifest_names_the_app_and_its_icons_are_real_pngs_of_their_sizes():
    client = AsyncClient()
    response = await client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Combat tracker" and manifest["short_name"]
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    sizes = {}
    for icon in manifest["icons"]:
        assert icon["type"] == "image/png"
        image = await client.get(icon["src"])
        assert image.status_code == 200
        sizes[icon["sizes"]] = png_size(b"".join([chunk async for chunk in image.streaming_content]))
    assert sizes == {"192x192": (192, 192), "512x512": (512, 512)}


CACHE_NAME = re.compile(r'const CACHE = "(shell-[0-9a-f]{12})";')


@pytest.mark.django_db
def test_the_service_worker_is_served_at_the_root_and_caches_only_the_shell(client, monkeypatch, tmp_path):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    script = response.content.decode()
    shell = json.loads(re.search(r"const SHELL = (\[.*?\]);", script).group(1))
    assert "/offline/" in shell and "/static/css/app.css" in shell
    assert all(url.startswith("/static/") for url in shell if url != "/offline/")

    # A shell file that changes names a new cache, which the worker installs in place of the old one.
    edited = tmp_path / "app.css"
    edited.write_text("body { margin: 0 }")
    find = finders.find
    monkeypatch.setattr(finders, "find", lambda path, **options: edited if path == "css/app.css" else find(path))
    assert CACHE_NAME.search(client.get("/sw.js").content.decode())[1] != CACHE_NAME.search(script)[1]


@pytest.mark.django_db
def test_the_offline_page_holds_nothing_of_whoever_asks_for_it(client, table):
    client.force_login(table.gm)
    page = client.get("/offline/").content.decode()
    assert "cannot be reached" in page and 'id="retry"' in page
    assert "gm" not in re.findall(r"[\w-]+", page.split("<body", 1)[1]) and "Log out" not in page
    assert table.campaign.name not in page


@pytest.mark.django_db
def test_the_player_page_links_the_manifest_and_offers_the_sound_choice_off(client, table):
    client.force_login(table.anna)
    page = client.get(f"/encounters/{table.encounter.pk}/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert 'id="sound-cue"' in page and 'aria-pressed="false"' in page
