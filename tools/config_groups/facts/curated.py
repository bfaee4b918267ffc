"""data/configs.yaml: what torchrl cannot tell about its configs, checked against torchrl."""

from __future__ import annotations

from dataclasses import dataclass, field

from tools.core.paths import DATA, ROOT
from tools.core.yaml_files import read_yaml

SOURCE = DATA / "configs.yaml"
# Records computed from this module are keyed on these files too (tools.core.cache).
__cache_inputs__ = ("data/configs.yaml",)


class CuratedDataError(ValueError):
    """data/configs.yaml disagrees with the installed torchrl; the message names the entry."""

    def __init__(self, message: str):
        super().__init__(f"{SOURCE.relative_to(ROOT)}: {message}")


@dataclass(frozen=True)
class Override:
    config: str  # dataclass name or glob
    field: str
    kind: str
    classification: str
    reason: str


@dataclass(frozen=True)
class CuratedConfigs:
    factory_targets: dict[str, str]
    call_time_parameters: dict[str, str]
    overrides: list[Override] = field(default_factory=list)


def load() -> CuratedConfigs:
    raw = read_yaml(SOURCE) or {}
    return CuratedConfigs(
        factory_targets=dict(raw.get("factory_targets") or {}),
        call_time_parameters=dict(raw.get("call_time_parameters") or {}),
        overrides=[
            Override(**{k: " ".join(str(v).split()) for k, v in entry.items()}) for entry in raw.get("overrides") or []
        ],
    )
