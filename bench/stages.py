"""Where a build's time goes: generation stages, mkdocstrings, and MkDocs itself.

A build run is recorded as a dict (JSON-able, one per run)::

    {"wall": 3.2,            # the whole command, as its caller saw it
     "build": 2.1,           # mkdocs' build() alone
     "after_build": 0.4,     # of the rest, the part after build(): the process
                             # exiting (optional; the rest is "before_build")
     "stages": {"losses.compute": 0.9, ...},   # tools.core.timing.exclusive_totals()
     "plugins": {"material/search": 0.05, "mkdocstrings": 0.0, ...},
     "mkdocstrings": null,   # seconds, or null when the plugin is not enabled
     "hooks": ["tools/site/mkdocs_adapter.py"],   # the plugins that are hooks (optional)
     "gc": {"seconds": 0.2, "collections": 114}}  # Python's cyclic collector, over the whole build (optional)

Stages are named ``<concern>.<what>``; they are grouped by ``<what>`` (the
last part: import, compute, render, pages, or what a concern names) and by
``<concern>`` (the first part).  Exclusive stage times never overlap, so
"MkDocs itself" is the wall time minus the generation stages minus
mkdocstrings.
"""

from __future__ import annotations

from collections import defaultdict

from bench.stats import Summary, summarize, summarize_keys


def stage_kind(name: str) -> str:
    return name.rpartition(".")[2]


def stage_concern(name: str) -> str:
    return name.partition(".")[0]


def grouped(stages: dict[str, float], key) -> dict[str, float]:
    out: dict[str, float] = defaultdict(float)
    for name, seconds in stages.items():
        out[key(name)] += seconds
    return dict(out)


# Generation stages that are mkdocstrings' work done ahead of it: tools/api/facts/load.py parses the
# documented modules with griffe once and hands the result to mkdocstrings' handler.
MKDOCSTRINGS_STAGES = ("api.griffe",)


def mkdocstrings_seconds(run: dict) -> float | None:
    """mkdocstrings' whole cost in a run: its events and ``:::`` blocks plus the griffe parse, or None."""
    if run.get("mkdocstrings") is None:
        return None
    return run["mkdocstrings"] + sum(run["stages"].get(name, 0.0) for name in MKDOCSTRINGS_STAGES)


def derived(run: dict) -> dict[str, float]:
    """The per-run quantities the report shows, computed before taking medians."""
    mkdocstrings = mkdocstrings_seconds(run) or 0.0
    generation = sum(
        s for name, s in run["stages"].items() if name not in MKDOCSTRINGS_STAGES or run.get("mkdocstrings") is None
    )
    out = {
        "generation": generation,
        "mkdocstrings": mkdocstrings,
        "mkdocs_itself": run["wall"] - generation - mkdocstrings,
        "before_build": run["wall"] - run["build"] - run.get("after_build", 0.0),
        "after_build": run.get("after_build", 0.0),
    }
    if run.get("gc") is not None:
        out["gc"] = run["gc"]["seconds"]
    if run.get("hooks"):
        # The generation stages run inside the hooks' events; the rest is the adapter's own work.
        out["hooks_own"] = sum(run["plugins"].get(hook, 0.0) for hook in run["hooks"]) - generation
    return out


def breakdown(runs: list[dict]) -> dict:
    """Summaries over build runs: totals, stages, groups and plugin events."""
    if not runs:
        raise ValueError("no build runs to break down")
    enabled = [run.get("mkdocstrings") is not None for run in runs]
    totals = summarize_keys(derived(run) for run in runs)
    return {
        "wall": summarize([run["wall"] for run in runs]).to_json(),
        "generation": totals["generation"].to_json(),
        "mkdocstrings": totals["mkdocstrings"].to_json() if all(enabled) else None,
        "mkdocs_itself": totals["mkdocs_itself"].to_json(),
        "before_build": totals["before_build"].to_json(),
        "after_build": totals["after_build"].to_json() if any("after_build" in run for run in runs) else None,
        "hooks_own": totals["hooks_own"].to_json() if "hooks_own" in totals else None,
        "gc": totals["gc"].to_json() if "gc" in totals else None,
        "hooks": sorted({hook for run in runs for hook in run.get("hooks", [])}),
        "stages": _json(summarize_keys(run["stages"] for run in runs)),
        "by_kind": _json(summarize_keys(grouped(run["stages"], stage_kind) for run in runs)),
        "by_concern": _json(summarize_keys(grouped(run["stages"], stage_concern) for run in runs)),
        "plugins": _json(summarize_keys(run.get("plugins", {}) for run in runs)),
    }


def _json(summaries: dict[str, Summary]) -> dict[str, dict]:
    return {key: summary.to_json() for key, summary in summaries.items()}
