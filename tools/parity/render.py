"""Parity rows -> Markdown: counts, the per-class summary, the differences with their reasons."""

from __future__ import annotations

from collections import Counter

from tools import table_cells as cell

from tools.parity.records import (
    BY_DESIGN,
    DEFAULT,
    IDENTICAL,
    ONLY_IN_CLASS,
    ONLY_IN_CONFIG,
    SUSPICIOUS,
    TARGET,
    TYPE,
    ParityRow,
)

KINDS = (ONLY_IN_CONFIG, ONLY_IN_CLASS, DEFAULT, TYPE, TARGET)


def anchor(row: ParityRow) -> str:
    return f"parity-{row.config}"


def render_counts(rows: list[ParityRow]) -> str:
    verdicts = Counter(r.classification for r in rows)
    kinds = Counter((d.kind, d.classification) for r in rows for d in r.differences)
    failing = sum(bool(r.instantiation) for r in rows)
    lines = [
        f"{len(rows)} config dataclasses build a class: **{verdicts[IDENTICAL]} identical**, "
        f"**{verdicts[BY_DESIGN]} differ by design only**, **{verdicts[SUSPICIOUS]} have at least one suspicious "
        f"difference**; {failing} of them raise when instantiated with their own defaults.",
        "",
        "| Difference | By design | Suspicious |",
        "| --- | --- | --- |",
    ]
    for kind in KINDS:
        lines.append(f"| {kind} | {kinds[(kind, BY_DESIGN)]} | {kinds[(kind, SUSPICIOUS)]} |")
    return "\n".join(lines) + "\n"


def render_summary(rows: list[ParityRow]) -> str:
    lines = [
        "| Config | Builds | Only in config | Only in class | Default | Type | Verdict |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    for row in sorted(rows, key=lambda r: r.config):
        counts = Counter(d.kind for d in row.differences)
        name = f"[`{row.config}`](#{anchor(row)})" if row.differences else f"`{row.config}`"
        verdict = row.classification
        if row.classification == SUSPICIOUS:
            verdict += f" ({row.count(SUSPICIOUS)} of {len(row.differences)})"
        if row.instantiation:
            verdict += ", raises when instantiated"
        lines.append(
            f"| {name} | `{row.target_name}` | {counts[ONLY_IN_CONFIG]} | {counts[ONLY_IN_CLASS]} | {counts[DEFAULT]} "
            f"| {counts[TYPE]} | {verdict} |"
        )
    return "\n".join(lines) + "\n"


def render_details(rows: list[ParityRow]) -> str:
    out = []
    for row in sorted(rows, key=lambda r: r.config):
        if not row.differences:
            continue
        out.append(f"### `{row.config}` → `{row.target_name}` {{ #{anchor(row)} }}\n")
        out.append(f"Builds `{row.target}` through {row.via}. Verdict: **{row.classification}**.\n")
        if row.instantiation:
            out.append(f"Measured: `instantiate({row.config}())` with its own defaults raises {cell.code(row.instantiation)}.\n")
        out.append("| Field | Difference | Config | Class | Classification | Reason |")
        out.append("| --- | --- | --- | --- | --- | --- |")
        for d in sorted(row.differences, key=lambda d: (KINDS.index(d.kind), d.field)):
            out.append(
                f"| `{d.field}` | {d.kind} | {cell.code(d.config)} | {cell.code(d.target)} | {d.classification} "
                f"| {cell.text(d.reason)} |"
            )
        out.append("")
    return "\n".join(out)


def inventory(rows: list[ParityRow]) -> list[dict]:
    return [
        {
            "config": row.config,
            "target": row.target,
            "via": row.via,
            "only_in_config": row.names(ONLY_IN_CONFIG),
            "only_in_class": row.names(ONLY_IN_CLASS),
            "default_mismatch": row.names(DEFAULT),
            "type_mismatch": row.names(TYPE),
            "classification": row.classification,
            "instantiation_error": row.instantiation,
            "factory": _factory_inventory(row),
            "differences": [
                {
                    "field": d.field,
                    "kind": d.kind,
                    "config": d.config,
                    "class": d.target,
                    "classification": d.classification,
                    "reason": d.reason,
                }
                for d in row.differences
            ],
        }
        for row in rows
    ]


def render_factories(rows: list[ParityRow]) -> str:
    """What each loss config's factory does beyond calling the class (measured by instantiating it)."""
    out = []
    for row in sorted((r for r in rows if r.factory is not None), key=lambda r: r.config):
        f = row.factory
        out.append(f"### `{row.config}` → `{f.factory.rsplit('.', 1)[-1]}()` {{ #factory-{row.config} }}\n")
        out.append(
            f"Annotated to return `{f.annotated.rsplit('.', 1)[-1]}`; instantiated with the networks of the "
            f"[`{f.recipe}`](../losses/{f.recipe}.md) example.\n"
        )
        out.append("| Config values | Builds | `set_keys` calls | `make_value_estimator` calls | Fields the class does not receive |")
        out.append("| --- | --- | --- | --- | --- |")
        for run in f.runs:
            values = ", ".join(f"`{k}={v}`" for k, v in run.selectors.items()) or "its defaults"
            builds = f"`{run.builds}`" if run.builds else f"raises {cell.code(run.error)}"
            set_keys = "<br>".join(cell.code(c) for c in run.set_keys_calls) or "none"
            estimator = "<br>".join(cell.code(c) for c in run.estimator_calls) or "none"
            dropped = ", ".join(f"`{n}`" for n in run.not_passed) or ("" if not run.builds else "none")
            out.append(f"| {values} | {builds} | {set_keys} | {estimator} | {dropped} |")
        out.append("")
    return "\n".join(out)


def _factory_inventory(row: ParityRow) -> dict | None:
    f = row.factory
    if f is None:
        return None
    return {
        "factory": f.factory,
        "annotated": f.annotated,
        "builds": f.default_class,
        "runs": [
            {
                "values": run.selectors,
                "builds": run.builds or None,
                "error": run.error or None,
                "set_keys_calls": run.set_keys_calls,
                "make_value_estimator_calls": run.estimator_calls,
                "fields_not_passed": run.not_passed,
            }
            for run in f.runs
        ],
    }
