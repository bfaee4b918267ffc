"""Each migration's two halves: "before" runs on the older release and fails on the pinned one; "after" runs
on the pinned one (the site's block runners run it, as the page shows it).

"Before" halves of the 0.13.3 step run here, in the kept 0.13.3 venv (``make release-venv``); those of
older steps ran in their release's snapshot venv (``make api-snapshot``), which recorded the outcome with
the digest of the code, checked here against the file as it stands.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.release_venv import RELEASE, release_venv
from tools.core.fresh_python import fresh_environment
from tools.upgrading.facts import before_outcome, curated, upgrades
from tools.upgrading.facts.records import NEEDS_NOTE

# Its tests share module fixtures that run files in the older release's venv (importing torch):
# one worker runs them all, so each fixture runs once per suite, not once per worker.
pytestmark = pytest.mark.xdist_group("release-migrations")

MIGRATIONS = [(step, note) for step in upgrades().steps for note in step.notes if note.migration is not None]
IDS = [f"{step.slug}:{note.slug}" for step, note in MIGRATIONS]


def _path(step, note):
    return curated.migration_folder(step.old) / f"{note.slug}{curated.BEFORE}"


# Runs each file given, in turn, in one interpreter (torch is imported once, not once per file), with fresh
# globals as __main__; prints one JSON line per file: the first line of what it raised, or null.
RUNNER = """
import json, runpy, sys, warnings

warnings.simplefilter("ignore")
for path in sys.argv[1:]:
    try:
        runpy.run_path(path, run_name="__main__")
    except BaseException as exc:
        print(json.dumps([path, (type(exc).__name__ + ": " + (str(exc).splitlines() or [""])[0])]))
    else:
        print(json.dumps([path, None]))
"""


def _run_all(python: str, paths: list, cwd) -> dict[str, str | None]:
    """path -> None (ran) or the error it raised."""
    env = fresh_environment()
    done = subprocess.run(
        [python, "-c", RUNNER, *map(str, paths)], cwd=cwd, env=env, capture_output=True, text=True, timeout=900
    )
    results = dict(json.loads(line) for line in done.stdout.splitlines() if line.startswith("["))
    assert len(results) == len(paths), f"the runner stopped early (exit {done.returncode}):\n{done.stderr[-3000:]}"
    return results


def test_every_step_has_migrations():
    assert {step.slug for step, _ in MIGRATIONS} >= {"0.12-to-0.13", "0.13-to-0.14"}


@pytest.mark.parametrize(
    ("step", "note"),
    [m for m in MIGRATIONS if m[0].old != RELEASE],
    ids=[i for (s, _), i in zip(MIGRATIONS, IDS, strict=True) if s.old != RELEASE],
)
def test_an_older_before_half_ran_in_its_snapshot_venv(step, note):
    outcome = before_outcome(step, note.slug)
    assert outcome is not None, (
        f"{_path(step, note)} has not been run as it stands in torchrl {step.old}: make api-snapshot RELEASE={step.old}"
    )
    assert outcome["result"] == "ran", f"{_path(step, note)} on torchrl {step.old}: {outcome}"


@pytest.fixture(scope="module")
def on_the_kept_release(tmp_path_factory):
    bin_dir = release_venv()
    mine = [(step, note) for step, note in MIGRATIONS if step.old == RELEASE]
    results = _run_all(str(bin_dir / "python"), [_path(*m) for m in mine], tmp_path_factory.mktemp("before"))
    return {note.slug: results[str(_path(step, note))] for step, note in mine}


@pytest.mark.parametrize(
    ("step", "note"),
    [m for m in MIGRATIONS if m[0].old == RELEASE],
    ids=[i for (s, _), i in zip(MIGRATIONS, IDS, strict=True) if s.old == RELEASE],
)
def test_a_before_half_runs_on_the_kept_release(step, note, on_the_kept_release):
    error = on_the_kept_release[note.slug]
    assert error is None, f"{_path(step, note)} on torchrl {RELEASE}: {error}"


@pytest.fixture(scope="module")
def on_the_pinned_release(tmp_path_factory):
    checked = [(step, note) for step, note in MIGRATIONS if note.impact in NEEDS_NOTE]
    results = _run_all(sys.executable, [_path(*m) for m in checked], tmp_path_factory.mktemp("pinned"))
    return {note.slug: results[str(_path(step, note))] for step, note in checked}


@pytest.mark.parametrize(("step", "note"), MIGRATIONS, ids=IDS)
def test_a_before_half_fails_on_the_pinned_release(step, note, on_the_pinned_release):
    """The change is real: what the older release ran (or asserted) does not hold any more."""
    if note.impact not in NEEDS_NOTE:
        pytest.skip(f"{note.slug} is {note.impact}: nothing to migrate")
    error = on_the_pinned_release[note.slug]
    assert error is not None, f"{_path(step, note)} still runs on the pinned torchrl: is the note about a real change?"


# Runs each "after" half on the pinned release and prints the deprecation warnings its own run gave (torchrl
# and its configs are imported first, so warnings torchrl gives about itself at import are not counted).
AFTER_RUNNER = """
import json, runpy, sys, warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import torchrl.trainers.algorithms.configs  # noqa: F401
for path in sys.argv[1:]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            runpy.run_path(path, run_name="__main__")
        except BaseException as exc:
            print(json.dumps([path, ["raised " + type(exc).__name__ + ": " + (str(exc).splitlines() or [""])[0]]]))
            continue
    deprecated = (DeprecationWarning, PendingDeprecationWarning, FutureWarning)
    said = sorted({w.category.__name__ + ": " + str(w.message).splitlines()[0] for w in caught if issubclass(w.category, deprecated)})
    print(json.dumps([path, said]))
"""


# A migration that cannot avoid a deprecation warning says so in its "after" half, which the page shows:
# "# Accepts the warning: <Category>: <first line of the message>".
ACCEPTS = re.compile(r"^# Accepts the warning: (.+)$", re.MULTILINE)


def _deprecation_warnings(python: str, paths: list, cwd) -> dict[str, list[str]]:
    """path -> the deprecation warnings its run gave that it does not accept."""
    done = subprocess.run(
        [python, "-c", AFTER_RUNNER, *map(str, paths)],
        cwd=cwd,
        env=fresh_environment(),
        capture_output=True,
        text=True,
        timeout=900,
    )
    said = dict(json.loads(line) for line in done.stdout.splitlines() if line.startswith("["))
    assert len(said) == len(paths), f"the runner stopped early (exit {done.returncode}):\n{done.stderr[-3000:]}"
    unaccepted = {}
    for path, warnings in said.items():
        accepted = set(ACCEPTS.findall(Path(path).read_text(encoding="utf-8")))
        if set(warnings) - accepted:
            unaccepted[path] = sorted(set(warnings) - accepted)
    return unaccepted


def _after(step, note):
    return curated.migration_folder(step.old) / f"{note.slug}{curated.AFTER}"


def test_no_after_half_relies_on_a_deprecated_setting(tmp_path):
    """Every step's "after" halves, on the pinned release: what the page tells a reader to write now."""
    warned = _deprecation_warnings(sys.executable, [_after(*m) for m in MIGRATIONS], tmp_path)
    assert not warned, f"migrations whose 'after' half gives a deprecation warning (use the replacement): {warned}"


def test_no_after_half_relies_on_a_deprecated_setting_in_its_own_release(tmp_path):
    """The "after" halves of the step that ends at the kept release, there too (the other steps' newer
    releases have no kept venv: their halves run on the pinned release only)."""
    mine = [_after(step, note) for step, note in MIGRATIONS if step.new == RELEASE]
    assert mine, f"no migration of a step ending at {RELEASE}"
    warned = _deprecation_warnings(str(release_venv() / "python"), mine, tmp_path)
    assert not warned, f"on torchrl {RELEASE}, 'after' halves that give a deprecation warning: {warned}"
