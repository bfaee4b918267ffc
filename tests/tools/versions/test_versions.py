"""The versions record matches what is installed, and what is installed matches the pins."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata

from tools.core.paths import ROOT
from tools.versions.facts import read_versions
from tools.versions.views.render import render_table


def _pins() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = {}
    # The pins live in the "site" extra; the commands' own dependencies are ranges.
    for requirement in project["optional-dependencies"]["site"]:
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


def test_torchrl_extension_loads_with_the_pinned_torch():
    # Run fresh, not from the records cache: this is the check a pin bump must pass.
    from tools.versions.facts.extension import probe

    status = probe()
    pins = _pins()
    assert status["loads"], (
        f"torchrl {pins['torchrl']}'s compiled extension (torchrl._torchrl: prioritized replay) does not load "
        f"with torch {status['torch']}: {status['import_error'] or status['buffer_error']}. "
        "Change the torch pin in pyproject.toml to the release this torchrl was built against "
        "(or the torchrl pin to one built for this torch), then run `make test`."
    )


def test_mismatch_capture_is_for_the_pinned_torchrl():
    from tools.versions.facts import mismatch_capture

    capture = mismatch_capture()
    pins = _pins()
    assert capture["torchrl"] == pins["torchrl"], (
        f"data/captured/extension-mismatch.json was captured with torchrl {capture['torchrl']}, "
        f"the pin is {pins['torchrl']}: run `make capture-mismatch`"
    )
    assert capture["torch"].split("+")[0] != pins["torch"], "the mismatch capture must use another torch than the pin"


def test_extension_section_says_what_was_measured():
    from tools.versions.facts import declared_torch_requirement, extension_status, mismatch_capture
    from tools.versions.views.render import render_extension

    text = render_extension(extension_status(), mismatch_capture(), declared_torch_requirement())
    assert "**Loads** with the installed torch" in text
    assert mismatch_capture()["buffer_error"] in text
    assert declared_torch_requirement().startswith("torch>=")
