"""What a curated upgrade note names exists: every class, function, keyword and field in backticks is found
in one of the two releases of its step, and every error it quotes is one a release was recorded raising.

A release's names are read from its snapshot (``data/snapshots/torchrl-<release>.json``; the pinned release
introspected now): objects, parameters, fields, accepted keys, ConfigStore options, ``_target_`` paths.
Names the snapshots do not cover (collector, environment and storage classes) are looked up in the pinned
release when the step ends there; the rest are listed below as unchecked, with why, and the list must
stay exact: a name it holds that the snapshots or the pinned release now find fails the test too.
"""

from __future__ import annotations

import importlib
import json
import re

import pytest

from tools.upgrading.facts import _facts, released, upgrades
from tools.upgrading.facts.curated import PINNED

STEPS = upgrades().steps
PINNED_RELEASE = upgrades().pinned
SPAN = re.compile(r"`([^`]+)`")
IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
LITERAL = re.compile(r"""^(True|False|None|-?[\d.]+|["'(\[].*)$""")
PROJECT_FILE = re.compile(r"^(tools|data|docs|tests)/")  # this project's files, cited as sources
QUOTED_ERROR = re.compile(r'\("([^"]+)"\)')
BUILTIN_ERRORS = {"TypeError", "ImportError", "KeyError", "ValueError", "AttributeError"}
# Modules of the pinned release a name outside the snapshots is looked up in.
PUBLIC_MODULES = ("torchrl.collectors", "torchrl.envs", "torchrl.envs.utils", "torchrl.data", "torchrl.modules")
# Classes of the pinned release whose methods and class attributes a note may name (``set_keys``).
PUBLIC_CLASSES = (("torchrl.objectives", "LossModule"), ("torchrl.trainers.algorithms", "PPOTrainer"))

# Names no snapshot covers and no import in the pinned release can check, with why.
UNCHECKED = {
    "torchrl.envs.llm.transforms.kl": "a module path read from the code at v0.13.3",
}
# Hydra's own attribute of every config.
HYDRA_NAMES = {"_target_"}
# Errors notes quote from a run that recorded no text with a snapshot or a measurement (quoted error -> why);
# tools/upgrading/facts/measure.py's PROBES record the ones a construction gives.
UNCHECKED_ERRORS: dict[str, str] = {}


def _names(value, found: set[str]) -> set[str]:
    """Every name a snapshot holds: keys, parameter names, and dotted paths with each of their parts."""
    if isinstance(value, dict):
        for k, v in value.items():
            found.add(k)
            if k == "name" and isinstance(v, str):
                found.add(v)
            _names(v, found)
    elif isinstance(value, list):
        for v in value:
            _names(v, found)
    elif isinstance(value, str) and re.fullmatch(r"[A-Za-z_][\w.]*\.?", value):
        found.add(value)
        found.update(value.split("."))
    return found


def _release_names(release: str) -> set[str]:
    facts = _facts(PINNED) if release == PINNED_RELEASE else released(release)
    found = _names(facts, set())
    for key in list(found):
        found.update(key.split("/"))  # ConfigStore options: "collector/sync"
        found.update(key.split("."))
    return found


NAMES = {s.slug: _release_names(s.old) | _release_names(s.new) for s in STEPS}


def _in_pinned(name: str) -> bool:
    if any(hasattr(importlib.import_module(module), name) for module in PUBLIC_MODULES):
        return True
    return any(hasattr(getattr(importlib.import_module(m), c), name) for m, c in PUBLIC_CLASSES)


def _known(name: str, names: set[str]) -> bool:
    """In a snapshot as it stands, or, dotted (``GAEConfig.average_gae``), as an object and its member."""
    if name in names or name in HYDRA_NAMES or name in BUILTIN_ERRORS:
        return True
    parts = [p for p in name.split(".") if p]
    return "." in name and len(parts) == 2 and all(p in names for p in parts)


def _mentions(span: str) -> list[str]:
    """The names a backticked span holds: itself, or a call's name and keywords (``set_keys(action_chunk=...)``,
    ``trust_policy=True``, ``x=``)."""
    if LITERAL.match(span) or PROJECT_FILE.match(span):
        return []
    found = []
    for part in re.split(r"[(),\s]+", span):
        name = part.split("=", 1)[0].removeprefix("self.")
        if name and name != "..." and (IDENTIFIER.match(name) or "." in name or "/" in name):
            found.append(name)
    return found


CASES = [(s, n) for s in STEPS for n in s.notes]
IDS = [f"{s.slug}:{n.slug}" for s, n in CASES]


def _missing(step, note) -> list[str]:
    missing = []
    for span in SPAN.findall(f"{note.text} {note.no_migration}"):
        for name in _mentions(span):
            if _known(name, NAMES[step.slug]) or name in UNCHECKED:
                continue
            if step.new == PINNED_RELEASE and _in_pinned(name):
                continue
            missing.append(name)
    return missing


@pytest.mark.parametrize(("step", "note"), CASES, ids=IDS)
def test_every_name_a_note_gives_exists_in_its_step(step, note):
    missing = _missing(step, note)
    assert not missing, f"note {note.slug!r} names what neither {step.old} nor {step.new} has: {missing}"


def test_the_unchecked_names_are_exactly_those_nothing_can_check():
    used = {name for s, n in CASES for span in SPAN.findall(f"{n.text} {n.no_migration}") for name in _mentions(span)}
    checkable = {name for name in UNCHECKED if any(_known(name, NAMES[s.slug]) for s in STEPS) or _in_pinned(name)}
    assert set(UNCHECKED) <= used, f"unchecked names no note uses any more: {set(UNCHECKED) - used}"
    assert not checkable, f"names listed as unchecked that a snapshot or the pinned release has: {checkable}"


def _recorded_errors(step) -> str:
    """Every error text recorded in the step's two releases, by a snapshot venv or a measurement."""
    from tools.upgrading.facts import measured

    texts = []
    for release in (step.old, step.new):
        facts = released(release) if release != PINNED_RELEASE else {}
        texts += [json.dumps(facts.get(k, {}), ensure_ascii=False) for k in ("fixed_upstream", "migrations")]
        texts.append(json.dumps(measured.stored(release) or {}, ensure_ascii=False))
    return "\n".join(texts)


def test_every_quoted_error_was_recorded_in_its_step_or_is_listed_unchecked():
    recorded = {s.slug: _recorded_errors(s) for s in STEPS}
    quoted = {(s.slug, q) for s, n in CASES for q in QUOTED_ERROR.findall(n.text)}
    assert quoted, "no note quotes an error: is QUOTED_ERROR still the notes' way of quoting one?"
    unverified = {q for slug, q in quoted if q not in recorded[slug]}
    assert unverified == set(UNCHECKED_ERRORS), (
        f"quoted errors with no recorded text: {sorted(unverified - set(UNCHECKED_ERRORS))}; "
        f"listed unchecked but recorded or no longer quoted: {sorted(set(UNCHECKED_ERRORS) - unverified)}"
    )
