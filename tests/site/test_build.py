"""The strict build succeeds with zero warnings and writes the inventory."""

from __future__ import annotations

import json
import re

from tools.site import torch_use
from tools.versions.facts import read_versions


def test_strict_build_succeeds_without_warnings(built_site):
    assert built_site.returncode == 0, built_site.output[-4000:]
    noisy = [line for line in built_site.output.splitlines() if re.match(r"\s*(WARNING|ERROR)\b", line)]
    assert not noisy, "the build printed warnings:\n" + "\n".join(noisy)


def test_the_build_of_the_pinned_release_imports_no_torch(built_site):
    # Every record set that needs torchrl imported is kept (`make records`): the build reads them, and no
    # view or marker asks torchrl directly. Neither the build nor the pages' renderer imported torch.
    assert built_site.returncode == 0, built_site.output[-4000:]
    said = [line for line in built_site.output.splitlines() if torch_use.IMPORTED in line]
    assert not said, "\n".join(said)


def test_inventory_holds_the_installed_versions(site):
    inventory = json.loads((site / "inventory.json").read_text())
    assert inventory["versions"] == read_versions().to_json()


def test_no_marker_is_left_unexpanded(site):
    leftovers = [
        str(path.relative_to(site))
        for path in site.rglob("*.html")
        if re.search(r"<!--\s*gen:", path.read_text(encoding="utf-8"))
    ]
    assert not leftovers, f"pages with unexpanded markers: {leftovers}"
