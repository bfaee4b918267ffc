"""Parity rows -> Markdown: counts, the per-class summary, the differences with their reasons."""

from __future__ import annotations

from collections import Counter

from tools.core import markdown as cell
from tools.core import registry, search_weights, urls
from tools.core.markdown import table
from tools.core.search_weights import front_matter
from tools.parity.facts.records import (
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
        table(
            ("Difference", "By design", "Suspicious"),
            [(kind, kinds[(kind, BY_DESIGN)], kinds[(kind, SUSPICIOUS)]) for kind in KINDS],
        ),
    ]
    return "\n".join(lines) + "\n"


# One page per config group (configs/parity/<group>.md) keeps the audit from being one
# wall of a page that outranks the right page in search; the hand-written summary page
# lists only the configs that differ.
UNREGISTERED = urls.UNGROUPED  # configs stored in no ConfigStore group


def _differences(row: ParityRow) -> str:
    counts = Counter(d.kind for d in row.differences)
    return ", ".join(f"{counts[kind]} {kind}" for kind in KINDS if counts[kind]) or "none"


def _verdict(row: ParityRow) -> str:
    verdict = row.classification
    if row.classification == SUSPICIOUS:
        verdict += f" ({row.count(SUSPICIOUS)} of {len(row.differences)})"
    if row.instantiation:
        verdict += ", raises when instantiated"
    return verdict


def _by_group(rows: list[ParityRow], group_of: dict[str, str]) -> dict[str, list[ParityRow]]:
    by_group: dict[str, list[ParityRow]] = {}
    for row in rows:
        by_group.setdefault(group_of.get(row.config, "") or UNREGISTERED, []).append(row)
    return by_group


def render_summary(rows: list[ParityRow], group_of: dict[str, str]) -> str:
    """Only the configs that differ from their class, each linked to its group page."""
    cells = []
    for row in sorted(rows, key=lambda r: r.config):
        if not row.differences:
            continue
        page = urls.link(urls.PARITY, urls.parity_group(group_of.get(row.config, "")), anchor(row))
        # The id keeps links to parity.md#parity-<config> working.
        name = f"[`{row.config}`]({page}){{ #{anchor(row)} }}"
        cells.append((name, f"`{row.target_name}`", _differences(row), _verdict(row)))
    return table(("Config", "Builds", "Differences", "Verdict"), cells) + "\n"


def render_group_links(rows: list[ParityRow], group_of: dict[str, str]) -> str:
    by_group = _by_group(rows, group_of)
    lines = []
    for group in sorted(by_group, key=lambda g: (g == UNREGISTERED, g)):
        verdicts = Counter(r.classification for r in by_group[group])
        label = "not stored in any group" if group == UNREGISTERED else f"`{group}`"
        lines.append(
            f"- [{label}]({urls.parity_group(group).removeprefix('configs/')}): {len(by_group[group])} configs, "
            f"{verdicts[IDENTICAL]} identical, {verdicts[BY_DESIGN]} by design, {verdicts[SUSPICIOUS]} suspicious"
        )
    return "\n".join(lines) + "\n"


def _details(row: ParityRow, here: str) -> list[str]:
    out = [f"### `{row.config}` → `{row.target_name}` {{ #{anchor(row)} }}\n"]
    out.append(f"Builds `{row.target}` through {row.via}. Verdict: **{row.classification}**.\n")
    if row.instantiation:
        out.append(
            f"Measured: `instantiate({row.config}())` with its own defaults raises {cell.code(row.instantiation)}.\n"
        )
    # Five columns: the kind and its classification share one, so the reason stays in view.
    ordered = sorted(row.differences, key=lambda d: (KINDS.index(d.kind), d.field))
    suspicious = [d for d in ordered if d.classification != BY_DESIGN]
    by_design = [d for d in ordered if d.classification == BY_DESIGN]
    if suspicious:
        out += [_differences_table(row, suspicious, here), ""]
    if by_design:
        # By-design differences are folded (unfolded, the transform group's page was a wall);
        # the suspicious ones above stay in view.
        title = f"{len(by_design)} difference{'s' if len(by_design) > 1 else ''} by design"
        if suspicious:
            title += f" (besides the {len(suspicious)} suspicious above)"
        out += [f'??? note "{title}"', ""]
        out += [f"    {line}" for line in _differences_table(row, by_design, here).split("\n")]
        out.append("")
    return out


def _differences_table(row: ParityRow, differences, here: str) -> str:
    cells = [
        (
            f"`{d.field}`{registry.badges(f'configs {row.config} fields.{d.field}', here)}",
            f"{d.kind}, *{d.classification}*",
            cell.code(d.config),
            cell.code(d.target),
            cell.text(d.reason),
        )
        for d in differences
    ]
    return table(("Field", "Difference", "Config", "Class", "Reason"), cells)


# A group whose differing configs are more than this puts their sections on pages of their own, this
# many at most per page (on one page, the transform group's differing configs made a wall of a page).
DETAILS_PER_PAGE = 20


def _title(group: str) -> str:
    return "Configs stored in no group" if group == UNREGISTERED else f"The `{group}` group"


def _nav_title(group: str) -> str:
    return "Configs in no group" if group == UNREGISTERED else group


def _details_parts(group: str, differing: list[ParityRow]) -> list[tuple[str, list[ParityRow]]]:
    """(page, rows) of each part of a group's difference sections: the group page itself when they fit."""
    if len(differing) <= DETAILS_PER_PAGE:
        return [(urls.parity_group(group), differing)]
    count = -(-len(differing) // DETAILS_PER_PAGE)
    size = -(-len(differing) // count)
    chunks = [differing[i : i + size] for i in range(0, len(differing), size)]
    return [(urls.parity_group_part(group, n), chunk) for n, chunk in enumerate(chunks, start=1)]


def render_group_page(group: str, rows: list[ParityRow]) -> dict[str, str]:
    """The audit of one config group: every config in it, then each difference with its reason (on
    pages of their own for a large group; the group page's table keeps every ``#parity-<config>``
    anchor, so links to a config land on its row and go on from there)."""
    here = urls.parity_group(group)
    verdicts = Counter(r.classification for r in rows)
    out = [
        # The group pages name every config and class: a query for a class finds its own page first.
        # The navigation's title is the group's name (the section says "Parity by config group").
        front_matter(search_weights.NOT_INDEXED, _nav_title(group)) + f"# Parity: {_title(group)}",
        "",
        f"{len(rows)} config dataclasses: **{verdicts[IDENTICAL]} identical** to the class they build, "
        f"**{verdicts[BY_DESIGN]} differ by design only**, **{verdicts[SUSPICIOUS]} suspicious**. "
        f"How differences are classified: [the parity audit]({urls.link(here, urls.PARITY)}).",
        "",
    ]
    ordered = sorted(rows, key=lambda r: r.config)
    parts = _details_parts(group, [row for row in ordered if row.differences])
    page_of = {row.config: page for page, chunk in parts for row in chunk}
    cells = []
    for row in ordered:
        page = page_of.get(row.config)
        if page == here:
            name = f"[`{row.config}`](#{anchor(row)})"
        elif page is not None:  # its section is on a part page; the id keeps #parity-<config> valid here
            name = f"[`{row.config}`]({urls.link(here, page, anchor(row))}){{ #{anchor(row)} }}"
        else:  # identical: no section anywhere
            name = f"`{row.config}`{{ #{anchor(row)} }}"
        cells.append((name, f"`{row.target_name}`", _differences(row), _verdict(row)))
    out.append(table(("Config", "Builds", "Differences", "Verdict"), cells))
    out.append("")
    pages = {}
    if len(parts) > 1:
        links = ", ".join(
            f"[`{chunk[0].config}` to `{chunk[-1].config}`]({urls.link(here, page)})" for page, chunk in parts
        )
        out += [f"The differences, with reasons, are on {len(parts)} pages: {links}.", ""]
        for n, (page, chunk) in enumerate(parts, start=1):
            part = [
                front_matter(search_weights.NOT_INDEXED, f"{_nav_title(group)}, differences {n} of {len(parts)}")
                + f"# Parity: {_title(group)}, differences {n} of {len(parts)}",
                "",
                f"`{chunk[0].config}` to `{chunk[-1].config}`: each config of the group that differs from the "
                f"class it builds, with its reasons. Every config of the group: [{_title(group)}]"
                f"({urls.link(page, here)}).",
                "",
            ]
            for row in chunk:
                part += _details(row, page)
            pages[page] = "\n".join(part) + "\n"
    elif parts[0][1]:
        out += ["## Differences, with reasons", ""]
        for row in parts[0][1]:
            out += _details(row, here)
    pages[here] = "\n".join(out) + "\n"
    return pages


def render_group_pages(rows: list[ParityRow], group_of: dict[str, str]) -> dict[str, str]:
    pages: dict[str, str] = {}
    for group, group_rows in _by_group(rows, group_of).items():
        pages.update(render_group_page(group, group_rows))
    return pages


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
            f"[`{f.construction}`]({urls.link(urls.PARITY, urls.loss(f.construction))}) example.\n"
        )
        cells = []
        for run in f.runs:
            values = ", ".join(f"`{k}={v}`" for k, v in run.selectors.items()) or "its defaults"
            builds = f"`{run.builds}`" if run.builds else f"raises {cell.code(run.error)}"
            set_keys = "<br>".join(cell.code(c) for c in run.set_keys_calls) or "none"
            estimator = "<br>".join(cell.code(c) for c in run.estimator_calls) or "none"
            dropped = ", ".join(f"`{n}`" for n in run.not_passed) or ("" if not run.builds else "none")
            cells.append((values, builds, set_keys, estimator, dropped))
        header = (
            "Config values",
            "Builds",
            "`set_keys` calls",
            "`make_value_estimator` calls",
            "Fields the class does not receive",
        )
        out.append(table(header, cells))
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
