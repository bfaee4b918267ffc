"""The ``sota`` section of site/inventory.json: one entry per directory, from the same summaries as the page."""

from __future__ import annotations

from tools.core import urls
from tools.sota.facts.check import SotaCheck
from tools.sota.facts.compositions import StoredCompositions
from tools.sota.facts.records import SotaMap
from tools.sota.facts.summary import DirectorySummary, anchor, built, cadence_text


def entries(
    sota: SotaMap, summaries: list[DirectorySummary], check: SotaCheck, stored: StoredCompositions | None
) -> list[dict]:
    return [_entry(sota, s, check, stored) for s in summaries]


def _updaters(d) -> list[dict]:
    """The target updaters the directory's scripts build: arguments and how often they step."""
    updaters = []
    for x in d.scripts:
        for c in built(x, "target_updater"):
            steps = [cadence_text(step) for step in x.updater_steps if step.updater == c.name]
            updaters.append(
                {
                    "script": x.file,
                    "class": c.name,
                    "arguments": {
                        a.name: a.value for a in c.arguments if a.source in {"literal", "config", "computed"}
                    },
                    "cadence": steps,
                }
            )
    return updaters


def _compositions(d, check: SotaCheck, stored: StoredCompositions | None, hyperparameters: dict) -> dict:
    """Each trainer config of the directory: whether it composes and what it builds (stored results);
    a composed config's hyperparameters go into ``hyperparameters``."""
    composes = {}
    built_by_config = {t.file: t.classes for t in check.trainer_configs if t.directory == d.name}
    for config in d.trainer_configs:
        result = stored.find(d.name, config.file) if stored else None
        composes[config.file] = (
            None
            if result is None
            else {
                "composes": result.composes,
                "error": result.error,
                "dropped": result.dropped,
                "builds": built_by_config.get(config.file, {}),
            }
        )
        if result is not None:
            hyperparameters[config.file] = {h.key: h.value for h in result.hyperparameters}
    return composes


def _departures(d, check: SotaCheck) -> list[dict]:
    return [
        {
            "source": a.source_file,
            "class": a.owner,
            "parameter": a.parameter,
            "script_value": a.script_value,
            "default": a.default,
        }
        for a in check.arguments
        if a.directory == d.name and a.status == "differs"
    ]


def _flagged(d, check: SotaCheck) -> list[str]:
    return sorted(
        {
            f"{c.name}: {status.status}"
            for x in d.scripts
            for c in x.constructions
            if c.module and (status := check.status(c.module, c.name)) is not None and status.status != "ok"
        }
    )


def _entry(sota: SotaMap, s: DirectorySummary, check: SotaCheck, stored: StoredCompositions | None) -> dict:
    d = s.directory
    hyperparameters = {x.file: {h.key: h.value for h in x.hyperparameters} for x in d.scripts if not d.trainer_configs}
    composes = _compositions(d, check, stored, hyperparameters)
    return {
        "directory": d.name,
        "family": s.family,
        "anchor": f"{urls.SOTA}#{anchor(d.name)}",
        "commit": sota.commit,
        "scripts": [{"file": x.file, "config": x.config} for x in d.scripts],
        "configs": d.configs,
        "helpers": d.helpers,
        "launchers": [{"file": x.file, "scripts": x.scripts, "gpus": x.gpus} for x in d.launchers],
        "ci_smoke": d.ci_smoke,
        "ci_smoke_commands": d.ci_smoke_commands,
        "losses": s.losses,
        "estimators": list(dict.fromkeys(e for x in s.scripts for e in x.estimators)),
        "target_updaters": _updaters(d) or [{"class": n} for n in s.kinds.get("target_updater", [])],
        "trainers": s.kinds.get("trainer", []),
        "collectors": s.kinds.get("collector", []),
        "replay_buffers": s.kinds.get("replay_buffer", []) + s.kinds.get("dataset", []),
        "samplers": s.kinds.get("sampler", []),
        "storages": s.kinds.get("storage", []),
        "extras": s.extras,
        "cautions": s.cautions,
        "hyperparameters": hyperparameters,
        "departures": _departures(d, check),
        "composes": composes,
        "trainer_variant": s.trainer_variant,
        "missing_or_deprecated": _flagged(d, check),
    }
