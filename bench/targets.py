"""The issue's targets, compared with the medians (reported, never asserted)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

COLD_BUILD_RATIO = 2.0  # cold build <= 2 x the import floor
WARM_PROSE_SECONDS = 1.5  # rebuild after a prose edit
WARM_SNIPPET_SECONDS = 3.0  # rebuild after a snippet edit, plus the snippet's own run time
MAKE_TEST_SECONDS = 8 * 60  # fresh `make test` with 2 workers

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
    Target("warm rebuild, prose edit", ("warm_prose",), "s",
           value=lambda m: m["warm_prose"], limit=lambda m: WARM_PROSE_SECONDS),
    Target("warm rebuild, snippet edit", ("warm_snippet", "snippet_run"), "s",
           value=lambda m: m["warm_snippet"], limit=lambda m: WARM_SNIPPET_SECONDS + m["snippet_run"],
           note=f"{WARM_SNIPPET_SECONDS:g} s + the snippet's own run"),
    Target("make test, fresh, 2 workers", ("make_test",), "s",
           value=lambda m: m["make_test"], limit=lambda m: MAKE_TEST_SECONDS),
)  # fmt: skip


def unavailable(entry: dict | None) -> str | None:
    """Why a measurement has no usable median, or None when it has one."""
    if entry is None:
        return "not measured"
    if entry.get("skipped"):
        return f"skipped ({entry['skipped']})"
    if entry.get("failures"):
        total = len(entry["failures"]) + len(entry.get("samples", []))
        return f"{len(entry['failures'])} of {total} runs failed"
    if "median" not in entry:
        return "no runs"
    return None


def evaluate(measurements: dict[str, dict]) -> list[dict]:
    """One row per target: value, limit, and PASS, MISS, FAILED (a run failed) or n/a (not measured)."""
    rows = []
    for target in TARGETS:
        row = {"what": target.what, "unit": target.unit, "value": None, "limit": None, "note": target.note}
        problems = {name: why for name in target.needs if (why := unavailable(measurements.get(name)))}
        if problems:
            failed = any(measurements.get(name, {}).get("failures") for name in problems)
            row.update(status="FAILED" if failed else "n/a", note="; ".join(f"{k}: {v}" for k, v in problems.items()))
        else:
            medians = {name: measurements[name]["median"] for name in target.needs}
            row.update(value=target.value(medians), limit=target.limit(medians))
            row["status"] = "PASS" if row["value"] <= row["limit"] else "MISS"
        rows.append(row)
    return rows
