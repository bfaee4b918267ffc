"""data/targets.yaml: how the reference scripts of pytorch/rl step their updaters, checked both ways."""

from __future__ import annotations

from dataclasses import dataclass, field

import yaml

from tools.paths import DATA, ROOT
from tools.targets.records import TargetsReference

CURATED_FILE = DATA / "targets.yaml"
ENTRY_FIELDS = {"updater", "arguments", "cadence", "script"}


class CuratedDataError(Exception):
    """data/targets.yaml disagrees with torchrl; the message names the loss and the file."""


@dataclass(frozen=True)
class Cadence:
    updater: str | None
    arguments: dict
    cadence: str
    script: str


@dataclass(frozen=True)
class Cadences:
    repository: str
    commit: str
    losses: dict[str, Cadence] = field(default_factory=dict)


def load(reference: TargetsReference, path=CURATED_FILE) -> Cadences:
    """Read the file and check it against the measured losses and the introspected updaters."""
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    raw = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    source, entries = raw.get("source") or {}, raw.get("losses") or {}
    problems = []
    if not {"repository", "commit"} <= set(source):
        problems.append(f"{where}: source must name the repository and the commit")
    keeping = {row.loss for row in reference.losses if row.target_groups}
    listed = set(entries)
    if keeping - listed:
        problems.append(
            f"losses that keep target parameters in this torchrl but {where} does not list: "
            f"{sorted(keeping - listed)}; add how the reference scripts update them"
        )
    if listed - keeping:
        problems.append(
            f"{where} lists {sorted(listed - keeping)}, which keep no target parameters when the loss zoo "
            "builds them (or do not exist); remove them or fix the zoo recipe"
        )
    updaters = {u.name: {p.name for p in u.parameters} for u in reference.updaters}
    losses = {}
    for name, entry in entries.items():
        if not isinstance(entry, dict) or set(entry) != ENTRY_FIELDS:
            problems.append(f"{where}: {name} must have exactly the fields {sorted(ENTRY_FIELDS)}")
            continue
        updater, arguments = entry["updater"], entry["arguments"] or {}
        if updater is not None and updater not in updaters:
            problems.append(f"{where}: {name}.updater {updater!r} is not a torchrl updater ({sorted(updaters)})")
            continue
        unknown = set(arguments) - updaters.get(updater, set())
        if unknown:
            problems.append(f"{where}: {name}.arguments {sorted(unknown)} are not parameters of {updater}")
            continue
        losses[name] = Cadence(updater, dict(arguments), " ".join(str(entry["cadence"]).split()), entry["script"])
    if problems:
        raise CuratedDataError("; ".join(problems))
    return Cadences(source["repository"], source["commit"], dict(sorted(losses.items())))
