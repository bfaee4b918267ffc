"""Read what pytest printed: the ``--durations`` list and the closing line."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

from bench.stats import summarize

HEADER = re.compile(r"^=+ slowest (?:\d+ )?durations =+$")
DURATION = re.compile(r"^(?P<seconds>\d+(?:\.\d+)?)s\s+(?P<phase>setup|call|teardown)\s+(?P<test>\S.*?)\s*$")
SECTION_END = re.compile(r"^=+")
CLOSING = re.compile(r"^=+ (?P<outcome>.+?) in (?P<seconds>\d+(?:\.\d+)?)s(?: \([^)]*\))? =+$")


@dataclass(frozen=True)
class Duration:
    test: str  # pytest node id
    phase: str  # setup, call or teardown
    seconds: float


def parse_durations(output: str) -> list[Duration]:
    """The entries of pytest's ``slowest N durations`` section, in the order printed."""
    found: list[Duration] = []
    inside = False
    for line in output.splitlines():
        line = line.rstrip()
        if HEADER.match(line):
            inside = True
            continue
        if not inside:
            continue
        if SECTION_END.match(line):
            break
        match = DURATION.match(line.strip())
        if match:
            found.append(Duration(match["test"], match["phase"], float(match["seconds"])))
    return found


def parse_closing_line(output: str) -> tuple[str, float] | None:
    """``("33 passed", 19.96)`` from pytest's last ``=== ... in 19.96s ===`` line."""
    for line in reversed(output.splitlines()):
        match = CLOSING.match(line.strip())
        if match:
            return match["outcome"], float(match["seconds"])
    return None


def slowest(runs: Iterable[list[Duration]], count: int = 10) -> list[dict]:
    """The ``count`` slowest (test, phase) pairs over several runs, by their median.

    A test can be among the slowest in one run and not in another; the median
    is over the runs where pytest listed it (``runs``), out of ``of``.
    """
    runs = list(runs)
    times: dict[tuple[str, str], list[float]] = defaultdict(list)
    for run in runs:
        for entry in run:
            times[(entry.test, entry.phase)].append(entry.seconds)
    rows = []
    for (test, phase), samples in times.items():
        summary = summarize(samples)
        rows.append({"test": test, "phase": phase, **summary.to_json(), "of": len(runs)})
    rows.sort(key=lambda row: (-row["median"], row["test"], row["phase"]))
    return rows[:count]
