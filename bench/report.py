"""Results of `make bench` (the dict kept in bench/latest.json) -> the text table it prints.

    python -m bench.report [bench/latest.json]

prints the table of an earlier run again.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path

from bench import search_report
from bench.targets import unavailable
from tools.core.errors import UsageError

# What the stages of each kind do (``<concern>.<kind>``); a kind not listed is shown by its name.
KIND_LABELS = {
    "import": "importing torch, torchrl, the configs and the concerns",
    "compute": "records: introspection and measurement (cached)",
    "introspect": "introspection",
    "measure": "measurement on tiny networks",
    "render": "rendering at markers",
    "pages": "generated pages",
}
FAILURE_LINES = 12


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], align: str = "") -> list[str]:
    """Aligned plain-text columns; ``align`` has an ``l`` or ``r`` per column (default: first left, rest right)."""
    align = align or "l" + "r" * (len(headers) - 1)
    widths = [max(len(str(cell)) for cell in column) for column in zip(headers, *rows, strict=True)]

    def line(cells: Sequence[str]) -> str:
        parts = [str(c).ljust(w) if a == "l" else str(c).rjust(w) for c, w, a in zip(cells, widths, align, strict=True)]
        return "  ".join(parts).rstrip()

    return [line(headers), line(["-" * w for w in widths]), *(line(row) for row in rows)]


def seconds(value: float | None) -> str:
    if value is None:
        return ""
    return f"{value:.3f}" if abs(value) < 1 else f"{value:.2f}"


def summary_cells(summary: dict | None) -> list[str]:
    if summary is None:
        return ["", "", ""]
    return [seconds(summary["median"]), seconds(summary["min"]), seconds(summary["max"])]


def share(part: dict | None, whole: dict) -> str:
    if part is None or not whole["median"]:
        return ""
    return f"{100 * part['median'] / whole['median']:.0f}%"


def _measurements(results: dict) -> list[str]:
    rows = []
    for entry in results["measurements"].values():
        why = unavailable(entry) or ""
        cells = summary_cells(entry) if "median" in entry else ["", "", ""]
        rows.append([entry["label"], *cells, str(entry.get("runs", 0)), why])
    return table(["Measurement", "median s", "min s", "max s", "runs", "note"], rows, "lrrrrl")


def _where_the_time_goes(title: str, breakdown: dict, before_build: str, after_build: str = "") -> list[str]:
    wall = breakdown["wall"]
    rows = [
        [
            "generation (tools/, all stages)",
            *summary_cells(breakdown["generation"]),
            share(breakdown["generation"], wall),
        ]
    ]
    for kind, summary in sorted(breakdown["by_kind"].items(), key=lambda item: (-item[1]["median"], item[0])):
        rows.append([f"  {KIND_LABELS.get(kind, kind)} (*.{kind})", *summary_cells(summary), share(summary, wall)])
    if breakdown["mkdocstrings"] is None:
        rows.append(["mkdocstrings: not enabled", "", "", "", ""])
    else:
        rows.append(
            [
                "mkdocstrings (griffe parse api.griffe, events, ::: blocks)",
                *summary_cells(breakdown["mkdocstrings"]),
                share(breakdown["mkdocstrings"], wall),
            ]
        )
    rows.append(
        [
            "MkDocs itself (the rest)",
            *summary_cells(breakdown["mkdocs_itself"]),
            share(breakdown["mkdocs_itself"], wall),
        ]
    )
    rows.append(
        [
            f"  of which {before_build}",
            *summary_cells(breakdown["before_build"]),
            share(breakdown["before_build"], wall),
        ]
    )
    if breakdown.get("after_build") is not None:
        rows.append(
            [
                f"  of which {after_build}",
                *summary_cells(breakdown["after_build"]),
                share(breakdown["after_build"], wall),
            ]
        )
    if breakdown.get("hooks_own") is not None:
        rows.append(
            [
                "  of which the hooks' own work (their events minus generation)",
                *summary_cells(breakdown["hooks_own"]),
                share(breakdown["hooks_own"], wall),
            ]
        )
    for plugin, summary in sorted(breakdown["plugins"].items()):
        if plugin in breakdown.get("hooks", []) or plugin.rpartition("/")[2] == "mkdocstrings":
            continue
        rows.append([f"  of which the events of the plugin {plugin}", *summary_cells(summary), share(summary, wall)])
    rows.append(["total (wall)", *summary_cells(wall), "100%"])
    if breakdown.get("gc") is not None:
        rows.append(
            [
                "Python's cyclic garbage collector (spread over the rows above)",
                *summary_cells(breakdown["gc"]),
                share(breakdown["gc"], wall),
            ]
        )
    return [title, *table(["", "median s", "min s", "max s", "share"], rows)]


def _stages(breakdown: dict) -> list[str]:
    rows = [
        [name, *summary_cells(summary)]
        for name, summary in sorted(breakdown["stages"].items(), key=lambda item: (-item[1]["median"], item[0]))
    ]
    rows += [
        [f"all stages of {concern}", *summary_cells(summary)]
        for concern, summary in sorted(breakdown["by_concern"].items(), key=lambda item: (-item[1]["median"], item[0]))
    ]
    if not rows:
        return ["Generation stages: none ran"]
    return [
        "Generation stages of the cold build (nested stages not counted twice)",
        *table(["stage", "median s", "min s", "max s"], rows),
    ]


def _slowest_tests(rows: list[dict]) -> list[str]:
    if not rows:
        return []
    cells = [[row["test"], row["phase"], *summary_cells(row), f"{row['runs']}/{row['of']}"] for row in rows]
    return [
        f"Slowest {len(rows)} tests of `make test` (pytest --durations; median over the runs that listed them)",
        *table(["test", "phase", "median s", "min s", "max s", "listed"], cells, "llrrrr"),
    ]


def _targets(rows: list[dict]) -> list[str]:
    def fmt(value, unit):
        if value is None:
            return ""
        if value == float("inf"):
            return "-"
        return f"{value:.2f}x" if unit == "x" else f"{value:.2f} s"

    cells = [[r["what"], fmt(r["value"], r["unit"]), fmt(r["limit"], r["unit"]), r["status"], r["note"]] for r in rows]
    return [
        "Targets (medians; reported, not asserted)",
        *table(["target", "median", "limit", "result", "note"], cells, "lrrll"),
    ]


def _failures(results: dict) -> list[str]:
    lines = []
    for entry in results["measurements"].values():
        for failure in entry.get("failures", []):
            text = failure.strip().splitlines()  # the command and its exit code, then the end of its output
            shown = text[:1] + (["..."] if len(text) > FAILURE_LINES else []) + text[1:][-(FAILURE_LINES - 1) :]
            lines += [f"{entry['label']}: FAILED", *("    " + line for line in shown)]
    return (["Failures", *lines]) if lines else []


def render(results: dict) -> str:
    meta = results["meta"]
    load = "/".join(f"{x:.1f}" for x in meta["load_before"]), "/".join(f"{x:.1f}" for x in meta.get("load_after", []))
    header = [
        f"make bench, {meta['date']}, commit {meta['commit']}: {meta['cpus']} CPUs, "
        f"load average (1/5/15 min) {load[0]} before, {load[1] or '?'} after",
        f"Each value is the median of its runs, with min and max, in seconds ({meta['versions']}).",
    ]
    blocks = [header, _measurements(results)]
    cold = results["measurements"].get("cold_build", {}).get("breakdown")
    if cold:
        blocks.append(
            _where_the_time_goes(
                f"Cold build, where the time goes (median of {cold['wall']['runs']} runs)",
                cold,
                "starting: interpreter, imports, config (before build())",
                "exiting: interpreter shutdown (after build())",
            )
        )
        blocks.append(_stages(cold))
    for key in ("warm_prose", "warm_snippet"):
        entry = results["measurements"].get(key, {})
        if entry.get("breakdown"):
            blocks.append(
                _where_the_time_goes(
                    f"{entry['label']}: where the time goes; rebuilt {', '.join(entry.get('rebuilt', [])) or 'nothing'}",
                    entry["breakdown"],
                    "loading the config",
                )
            )
    blocks.append(search_report.render(results.get("search", {})))
    blocks.append(_slowest_tests(results.get("slowest_tests", [])))
    blocks.append(_targets(results["targets"]))
    blocks.append(_failures(results))
    return "\n\n".join("\n".join(block) for block in blocks if block) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else Path(__file__).resolve().parent / "latest.json"
    if not path.exists():
        raise UsageError(f"{path} does not exist; run `make bench` first, or name a results file")
    try:
        results = json.loads(path.read_text())
    except json.JSONDecodeError as exc:
        raise UsageError(f"{path} is not a results file of `make bench` ({exc})") from exc
    print(render(results), end="")
    return 0


if __name__ == "__main__":
    from tools.core.errors import run

    sys.argv[0] = "bench.report"  # the name error messages start with
    sys.exit(run(main))
