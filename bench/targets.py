"""The issue's targets, compared with the medians (reported, never asserted)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

# The project's time targets (DEVELOPERS' guide): reported by `make bench`, never asserted.
COLD_BUILD_RATIO = 3.0  # cold build <= 3 x the import floor
SERVE_FIRST_PAGE_RATIO = 1.2  # `make serve` serves its first page within 1.2 x the cold build
WARM_PROSE_SECONDS = 0.5  # rebuild after a prose edit
WARM_SNIPPET_SECONDS = 1.5  # rebuild after a snippet edit (the build shows stored output, it runs nothing)
MAKE_TEST_SECONDS = 6 * 60  # fresh `make test` with 2 workers, quiet machine
CLI_FRESH_SECONDS = 0.5  # inspect_loss_keys answering from fresh records
WIRING_CHECK_SECONDS = 2.0  # one check_wiring call once torchrl is imported

Medians = dict[str, float]


@dataclass(frozen=True)
class Target:
    what: str
    needs: tuple[str, ...]  # the measurements whose medians it compares
    unit: str
    value: Callable[[Medians], float]
    limit: Callable[[Medians], float]
    note: str = ""


TARGETS = (
    Target("cold build / import floor", ("cold_build", "floor"), "x",
           value=lambda m: m["cold_build"] / m["floor"], limit=lambda m: COLD_BUILD_RATIO),
    Target("cold build less mkdocstrings / import floor", ("cold_build_without_mkdocstrings", "floor"), "x",
           value=lambda m: m["cold_build_without_mkdocstrings"] / m["floor"], limit=lambda m: COLD_BUILD_RATIO,
           note="without the API sections' cost"),
    Target("warm rebuild, prose edit", ("warm_prose",), "s",
           value=lambda m: m["warm_prose"], limit=lambda m: WARM_PROSE_SECONDS),
    Target("warm rebuild, snippet edit", ("warm_snippet",), "s",
           value=lambda m: m["warm_snippet"], limit=lambda m: WARM_SNIPPET_SECONDS),
    Target("make serve, first page / cold build", ("serve_first_page", "cold_build"), "x",
           value=lambda m: m["serve_first_page"] / m["cold_build"], limit=lambda m: SERVE_FIRST_PAGE_RATIO),
    Target("inspect_loss_keys, fresh records", ("cli_fresh",), "s",
           value=lambda m: m["cli_fresh"], limit=lambda m: CLI_FRESH_SECONDS),
    Target("check_wiring, one check", ("wiring_check",), "s",
           value=lambda m: m["wiring_check"], limit=lambda m: WIRING_CHECK_SECONDS),
    Target("make test, fresh, 2 workers", ("make_test",), "s",
           value=lambda m: m["make_test"], limit=lambda m: MAKE_TEST_SECONDS),
    Target("make test with both cores busy", ("make_test_loaded",), "s",
           value=lambda m: m["make_test_loaded"], limit=lambda m: math.inf,
           note="must pass; no time limit"),
)  # fmt: skip


def unavailable(entry: dict | None) -> str | None:
    """What is wrong with a measurement (not measured, skipped, failed runs), or None."""
    if entry is None:
        return "not measured"
    if entry.get("skipped"):
        return f"skipped ({entry['skipped']})"
    if entry.get("failures"):
        attempts = entry.get("attempts", len(entry["failures"]) + len(entry.get("samples", [])))
        return f"{len(entry['failures'])} of {attempts} runs failed"
    if "median" not in entry:
        return "no runs"
    return None


def evaluate(measurements: dict[str, dict]) -> list[dict]:
    """One row per target: value, limit, and a status.

    PASS or MISS compare the medians; FAILED says a run failed (the value, if
    any runs still had a time, is shown all the same); n/a: not measured.
    """
    rows = []
    for target in TARGETS:
        entries = {name: measurements.get(name) for name in target.needs}
        problems = [f"{name}: {why}" for name, entry in entries.items() if (why := unavailable(entry))]
        row = {
            "what": target.what,
            "unit": target.unit,
            "value": None,
            "limit": None,
            "status": "n/a",
            "note": "; ".join(problems) or target.note,
        }
        if all(entry is not None and "median" in entry for entry in entries.values()):
            medians = {name: entry["median"] for name, entry in entries.items()}
            row.update(value=target.value(medians), limit=target.limit(medians))
            row["status"] = "PASS" if row["value"] <= row["limit"] else "MISS"
        if any(entry is not None and entry.get("failures") for entry in entries.values()):
            row["status"] = "FAILED"
        rows.append(row)
    return rows
