"""Wiring reports and the checks -> Markdown: a report block, the table of checks."""

from __future__ import annotations

from tools.core.markdown import code, table
from tools.wiring.facts.records import WiringReport, render_text


def render_markdown(report: WiringReport) -> str:
    """The report as a ``text`` block, for a page (the troubleshooting entries about keys and shapes)."""
    return "```text\n" + render_text(report) + "\n```\n"


def render_checks(checks) -> str:
    """The table of what the checker looks for, from ``tools.wiring.facts.checks.CHECKS``."""
    return (
        table(
            ("Problem", "What the checker looks for", "What it suggests"),
            [(code(c.name), c.looks_for, c.suggests) for c in checks],
        )
        + "\n"
    )
