"""Which script or trainer config of the SOTA map builds which loss, with its hyperparameters: one row each.

The same facts as the SOTA page (``summary`` for scripts; the stored Hydra
compositions for trainer configs), regrouped so that another page can ask
"who builds ``SACLoss``, with which values?" without walking the map again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tools.core import urls
from tools.core.codec import list_codec
from tools.sota.facts.check import SotaCheck
from tools.sota.facts.compositions import StoredCompositions
from tools.sota.facts.records import Hyperparameter, SotaMap
from tools.sota.facts.summary import MULTI_AGENT_FAMILY, DirectorySummary, anchor

# Config keys (their last part) that name what a script trains on.
ENV_KEY_LEAVES = ("name", "env_name", "scenario_name", "dataset")


@dataclass(frozen=True)
class LossSource:
    directory: str
    file: str  # the script, or the trainer config, relative to the directory
    kind: str  # "script" | "trainer config"
    losses: list[str]  # the loss classes it builds with its default config
    anchor: str  # its directory's entry on the SOTA page: "sota/index.md#dir-sac"
    multi_agent: bool  # listed under the SOTA page's multi-agent family
    environments: list[str]  # what it trains on, from its config (environment or dataset names)
    updaters: list[str] = field(
        default_factory=list
    )  # "SoftUpdate(eps=0.995)" (scripts), class names (trainer configs)
    hyperparameters: list[Hyperparameter] = field(default_factory=list)
    composed: bool = True  # trainer configs: False when Hydra could not compose it (own values shown instead)


encode, decode = list_codec(LossSource)


def _environments(values: dict[str, Any]) -> list[str]:
    found = [v for k, v in values.items() if k.rsplit(".", 1)[-1] in ENV_KEY_LEAVES and isinstance(v, str) and v]
    return list(dict.fromkeys(found))


def loss_sources(
    sota: SotaMap, summaries: list[DirectorySummary], check: SotaCheck, stored: StoredCompositions | None
) -> list[LossSource]:
    """Every script and trainer config that builds a loss, in the SOTA page's order."""
    configs = {(t.directory, t.file): t for t in check.trainer_configs}
    out = []
    for s in summaries:
        d = s.directory
        multi_agent = s.family == MULTI_AGENT_FAMILY
        for x in s.scripts:
            if x.losses:
                out.append(
                    LossSource(
                        d.name,
                        x.script.file,
                        "script",
                        x.losses,
                        f"{urls.SOTA}#{anchor(d.name)}",
                        multi_agent,
                        _environments(x.script.env_names),
                        x.updaters,
                        x.script.hyperparameters,
                    )
                )
        for config in d.trainer_configs:
            built = configs.get((d.name, config.file))
            losses = built.kinds.get("loss", []) if built else []
            if not losses:
                continue
            result = stored.find(d.name, config.file) if stored else None
            composed = result is not None and result.composes
            hyperparameters = result.hyperparameters if composed else config.hyperparameters
            environments = _environments({h.key: h.value for h in hyperparameters})
            out.append(
                LossSource(
                    d.name,
                    config.file,
                    "trainer config",
                    losses,
                    f"{urls.SOTA}#{anchor(d.name)}",
                    multi_agent,
                    environments,
                    built.kinds.get("target_updater", []),
                    hyperparameters,
                    composed,
                )
            )
    return out


__all__ = ["LossSource", "decode", "encode", "loss_sources"]
