"""What changed between torchrl releases: snapshots of older releases and of the pinned one, classified.

``current`` is the installed torchrl's snapshot, made in-process by the very code
that made the committed snapshots (``tools.torchrl.snapshot``) and kept in
``outputs/records/`` like the other measured record sets, so a step's diff compares
two snapshots made alike.  ``upgrades`` diffs each
release step of ``data/upgrading.yaml`` (two committed snapshots, or the newest
snapshot and ``current``) and classifies every difference (``classify.py``);
the build fails, naming the difference and the file, on one it cannot classify.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

from tools.core.cache import RecordSet
from tools.core.codec import record_codec
from tools.core.distributions import installed
from tools.torchrl.snapshot import snapshot
from tools.torchrl.snapshot.blocks import block_digest
from tools.upgrading.facts import curated, measured
from tools.upgrading.facts.classify import UnclassifiedDifferences, classify_step
from tools.upgrading.facts.curated import PINNED, CuratedDataError, migration_folder, minor, snapshot_file, step_slug
from tools.upgrading.facts.records import Step, Upgrades

# Kept (`make records`) so that a build reads the pinned release once, through the concerns' own records.
# A snapshot is already a JSON-able dict, so it is kept on disk as it is.
current = RecordSet("upgrading.current", snapshot, encode=dict, decode=dict, committed=True)


def released(release: str) -> dict:
    """The committed snapshot of an older release (shared between callers: read, never change it)."""
    path = snapshot_file(release)
    return _parsed(path, path.stat().st_mtime_ns)


@functools.lru_cache(maxsize=8)
def _parsed(path: Path, modified_ns: int) -> dict:
    # The release texts ask for a snapshot once per change they describe; each file is parsed once
    # (per edit, under `make serve`).
    return json.loads(path.read_text(encoding="utf-8"))


def pinned_release() -> str:
    return installed()["torchrl"]


def snapshot_of(release: str) -> dict:
    """A release's snapshot as a step names the release: the pinned one read here, an older one committed."""
    return current() if release == pinned_release() else released(release)


def _facts(release: str) -> dict:
    return current() if release == PINNED else released(release)


def _upgrades() -> Upgrades:
    pinned = pinned_release()
    steps_data, notes = curated.load(pinned_release=pinned)
    steps = []
    for old, new in steps_data:
        shown_new = pinned if new == PINNED else new
        slug = step_slug(old, shown_new)
        verdicts = measured.verdicts(shown_new)
        changes = classify_step(_facts(old), _facts(new), slug, notes, verdicts)
        title = f"{minor(old)} to {minor(shown_new)}"
        step_notes = [n for n in notes if n.step == slug]
        measured_in = shown_new if measured.stored(shown_new) is not None else None
        steps.append(Step(slug, old, shown_new, title, changes, step_notes, measured_in=measured_in))
    return Upgrades(pinned, steps)


_encode, _decode = record_codec(Upgrades)
upgrades = RecordSet("upgrading.steps", _upgrades, encode=_encode, decode=_decode)


def step(slug: str) -> Step:
    for s in upgrades().steps:
        if s.slug == slug:
            return s
    raise KeyError(f"no release step {slug!r} in data/upgrading.yaml (steps: {[s.slug for s in upgrades().steps]})")


def before_outcome(step_record: Step, slug: str) -> dict | None:
    """What the "before" half of a migration did in its release's snapshot venv, if recorded for this very code."""
    recorded = released(step_record.old).get("migrations", {}).get(slug)
    path = migration_folder(step_record.old) / f"{slug}{curated.BEFORE}"
    if recorded is None or not path.is_file() or recorded.get("digest") != block_digest(path.read_text("utf-8")):
        return None
    return recorded


# The snapshot venvs all hold torch 2.13.0 (the CPU wheel at hand), which the compiled extension of other
# torchrl releases does not load with (see the versions page): a block that needs it (prioritized replay)
# raises this there whatever the release's code says, so its outcome checks nothing.
EXTENSION_UNAVAILABLE = "is not available. See warning above."
NOT_RUN = "not run"


def fixed_outcomes() -> dict[str, dict[str, dict]]:
    """slug -> release -> what each fixed-upstream row's block did in that release's snapshot venv (oldest
    first): ran, raised (with the error), or not run (the venv's torch cannot load the release's extension)."""
    found: dict[str, dict[str, dict]] = {}
    paths = sorted(curated.SNAPSHOTS.glob("torchrl-*.json"), key=lambda p: _version(p.stem.removeprefix("torchrl-")))
    for path in paths:
        facts = json.loads(path.read_text(encoding="utf-8"))
        for slug, outcome in (facts.get("fixed_upstream") or {}).items():
            if EXTENSION_UNAVAILABLE in outcome.get("error", ""):
                outcome = {
                    "result": NOT_RUN,
                    "error": "torchrl's compiled extension does not load with this venv's torch",
                }
            found.setdefault(slug, {})[facts["versions"]["torchrl"]] = outcome
    return found


def _version(release: str) -> tuple[int, ...]:
    return tuple(int(part) for part in release.split("."))


__all__ = [
    "CuratedDataError",
    "UnclassifiedDifferences",
    "before_outcome",
    "current",
    "fixed_outcomes",
    "pinned_release",
    "released",
    "snapshot_of",
    "step",
    "upgrades",
]
