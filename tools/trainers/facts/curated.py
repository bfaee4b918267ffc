"""data/trainers.yaml: what torchrl cannot tell about its trainers, checked against torchrl."""

from __future__ import annotations

from dataclasses import dataclass, field

from tools.core.paths import DATA
from tools.core.yaml_files import read_yaml
from tools.torchrl.losses import loss_classes

SOURCE = DATA / "trainers.yaml"
# Records computed from this module are keyed on these files too (tools.core.cache).
__cache_inputs__ = ("data/trainers.yaml",)


class CuratedDataError(ValueError):
    """data/trainers.yaml disagrees with the installed torchrl; the message names the entry."""


@dataclass(frozen=True)
class TrainerLoss:
    loss: str
    also: list[str] = field(default_factory=list)
    note: str = ""


@dataclass(frozen=True)
class CuratedTrainers:
    losses: dict[str, TrainerLoss]
    reference_only: dict[str, str]
    parameter_descriptions: dict[str, str] = field(default_factory=dict)


def load() -> CuratedTrainers:
    raw = read_yaml(SOURCE)
    losses = {name: TrainerLoss(**entry) for name, entry in (raw.get("losses") or {}).items()}
    return CuratedTrainers(
        losses=losses,
        reference_only=dict(raw.get("reference_only") or {}),
        parameter_descriptions=dict(raw.get("parameter_descriptions") or {}),
    )


def validate(curated: CuratedTrainers, trainer_names: list[str], parameters: dict[str, list[str]]) -> None:
    """Both directions: every trainer has an entry, every entry names real classes and parameters."""
    where = SOURCE.relative_to(SOURCE.parent.parent)
    problems = []
    missing = sorted(set(trainer_names) - set(curated.losses))
    if missing:
        problems.append(f"trainer classes without a `losses` entry: {missing}")
    stale = sorted(set(curated.losses) - set(trainer_names))
    if stale:
        problems.append(f"`losses` entries for classes torchrl does not have: {stale}")

    known = loss_classes()
    for trainer, entry in curated.losses.items():
        for loss in (entry.loss, *entry.also):
            if loss not in known:
                problems.append(f"losses.{trainer} names {loss!r}, which is not a LossModule in torchrl.objectives")
    all_params = {p for names in parameters.values() for p in names}
    for param in curated.reference_only:
        if param not in all_params:
            problems.append(f"reference_only.{param}: no trainer has a parameter of that name")
    if problems:
        raise CuratedDataError(f"{where} disagrees with torchrl: " + "; ".join(problems))
