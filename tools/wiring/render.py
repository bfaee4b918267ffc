"""Wiring reports -> text (terminal, pages' captured output) and Markdown (the table of checks, a report block)."""

from __future__ import annotations

import textwrap

from tools.wiring.records import WiringReport, key_text

WIDTH = 100  # problems and warnings wrap here; the key table is as wide as its keys

SILENT = "changes the loss"  # tools.wiring.reads.CHANGES (not imported: rendering needs no torch import)
LEGEND = (
    "  (needed: measured on {recipe} by deleting each key: yes = the loss raises without it;\n"
    "   yes, silently = it runs without it on other numbers; optional = the same numbers)"
)


def _table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  " + "  ".join(cell.ljust(w) for cell, w in zip(row, widths)).rstrip() for row in rows]


def render_keys(report: WiringReport) -> list[str]:
    rows = [["key", "needed", "in data", "shape", "dtype", "written by", "read by"]]
    for k in report.keys:
        rows.append([
            key_text(k.key),
            ("yes" if k.effect != SILENT else "yes, silently") if k.required else "optional",
            "yes" if k.present else "MISSING",
            str(k.shape) if k.shape is not None else "",
            (k.dtype or "").removeprefix("torch."),
            k.writer,
            ", ".join(k.read_by),
        ])  # fmt: skip
    return _table(rows)


def render_problems(report: WiringReport) -> list[str]:
    lines = []
    for number, p in enumerate(report.problems, 1):
        lines += textwrap.wrap(f"{number}. [{p.kind}] {p.message}", WIDTH, initial_indent="  ", subsequent_indent="     ", break_on_hyphens=False)
        if p.fix is not None:
            lines.append(f"     fix: {p.fix.code}")
        elif p.advice:
            lines += textwrap.wrap(f"fix: {p.advice}", WIDTH, initial_indent="     ", subsequent_indent="          ", break_on_hyphens=False)
    return lines


def _forward_line(label: str, run) -> str:
    return f"{label}: {'runs' if run.ok else 'raised ' + run.error}"


def render_text(report: WiringReport) -> str:
    estimator = f" with {report.estimator}" if report.estimator else ""
    lines = [f"{report.loss}{estimator}, checked on {report.source} of batch size {report.batch_size}"]
    lines.append("Keys it reads:")
    lines += render_keys(report)
    lines.append(LEGEND.format(recipe=report.measured_on))
    if report.problems:
        lines.append("Problems:")
        lines += render_problems(report)
    if report.warnings:
        lines.append("Warnings:")
        for warning in report.warnings:
            lines += textwrap.wrap(warning, WIDTH, initial_indent="  - ", subsequent_indent="    ", break_on_hyphens=False)
    if report.forward is not None:
        line = _forward_line("Forward pass on a copy of the data", report.forward)
        silent = [k for k in report.keys if k.effect == SILENT and not k.present]
        if report.forward.ok and silent:
            line += f" (without {', '.join(key_text(k.key) for k in silent)} it computes other numbers, and raises nothing)"
        lines.append(line)
    if report.fixed_forward is not None:
        lines.append(_forward_line("Forward pass with the set_keys fixes above applied", report.fixed_forward))
    count = len(report.problems)
    verdict = "ready" if report.ready else f"not ready ({count} problem{'s' if count != 1 else ''})"
    lines.append(f"Verdict: {verdict}")
    return "\n".join(lines)


def render_markdown(report: WiringReport) -> str:
    """The report as a ``text`` block, for a page (the troubleshooting entries, once they exist)."""
    return "```text\n" + render_text(report) + "\n```\n"


def render_checks(checks) -> str:
    """The table of what the checker looks for, from ``tools.wiring.checks.CHECKS``."""
    lines = ["| Problem | What the checker looks for | What it suggests |", "| --- | --- | --- |"]
    lines += [f"| `{c.name}` | {c.looks_for} | {c.suggests} |" for c in checks]
    return "\n".join(lines) + "\n"
