"""Pages, API answers and static files leave compressed, with DEBUG on (`make run`) and off (production)."""

import json
import re
import warnings
from pathlib import Path

import pytest
from django.core.management import call_command
from django.templatetags.static import static
from django.test import AsyncClient, Client, override_settings

from characters.models import ApiToken
from tests.factories import CombatantFactory, EncounterFactory

MODES = {"make run": True, "production": False}
COLLECTED_STORAGE = {
    True: "config.storage.MinifiedStaticFilesStorage",
    False: "config.storage.MinifiedManifestStaticFilesStorage",
}


@pytest.fixture(params=MODES.values(), ids=MODES.keys())
def debug(request):
    with override_settings(DEBUG=request.param):
        yield request.param


@pytest.fixture
def collected(debug, tmp_path):
    """Static files collected as `make run` (DEBUG on) or the Dockerfile (DEBUG off) collects them."""
    storages = {
        "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
        "staticfiles": {"BACKEND": COLLECTED_STORAGE[debug]},
    }
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=storages, SERVESTATIC_USE_FINDERS=False):
        call_command("collectstatic", "--no-input", "--ignore", "admin", verbosity=0)
        yield


@pytest.mark.django_db
def test_a_page_and_an_api_answer_are_gzipped(debug):
    encounter = EncounterFactory()
    CombatantFactory.create_batch(5, encounter=encounter)
    token = ApiToken.issue(encounter.campaign.gm)
    client = Client(HTTP_ACCEPT_ENCODING="gzip, deflate, br, zstd")

    page = client.get("/accounts/login/")
    api = client.get(f"/api/encounters/{encounter.pk}/", HTTP_AUTHORIZATION=f"Bearer {token}")

    assert page.status_code == 200 and page["Content-Encoding"] == "gzip"
    assert api.status_code == 200 and api["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in api["Vary"]


@pytest.mark.django_db
def test_without_accept_encoding_the_page_is_plain(debug):
    response = Client().get("/accounts/login/")

    assert response.status_code == 200 and not response.has_header("Content-Encoding")
    assert b"<form" in response.content


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("accept, encoding", [("gzip, deflate", "gzip"), ("gzip, deflate, br, zstd", "br")])
async def test_a_static_file_is_served_precompressed_without_a_warning(collected, accept, encoding):
    client, headers = AsyncClient(), {"Accept-Encoding": accept}
    with warnings.catch_warnings():
        # WhiteNoise's synchronous file iterator made Django warn under ASGI; ServeStatic streams asynchronously.
        warnings.simplefilter("error")
        response = await client.get(static("vendor/htmx-2.0.11.min.js"), headers=headers)
        body = b"".join([chunk async for chunk in response.streaming_content])
        page = await client.get("/accounts/login/", headers=headers)

    assert response.status_code == 200 and response["Content-Encoding"] == encoding
    assert 0 < len(body) < 20_000  # the plain file is 52 KB
    assert page.status_code == 200 and page["Content-Encoding"] == "gzip"


@pytest.mark.django_db(transaction=True)
async def test_a_revalidated_static_file_answers_304_without_a_body(collected):
    client, accept = AsyncClient(), {"Accept-Encoding": "gzip, br"}
    first = await client.get(static("css/app.css"), headers=accept)
    again = await client.get(static("css/app.css"), headers={**accept, "If-None-Match": first["ETag"]})

    assert again.status_code == 304
    assert not again.has_header("Content-Length") or again["Content-Length"] == "0"


@pytest.mark.django_db(transaction=True)
async def test_a_static_file_has_the_security_headers_of_a_page(collected):
    """ServeStatic answers before SecurityMiddleware runs (config/settings.py MIDDLEWARE): it gives them itself."""
    client = AsyncClient()
    static_file = await client.get(static("css/app.css"))
    page = await client.get("/accounts/login/")

    for header in ("X-Content-Type-Options", "Referrer-Policy", "Cross-Origin-Opener-Policy"):
        assert static_file[header] == page[header], header
    assert static_file["X-Content-Type-Options"] == "nosniff"


@pytest.mark.django_db(transaction=True)
async def test_own_files_leave_minified_and_the_service_worker_caches_them_by_the_urls_pages_use(collected, settings):
    """The project's own scripts and stylesheet are minified as they are collected, vendored files left as they are;
    each URL of the service worker's shell (hashed names in production) is served."""

    def collected_text(name):
        return (Path(settings.STATIC_ROOT) / static(name).removeprefix(settings.STATIC_URL)).read_text()

    source = Path(settings.STATICFILES_DIRS[0])
    for name in ("js/live.js", "js/phone.js", "css/app.css"):
        minified = collected_text(name)
        assert "/*" not in minified and "//" not in minified, name
        assert len(minified) < 0.8 * len((source / name).read_text()), name
    vendored = "vendor/htmx-2.0.11.min.js"
    assert collected_text(vendored) == (source / vendored).read_text()

    client = AsyncClient()
    script = (await client.get("/sw.js")).content.decode()
    shell = json.loads(re.search(r"const SHELL = (\[.*?\]);", script).group(1))
    assert static("css/app.css") in shell and static("js/phone.js") in shell
    for url in shell:
        assert (await client.get(url)).status_code == 200, url
