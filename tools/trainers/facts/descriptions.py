"""A description for every trainer parameter: its upstream docstring's, else curated (validated).

torchrl documents most trainer parameters in the class or ``__init__``
docstring of the trainer or of a base class; the first description found up
the MRO is used.  The few that no docstring describes are curated in
data/trainers.yaml (``parameter_descriptions``), checked both ways.
"""

from __future__ import annotations

import dataclasses

from tools.api.facts import load
from tools.torchrl.trainers import trainer_classes
from tools.trainers.facts import curated as curated_data
from tools.trainers.facts.curated import CuratedDataError
from tools.trainers.facts.records import TrainerRecord

UPSTREAM, CURATED = "upstream docstring", "curated"


def upstream_descriptions(cls: type) -> dict[str, str]:
    """From the one griffe parse the API sections render (``tools.api.facts.load``), class then ``__init__``."""

    found: dict[str, str] = {}
    for klass in cls.__mro__:
        if not klass.__module__.startswith("torchrl"):
            continue
        identifier = f"{klass.__module__}.{klass.__qualname__}"
        owners = [identifier] + ([f"{identifier}.__init__"] if "__init__" in vars(klass) else [])
        for owner in owners:
            try:
                described = load.parameter_docs(owner)
            except KeyError:  # a base the parse did not load, or an __init__ griffe could not see
                continue
            for name, text in described.items():
                if text:
                    found.setdefault(name, " ".join(text.split()))
    return found


def descriptions(cls: type, names: list[str], curated: dict[str, str]) -> dict[str, tuple[str, str]]:
    """Parameter -> (description, source) for each of ``names``."""
    upstream = upstream_descriptions(cls)
    out = {}
    for name in names:
        if name in upstream:
            out[name] = (upstream[name], UPSTREAM)
        elif name in curated:
            out[name] = (" ".join(curated[name].split()), CURATED)
    return out


def check(
    curated: dict[str, str], described: dict[str, dict[str, tuple[str, str]]], parameters: dict[str, list[str]]
) -> None:
    """Every parameter described; every curated entry still needed."""
    problems = []
    for trainer, names in parameters.items():
        missing = [n for n in names if n not in described.get(trainer, {})]
        if missing:
            problems.append(
                f"{trainer}: no upstream docstring describes {missing}; add them under parameter_descriptions"
            )
    used = {n for per in described.values() for n, (_, source) in per.items() if source == CURATED}
    stale = sorted(set(curated) - used)
    if stale:
        problems.append(
            f"parameter_descriptions lists {stale}, which an upstream docstring now describes (or no trainer takes); remove them"
        )
    if problems:
        raise CuratedDataError("data/trainers.yaml: " + "; ".join(problems))


def described(records: list[TrainerRecord]) -> list[TrainerRecord]:
    """The measured records, each parameter with its description; checked against the curated ones both ways."""
    classes, data = trainer_classes(), curated_data.load()
    names = {r.name: [p.name for p in r.parameters] for r in records}
    found = {r.name: descriptions(classes[r.name], names[r.name], data.parameter_descriptions) for r in records}
    check(data.parameter_descriptions, found, names)
    return [
        dataclasses.replace(
            r, descriptions={**r.descriptions, **{n: [text, source] for n, (text, source) in found[r.name].items()}}
        )
        for r in records
    ]
