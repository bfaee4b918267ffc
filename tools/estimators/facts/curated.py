"""data/estimators.yaml: the facts about estimators that torchrl cannot tell, checked both ways."""

from __future__ import annotations

from dataclasses import dataclass

from tools.core.paths import DATA, ROOT
from tools.core.yaml_files import read_yaml

CURATED_FILE = DATA / "estimators.yaml"
# Records computed from this module are keyed on these files too (tools.core.cache).
__cache_inputs__ = ("data/estimators.yaml",)
LAYOUTS = ("single-agent", "multi-agent")
FIELDS = {"summary", "layout"}


class CuratedDataError(Exception):
    """data/estimators.yaml disagrees with torchrl; the message names the class and the file."""


@dataclass(frozen=True)
class CuratedEstimator:
    summary: str
    layout: str


def load(class_names: list[str], path=CURATED_FILE) -> dict[str, CuratedEstimator]:
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    raw = read_yaml(path) or {}
    if not isinstance(raw, dict):
        raise CuratedDataError(f"{where}: expected a mapping of estimator class name -> facts")
    missing = [name for name in class_names if name not in raw]
    unknown = [name for name in raw if name not in class_names]
    problems = []
    if missing:
        problems.append(
            f"torchrl has estimator classes {missing} that {where} does not describe; add an entry for each"
        )
    if unknown:
        problems.append(
            f"{where} describes {unknown}, which no ValueEstimators member uses in the installed torchrl "
            f"(it uses {class_names}); remove or rename the entries"
        )
    out = {}
    for name, facts in raw.items():
        if name in unknown:
            continue
        if not isinstance(facts, dict) or set(facts) != FIELDS:
            problems.append(f"{where}: {name} must have exactly the fields {sorted(FIELDS)}")
            continue
        if facts["layout"] not in LAYOUTS:
            problems.append(f"{where}: {name}.layout is {facts['layout']!r}; use one of {list(LAYOUTS)}")
            continue
        if not str(facts["summary"]).strip():
            problems.append(f"{where}: {name}.summary is empty")
            continue
        out[name] = CuratedEstimator(summary=" ".join(str(facts["summary"]).split()), layout=facts["layout"])
    if problems:
        raise CuratedDataError("; ".join(problems))
    return out
