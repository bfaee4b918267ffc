"""The facts an agent skill states, gathered from the records the pages are made from.

Nothing here introspects torchrl: every value is read from another concern's records (the loss
records, the config-groups survey, the SOTA map, the troubleshooting entries and their captured
texts, the upgrade steps), so the skill and the pages cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

from tools.config_groups.facts import survey
from tools.core import urls
from tools.core.distributions import installed
from tools.core.keys import key_text
from tools.error_catalog.facts import match_index
from tools.losses.facts import all_records
from tools.sota.facts import summaries
from tools.troubleshooting.facts import captures, curated_entries
from tools.upgrading.facts import upgrades

# The upgrade changes a reader must act on; additions and annotation-only changes are left to the pages.
ACTIONABLE_IMPACTS = ("breaking", "deprecation", "behaviour")


@dataclass(frozen=True)
class LossFacts:
    name: str
    namespace: str
    family: str
    setting: list[str]
    action_space: list[str]
    accepted_keys: dict[str, str]  # set_keys name -> default key, as text ("" when resolved at run time)
    default_value_estimator: str | None
    supported_value_estimators: list[str]
    loss_outputs: list[str] | None  # measured: the terms to sum (None when not built here)


@dataclass(frozen=True)
class ConfigBuild:
    group: str
    name: str
    config: str  # the dataclass
    builds: str  # the qualified class an instantiation builds ("" when unknown)


@dataclass(frozen=True)
class SotaDirectory:
    name: str
    family: str
    losses: list[str]
    estimators: list[str]
    updaters: list[str]


@dataclass(frozen=True)
class ErrorEntry:
    slug: str
    symptom: str
    error_text: str  # as captured by running the entry's reproduction ("" for a silent entry)
    cause: str  # the curated cause's first sentence
    page: str  # docs-relative page#anchor


@dataclass(frozen=True)
class UpgradeChange:
    step: str  # "0.13-to-0.14"
    subject: str  # "ClipPPOLoss parameters.clip_epsilon"
    kind: str
    old: str
    new: str
    impact: str


@dataclass(frozen=True)
class SkillFacts:
    torchrl: str
    losses: list[LossFacts]
    builds: list[ConfigBuild]
    sota: list[SotaDirectory]
    errors: list[ErrorEntry]
    changes: list[UpgradeChange]

    def loss(self, name: str) -> LossFacts:
        return next(loss for loss in self.losses if loss.name == name)


def _loss_facts() -> list[LossFacts]:
    out = []
    for record in all_records():
        measured = record.measured
        out.append(
            LossFacts(
                name=record.name,
                namespace=record.namespace,
                family=record.curated.family,
                setting=list(record.curated.setting),
                action_space=list(record.curated.action_space),
                accepted_keys={k.name: "" if k.default is None else key_text(k.default) for k in record.accepted_keys},
                default_value_estimator=record.default_value_estimator,
                supported_value_estimators=list(record.declared_value_estimators or []),
                loss_outputs=[key_text(o.key) for o in measured.loss_outputs] if measured is not None else None,
            )
        )
    return out


def _builds() -> list[ConfigBuild]:
    found = survey()
    return [
        ConfigBuild(group.name, entry.name, entry.config, found.config(entry.config).resolved)
        for group in found.groups
        for entry in group.entries
    ]


def _sota() -> list[SotaDirectory]:
    out = []
    for summary in summaries():
        updaters = sorted({u for script in summary.scripts for u in script.updaters})
        estimators = summary.kinds.get("value_estimator", [])
        out.append(
            SotaDirectory(summary.directory.name, summary.family, list(summary.losses), list(estimators), updaters)
        )
    return out


def _first_sentence(text: str) -> str:
    head, _, _ = " ".join(text.split()).partition(". ")
    return head if head.endswith(".") else head + "."


def _errors() -> list[ErrorEntry]:
    captured = captures()
    out = []
    for entry in curated_entries().entries:
        capture = captured.get(entry.slug)
        out.append(
            ErrorEntry(
                entry.slug,
                entry.symptom,
                capture.error_text or "",
                _first_sentence(entry.cause),
                f"{urls.troubleshooting_area(entry.area)}#{entry.slug}",
            )
        )
    return out


def _text(value: object) -> str:
    return "" if value is None else str(value)


def _changes() -> list[UpgradeChange]:
    return [
        UpgradeChange(
            step.slug,
            f"{change.object} {change.field}".strip(),
            change.kind,
            _text(change.old),
            _text(change.new),
            change.impact,
        )
        for step in upgrades().steps
        for change in step.changes
        if change.impact in ACTIONABLE_IMPACTS
    ]


def error_index() -> dict:
    """The troubleshooting matcher's index for the pinned torchrl: what ``explain_error`` and the page's box
    read, shipped whole with the skill's explainer so that both rank alike."""
    return match_index()


def skill_facts() -> SkillFacts:
    return SkillFacts(installed().get("torchrl", ""), _loss_facts(), _builds(), _sota(), _errors(), _changes())


__all__ = [
    "ConfigBuild",
    "ErrorEntry",
    "LossFacts",
    "SkillFacts",
    "SotaDirectory",
    "UpgradeChange",
    "error_index",
    "skill_facts",
]
