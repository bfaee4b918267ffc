"""Changed defaults are classified by measurement: the stored measurements are what measuring again gives,
they cover every changed default of each step they measure, and a note that contradicts one fails the build.

Measuring builds collectors that start worker processes (minutes): ``python -m tools.cli.upgrading
measure`` does it, in the pinned venv and in the kept 0.13.3 venv (the 0.12 -> 0.13 step's newer
release); the tests check each stored file's inputs key instead of measuring again.
"""

from __future__ import annotations

import pytest

from tests.support.release_venv import RELEASE
from tools.upgrading.facts import _facts, measured, released, upgrades
from tools.upgrading.facts.classify import UnclassifiedDifferences, classify_step
from tools.upgrading.facts.curated import PINNED
from tools.upgrading.facts.records import BEHAVIOUR, NONE, SAME_RESOLVED, Note

pytestmark = pytest.mark.xdist_group("release-migrations")

STEPS = {s.new: s for s in upgrades().steps}


def _defaults(new_release: str) -> list[dict]:
    step = STEPS[new_release]
    new = _facts(PINNED) if new_release == upgrades().pinned else released(new_release)
    return measured.changed_defaults(released(step.old), new)


@pytest.mark.parametrize("release", [upgrades().pinned, RELEASE])
def test_a_stored_measurement_covers_every_changed_default_of_its_step(release):
    stored = measured.stored(release)
    assert stored is not None, f"no {measured.stored_file(release)}: python -m tools.cli.upgrading measure"
    assert stored["versions"]["torchrl"] == release
    assert sorted(stored["measured"]) == sorted(d["key"] for d in _defaults(release))


@pytest.mark.parametrize("release", [upgrades().pinned, RELEASE])
def test_a_stored_measurement_was_made_from_the_current_script_and_defaults(release):
    stored = measured.stored(release)
    command = "python -m tools.cli.upgrading measure" + (
        " --python <its venv>/bin/python" if release == RELEASE else ""
    )
    assert stored.get("inputs") == measured.inputs_key(_defaults(release)), (
        f"stale {measured.stored_file(release).name}: {command}"
    )


def test_every_measured_default_cites_its_measurement_on_the_page():
    for release, step in STEPS.items():
        verdicts = measured.verdicts(release)
        cited = {c.key: c.measured for c in step.changes if c.measured}
        assert set(cited) == set(verdicts), step.slug
        assert all(text.startswith(f"measured on torchrl {release}: ") for text in cited.values())


def _note(key: str, impact: str, category: str | None) -> Note:
    return Note("claim", "0.13-to-0.14", "t", impact, category, [key], "text", None, "none needed")


@pytest.mark.parametrize(
    ("impact", "category", "outcome"),
    [
        (NONE, SAME_RESOLVED, measured.DIFFERS),
        (BEHAVIOUR, None, measured.SAME),
        (NONE, None, measured.DIFFERS),
    ],
)
def test_a_note_contradicting_a_measurement_stops_the_build(impact, category, outcome):
    step = STEPS[upgrades().pinned]
    key = "configs GAEConfig fields.average_gae"
    notes = [n for n in step.notes if key not in n.differences] + [_note(key, impact, category)]
    verdict = measured.Verdict(outcome, "0.14.1", "GAE: True → False")
    with pytest.raises(UnclassifiedDifferences, match=r"note 'claim' on configs GAEConfig"):
        classify_step(released(step.old), _facts(PINNED), step.slug, notes, {key: verdict})
