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


@pytest.fixture(scope="module")
def family_pages():
    from tools.sota.views.concern import CONCERN

    return dict(CONCERN.pages())


def test_every_directory_keeps_its_anchor_on_the_map_and_has_a_section_on_its_family_page(page, family_pages):
    from tools.sota.facts import sota_map, summaries
    from tools.sota.facts.summary import family_anchor

    for d in sota_map().directories:
        # Links to sota/index.md#dir-<name> (loss, trainer, target-update and recipe pages,
        # inventory.json) land on the directory's row, which links on to its section.
        assert f'<span id="{anchor(d.name)}"></span>' in page, d.name
        holders = [path for path, text in family_pages.items() if f"{{ #{anchor(d.name)} }}" in text]
        assert len(holders) == 1, (d.name, holders)
        assert f"({holders[0].removeprefix('sota/')}#{anchor(d.name)})" in page, d.name
    for family in {s.family for s in summaries()}:
        assert f'<span id="{family_anchor(family)}"></span>' in page, family


def test_the_overview_has_one_row_per_directory_and_few_columns(page):
    from tools.sota.facts import sota_map

    rows = [line for line in page.splitlines() if line.startswith("| ") and '<span id="dir-' in line]
    assert len(rows) == len(sota_map().directories)
    header = next(line for line in page.splitlines() if line.startswith("| Family |"))
    # Six columns fit a 1280 px window (tests/site/test_reader_sweep.py looks at it in the browser).
    assert header.count(" | ") + 1 <= 6


def test_family_pages_link_the_files_at_the_recorded_commit(family_pages):
    from tools.sota.facts import sota_map

    text = "".join(family_pages.values())
    assert f"https://github.com/pytorch/rl/blob/{sota_map().commit}/sota-implementations/sac/sac.py" in text


def test_scripts_that_build_the_same_things_share_one_entry(family_pages):
    """a2c_atari.py and a2c_mujoco.py build the same loss and estimator: one entry, their differences under it."""
    text = family_pages["sota/families/advantage-actor-critic.md"]
    entry = next(line for line in text.splitlines() if "a2c_atari.py`]" in line)
    assert "a2c_mujoco.py`]" in entry and entry.endswith("each build:")
    assert "    - only `a2c_atari.py`: needs atari" in text
    # Per-script detail is folded: the file and line of each construction, arguments, hyperparameters.
    assert '??? note "Where each script builds them (file and line)"' in text
    assert '??? note "Hyperparameters of a2c_atari.py (config_atari.yaml)' in text


def test_every_family_page_is_in_the_nav_pattern_and_says_the_scripts_are_not_run(family_pages):
    assert family_pages
    for path, text in family_pages.items():
        assert path.startswith("sota/families/") and path.endswith(".md")
        assert "not run here" in text, path


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
    assert f"sota/families/soft-actor-critic.md#{anchor('sac')}" in links


def test_trainer_links_point_at_trainer_directories():
    from tools.sota.views.links import links as sota_links

    paths = [path for _, path in sota_links("trainer", "SACTrainer")]
    assert f"sota/families/soft-actor-critic.md#{anchor('sac_trainer')}" in paths
    assert f"sota/families/soft-actor-critic.md#{anchor('sac')}" not in paths  # the script directory builds no trainer


def test_the_smoke_tests_command_and_script_come_from_the_scan():
    from tools.sota.facts import sota_map
    from tools.sota.views.concern import CONCERN

    sota = sota_map()
    runner = sota.ci_smoke_runner
    assert runner is not None and runner.command.endswith("--capture no") and "pytest" in runner.command
    section = CONCERN.sections["smoke"]("")
    assert runner.command in section and f"{sota.ci_smoke_file}::{runner.test}[NAME]" in section
    names = sum(len(d.ci_smoke) for d in sota.directories)
    assert names >= 20 and section.count("\n    | `") == names
    assert "<!-- gen:sota.smoke -->" in (DOCS / "sota" / "index.md").read_text()
