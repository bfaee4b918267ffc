"""The build refuses a sitemap and canonical links at a loopback host unless told it is local."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from mkdocs.exceptions import PluginError

from tools.site import mkdocs_adapter


@pytest.fixture
def command(monkeypatch):
    def set_command(name: str) -> None:
        monkeypatch.setitem(mkdocs_adapter._build, "command", name)

    return set_command


@pytest.mark.parametrize("url", ["http://127.0.0.1:8000/", "http://localhost:8000/docs/"])
def test_a_loopback_site_url_is_refused_with_the_fix(monkeypatch, command, url):
    command("build")
    monkeypatch.delenv("LOCAL_BUILD", raising=False)
    with pytest.raises(PluginError, match=r"SITE_URL.*LOCAL_BUILD=1"):
        mkdocs_adapter._check_site_url(SimpleNamespace(site_url=url))


def test_a_local_build_or_serve_may_use_it(monkeypatch, command):
    command("build")
    monkeypatch.setenv("LOCAL_BUILD", "1")
    mkdocs_adapter._check_site_url(SimpleNamespace(site_url="http://127.0.0.1:8000/"))
    monkeypatch.delenv("LOCAL_BUILD")
    command("serve")
    mkdocs_adapter._check_site_url(SimpleNamespace(site_url="http://127.0.0.1:8000/"))


def test_a_served_address_passes(monkeypatch, command):
    command("build")
    monkeypatch.delenv("LOCAL_BUILD", raising=False)
    mkdocs_adapter._check_site_url(SimpleNamespace(site_url="https://owner.github.io/repo/"))
