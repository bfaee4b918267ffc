"""The config/class differences someone has read, and the check that stops the build on a new one.

The audit classifies each difference (by design or suspicious) from data/configs.yaml,
but a torchrl release that adds a config field, a constructor parameter or a new
default would otherwise only add a row to the parity pages, where nobody is told to
look. ``data/captured/parity-differences.json`` holds every difference as
``[config, field, kind]`` as of the last review; the build fails while the audit
and that file disagree, naming each change and the command that records the review
(``make parity-accept``, after reading the rows and classifying in data/configs.yaml
what is by design).
"""

from __future__ import annotations

import json

from tools.core.paths import DATA, ROOT
from tools.parity.facts.records import ParityRow

REVIEWED_FILE = DATA / "captured" / "parity-differences.json"
# Records computed from this module are keyed on these files too (tools.core.cache).
__cache_inputs__ = ("data/captured/parity-differences.json",)
ACCEPT_COMMAND = "make parity-accept"
SHOWN = 12  # changes listed in the message; the rest are counted


class ParityDrift(Exception):
    """torchrl's configs or classes changed since the differences were last reviewed."""


def differences(rows: list[ParityRow]) -> list[list[str]]:
    """Every difference of the audit as ``[config, field, kind]``, sorted: what a review records."""
    return sorted([row.config, d.field, d.kind] for row in rows for d in row.differences)


def reviewed() -> list[list[str]]:
    if not REVIEWED_FILE.exists():
        return []
    return json.loads(REVIEWED_FILE.read_text(encoding="utf-8"))


def record(rows: list[ParityRow]) -> tuple[int, int]:
    """Write the current differences as reviewed; return how many were added and removed."""
    before = {tuple(d) for d in reviewed()}
    now = differences(rows)
    REVIEWED_FILE.parent.mkdir(parents=True, exist_ok=True)
    # One difference per line, so that a review's diff reads row by row.
    REVIEWED_FILE.write_text("[\n" + ",\n".join(json.dumps(d) for d in now) + "\n]\n", encoding="utf-8")
    after = {tuple(d) for d in now}
    return len(after - before), len(before - after)


def check(rows: list[ParityRow]) -> list[ParityRow]:
    """``rows`` unchanged when they match the review; otherwise ParityDrift naming each change."""
    now = {tuple(d) for d in differences(rows)}
    before = {tuple(d) for d in reviewed()}
    if now == before:
        return rows
    targets = {row.config: row.target for row in rows}
    reasons = {(row.config, d.field, d.kind): d.reason for row in rows for d in row.differences}
    lines = [
        f"  new: {config}.{field} ({kind}; class {targets.get(config, '?')}): {reasons[(config, field, kind)]}"
        for config, field, kind in sorted(now - before)
    ] + [
        f"  gone: {config}.{field} ({kind}): the audit no longer finds it"
        for config, field, kind in sorted(before - now)
    ]
    more = f"\n  ... and {len(lines) - SHOWN} more" if len(lines) > SHOWN else ""
    where = REVIEWED_FILE.relative_to(ROOT)
    raise ParityDrift(
        f"the config/class parity audit changed since its last review ({where}):\n"
        + "\n".join(lines[:SHOWN])
        + more
        + f"\nRead these rows on the parity pages, classify in data/configs.yaml the ones that are by design, "
        f"then run `{ACCEPT_COMMAND}` to record the review."
    )
