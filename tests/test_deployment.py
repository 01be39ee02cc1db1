"""The production files as `docker compose up` reads them: only the TLS proxy is reachable from outside, and the app
takes forwarded headers from that proxy alone."""

import ipaddress
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SERVICES = COMPOSE["services"]
PROXY = SERVICES.get("proxy", {})
WEB = SERVICES["web"]


def proxy_address():
    return PROXY["networks"]["default"]["ipv4_address"]


def mounted_caddyfile():
    """The Caddyfile on the host that the proxy mounts read-only as its configuration."""
    for volume in PROXY["volumes"]:
        source, target, *options = volume.split(":")
        if target == "/etc/caddy/Caddyfile":
            assert options == ["ro"]
            return ROOT / source
    pytest.fail("The proxy mounts no Caddyfile.")


def test_only_the_proxy_publishes_ports():
    assert [name for name, service in SERVICES.items() if "ports" in service] == ["proxy"]
    assert {str(port).split("/")[0] for port in PROXY["ports"]} == {"80:80", "443:443"}
    assert "ports" not in WEB and [str(port) for port in WEB["expose"]] == ["8000"]


def test_the_proxy_is_caddy_from_its_official_image_with_its_data_kept():
    assert PROXY["image"] == "caddy:2"
    kept = {volume.split(":")[1] for volume in PROXY["volumes"]}
    assert {"/data", "/config"} <= kept
    assert {"caddy_data", "caddy_config"} <= set(COMPOSE["volumes"])


def test_the_proxy_has_a_fixed_address_on_the_services_network():
    subnet = COMPOSE["networks"]["default"]["ipam"]["config"][0]
    address = ipaddress.ip_address(proxy_address())
    assert address in ipaddress.ip_network(subnet["subnet"])
    assert address not in ipaddress.ip_network(subnet["ip_range"])  # never handed to another container


def test_the_app_trusts_forwarded_headers_from_the_proxy_alone():
    trusted = WEB["environment"]["FORWARDED_ALLOW_IPS"]
    assert "*" not in trusted
    assert trusted == proxy_address()
    assert str(WEB["environment"]["PROXY_COUNT"]) == "1"


def test_the_dockerfile_does_not_trust_forwarded_headers_from_anyone():
    dockerfile = (ROOT / "Dockerfile").read_text()
    command = next(line for line in dockerfile.splitlines() if line.startswith("CMD"))
    assert "uvicorn" in command and "--proxy-headers" in command
    assert "forwarded-allow-ips='*'" not in command
    assert not re.search(r"forwarded.allow.ips\W*\*", dockerfile, re.IGNORECASE)  # neither flag nor ENV


def test_the_caddyfile_serves_the_site_address_and_proxies_to_the_app():
    caddyfile = mounted_caddyfile().read_text()
    assert re.search(r"^\{\$SITE_ADDRESS(:[^}]*)?\} \{$", caddyfile, re.MULTILINE)
    assert re.search(r"^\s*reverse_proxy web:8000$", caddyfile, re.MULTILINE)
    assert PROXY["environment"]["SITE_ADDRESS"] == "${SITE_ADDRESS:-localhost}"


def test_the_sign_up_limit_reaches_the_app_from_the_environment():
    assert WEB["environment"]["SIGNUP_LIMIT_PER_HOUR"] == "${SIGNUP_LIMIT_PER_HOUR:-}"

    def limit_with(environment):
        env = {**{k: v for k, v in os.environ.items() if k != "SIGNUP_LIMIT_PER_HOUR"}, "DEBUG": "1", **environment}
        show = "from django.conf import settings; print(settings.SIGNUP_LIMIT_PER_HOUR)"
        result = subprocess.run(
            [sys.executable, "manage.py", "shell", "--verbosity", "0", "-c", show],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
        )
        assert result.returncode == 0, result.stderr
        return int(result.stdout)

    assert limit_with({}) == limit_with({"SIGNUP_LIMIT_PER_HOUR": ""}) == 10
    assert limit_with({"SIGNUP_LIMIT_PER_HOUR": "25"}) == 25
