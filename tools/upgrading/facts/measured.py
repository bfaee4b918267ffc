"""The changed defaults of a release step, measured in the step's newer release (``measure.py``), stored.

A default that moved is classified by what it does, not by its text: ``measure.py``
builds every class that uses it with the old and the new value in the newer
release and reads the effective state.  The results live in
``data/upgrading/measured/torchrl-<release>.json``, written by
``python -m tools.cli.upgrading measure`` with that release's interpreter (the
pinned venv, or a kept venv of an older release).  Measuring starts collectors' worker
processes and takes minutes, so the tests do not measure again: each file keeps the hash
of what it was measured from (``inputs_key``: the script and the defaults it was given),
and a test fails, naming the command, when that changed.  A step whose newer release has no stored
measurement keeps the classification read from its defaults, and its page says so.
"""

from __future__ import annotations

import hashlib
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from tools.core.fresh_python import run_fresh_python
from tools.core.paths import DATA
from tools.upgrading.facts import diff as raw
from tools.upgrading.facts import measure

MEASURED = DATA / "upgrading" / "measured"
SCRIPT = measure.__file__
# Values a default cannot be measured with: a parameter without a default, a field left to OmegaConf.
MUST_GIVE = (raw.REQUIRED, "'???'")
SAME, DIFFERS, OLD_REFUSED = "resolves to the same value", "changes behaviour", "the old value is refused"


@dataclass(frozen=True)
class Verdict:
    outcome: str  # SAME, DIFFERS or OLD_REFUSED
    release: str  # where it was measured
    cited: str  # "Collector (module policy): False -> False, ..." as the page shows it


def changed_defaults(old: dict, new: dict) -> list[dict]:
    """Each default that moved between two snapshots and can be given both ways: key, old and new text."""
    return [
        {"key": d.key, "old": d.old, "new": d.new}
        for d in raw.diff(old, new)
        if d.kind == raw.DEFAULT and d.old not in MUST_GIVE and d.new not in MUST_GIVE
    ]


def stored_file(release: str):
    return MEASURED / f"torchrl-{release}.json"


def stored(release: str) -> dict | None:
    path = stored_file(release)
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else None


def inputs_key(defaults: list[dict]) -> str:
    """What a measurement depends on besides its release (kept in the file as ``versions``)."""
    text = Path(SCRIPT).read_text(encoding="utf-8") + json.dumps(defaults, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def run(defaults: list[dict], python: str = sys.executable) -> dict:
    """Measure in a fresh interpreter (``python`` of the release to measure), by the script's path; the
    result keeps its ``inputs_key``."""
    done = run_fresh_python(
        [SCRIPT], input=json.dumps(defaults), extra_env={"PYTHONHASHSEED": "0"}, timeout=900, python=python
    )
    if done.returncode != 0:
        raise RuntimeError(f"{SCRIPT} failed under {python}:\n{done.stderr[-3000:]}")
    return {**json.loads(done.stdout), "inputs": inputs_key(defaults)}


def dumps(found: dict) -> str:
    return json.dumps(found, sort_keys=True, indent=1) + "\n"


def verdict(by_class: dict, release: str) -> Verdict | None:
    """What one key's measurement says, or None when it was not measured."""
    if measure.UNMEASURED in by_class:
        return None
    cited = "; ".join(f"{shown}: {state['old']} → {state['new']}" for shown, state in sorted(by_class.items()))
    states = list(by_class.values())
    if all(s["old"] == s["new"] for s in states):
        return Verdict(SAME, release, cited)
    if all(s["old"].startswith("raised ") and not s["new"].startswith("raised ") for s in states):
        return Verdict(OLD_REFUSED, release, cited)
    return Verdict(DIFFERS, release, cited)


def verdicts(release: str) -> dict[str, Verdict]:
    """key -> verdict, for the measured keys of the release's stored file (empty when there is none)."""
    found = stored(release) or {}
    out = {}
    for key, by_class in (found.get("measured") or {}).items():
        v = verdict(by_class, found["versions"]["torchrl"])
        if v is not None:
            out[key] = v
    return out
