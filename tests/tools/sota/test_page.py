"""The SOTA page, the inventory section and the links other pages get, from the shipped map."""

from __future__ import annotations

import json

import pytest

from tools.core.paths import DOCS
from tools.sota.facts.summary import anchor

PAGE = "sota/index.md"
REQUIRED = {
    "directory",
    "scripts",
    "configs",
    "launchers",
    "losses",
    "estimators",
    "target_updaters",
    "trainers",
    "collectors",
    "replay_buffers",
    "extras",
    "hyperparameters",
    "composes",
    "commit",
}


@pytest.fixture(scope="module")
def page():
    from tools.site.markers import expand

    return expand((DOCS / PAGE).read_text(), PAGE).markdown


def test_every_directory_has_its_stable_anchor(page):
    from tools.sota.facts import sota_map

    for d in sota_map().directories:
        assert f"{{ #{anchor(d.name)} }}" in page, d.name


def test_the_page_links_the_files_at_the_recorded_commit(page):
    from tools.sota.facts import sota_map

    assert f"https://github.com/pytorch/rl/blob/{sota_map().commit}/sota-implementations/sac/sac.py" in page


def test_the_page_says_the_scripts_are_not_run(page):
    assert "not run here" in page


def test_inventory_entries_have_the_promised_fields():
    from tools.sota.facts import sota_map
    from tools.sota.views.concern import CONCERN

    entries = CONCERN.inventory()
    json.dumps(entries)
    assert [e["directory"] for e in entries] == [d.name for d in sota_map().directories]
    for entry in entries:
        assert set(entry) >= REQUIRED, entry["directory"]


def test_loss_pages_link_back_to_the_directories_that_build_them():
    from tools.sota.views.links import links as sota_links

    links = {path: title for title, path in sota_links("loss", "SACLoss")}
    assert f"{PAGE}#{anchor('sac')}" in links


def test_trainer_links_point_at_trainer_directories():
    from tools.sota.views.links import links as sota_links

    paths = [path for _, path in sota_links("trainer", "SACTrainer")]
    assert f"{PAGE}#{anchor('sac_trainer')}" in paths
    assert f"{PAGE}#{anchor('sac')}" not in paths  # the script directory builds no trainer
