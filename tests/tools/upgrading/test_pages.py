"""The upgrade pages: led by what breaks, every difference listed, badges where other pages show the rows."""

from __future__ import annotations

from tests.support.fences import extract, python_chains
from tools.core import registry, urls
from tools.upgrading.facts import upgrades
from tools.upgrading.views import render
from tools.upgrading.views.concern import CONCERN

PAGES = CONCERN.pages()


def test_one_page_per_step_in_the_order_a_reader_needs():
    for step in upgrades().steps:
        text = PAGES[render.page(step)]
        order = [
            "## What changes for you",
            "## What breaks",
            "## What changes behaviour silently",
            "## New features",
            "## Nothing to do",
            "## Every difference",
            "## How this page was built",
        ]
        positions = [text.index(heading) for heading in order]
        assert positions == sorted(positions), step.slug
        listed = text[text.index("## Every difference") : text.index("## How this page was built")]
        assert listed.count("\n    | ") == len(step.changes) + 2, f"{step.slug}: the full list lacks differences"
        for note in step.notes:
            assert f"{{ #{note.slug} }}" in text


def test_before_halves_are_marked_for_their_release_and_not_run_on_the_pinned_one():
    for step in upgrades().steps:
        page = render.page(step)
        fences = extract(PAGES[page], page)
        before = [f for f in fences if f.runs_on]
        assert {f.runs_on for f in before} <= {step.old}
        assert len(before) == sum(1 for n in step.notes if n.migration is not None)
        run = [fence for chain in python_chains(fences) for fence in chain.fences]
        assert not any(f.runs_on for f in run)


def test_badges_beside_rows_the_newest_step_touched():
    newest = upgrades().steps[-1]
    here = urls.loss("ClipPPOLoss")
    assert "new in 0.14](../upgrading/0.13-to-0.14.md#new-losses){ .upgrade-badge }" in registry.badges(
        "losses ClipPPOLoss parameters.advantage_norm", here
    )
    assert "#act-action-chunk-key" in registry.badges("losses ACTLoss accepted_keys.action_chunk", urls.loss("ACTLoss"))
    assert "changed in 0.14" in registry.badges("configs GAEConfig fields.average_gae", urls.CONFIG_GROUPS)
    # an annotation alone is no change a reader acts on
    assert registry.badges("losses ClipPPOLoss parameters.clip_epsilon", here) == ""
    assert newest.new == upgrades().pinned


def test_badges_reach_the_built_pages(site):
    for page in (
        "losses/ClipPPOLoss/index.html",
        "trainers/PPOTrainer/index.html",
        "value-estimators/reference/index.html",
    ):
        html = (site / page).read_text(encoding="utf-8")
        assert 'class="upgrade-badge"' in html and "upgrading/0.13-to-0.14/" in html, page


def test_each_page_cites_its_measurements_and_filters_its_full_list():
    for step in upgrades().steps:
        text = PAGES[render.page(step)]
        for change in step.changes:
            if change.measured:
                assert text.count(change.measured.replace("_", "\\_")) >= 1, (step.slug, change.key)
        assert 'class="loss-table" data-filters=' in text and text.count('class="up-impact"') == len(step.changes)
