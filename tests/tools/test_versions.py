"""The versions record matches what is installed, and what is installed matches the pins."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata

from tools.paths import ROOT
from tools.versions import read_versions, render_table


def _pins() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = {}
    for requirement in project["dependencies"]:
        match = re.match(r"^([A-Za-z0-9_.\-\[\]]+?)(?:\[[^\]]*\])?==([^;\s]+)", requirement)
        if match:
            pins[match.group(1).lower()] = match.group(2)
    return pins


def test_record_reads_installed_metadata():
    versions = read_versions().by_name()
    for dist, version in versions.items():
        assert version == metadata.version(dist)


def test_installed_versions_match_the_pins():
    # If this fails, .venv is stale: `make` targets reinstall when pyproject.toml changes.
    pins = _pins()
    for dist, version in read_versions().by_name().items():
        installed = version.split("+")[0]  # torch's CPU wheel says 2.13.0+cpu
        assert installed == pins[dist], f"{dist}: installed {version}, pyproject.toml pins {pins[dist]}"


def test_table_lists_every_package():
    table = render_table(read_versions())
    for dist, version in read_versions().by_name().items():
        assert f"| `{dist}` | {version} |" in table
