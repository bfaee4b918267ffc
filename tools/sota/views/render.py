"""SOTA map records -> Markdown.  Pure functions; no MkDocs here.

The map is an overview (``urls.SOTA``: one row per directory, narrow enough for a laptop) and one
page per algorithm family (``urls.sota_family``).  One page holding everything was a wall of
tables, near-identical scripts repeating whole tables.  Now a family page says once what a
group of scripts builds (scripts that build the same classes share one entry) and folds the
per-script detail (file and line of each construction, arguments, hyperparameters) into collapsed
blocks.  The overview keeps the ``#dir-<directory>`` and ``#family-<slug>`` anchors that other pages
and inventory.json link to, each on the row that links on to the family page.
"""

from __future__ import annotations

from tools.core import markdown as cell
from tools.core import search_weights, urls
from tools.core.markdown import table
from tools.core.signatures import show_value
from tools.sota.facts.check import ArgumentCheck, SotaCheck
from tools.sota.facts.compositions import StoredCompositions
from tools.sota.facts.data import github_url
from tools.sota.facts.records import SotaMap
from tools.sota.facts.summary import DirectorySummary, ScriptSummary, anchor, family_anchor, family_order

SOTA_FOLDER = "sota-implementations"
OVERVIEW = urls.SOTA

# What a script builds, in the order a family page lists it: (construction kind, label).
KINDS = (
    ("loss", "loss"),
    ("value_estimator", "estimator"),
    ("target_updater", "target updater"),
    ("trainer", "trainer"),
    ("collector", "collector"),
    ("replay_buffer", "replay buffer"),
    ("sampler", "sampler"),
    ("storage", "storage"),
    ("dataset", "dataset"),
    ("env", "environment"),
)


def family_page(family: str) -> str:
    """The docs-relative page of one family (``sota/families/soft-actor-critic.md``)."""
    return urls.sota_family(family_anchor(family).removeprefix("family-"))


def directory_page(summaries: list[DirectorySummary], directory: str) -> str:
    """The family page that holds the section of ``directory`` (anchor not included)."""
    return family_page(next(s.family for s in summaries if s.directory.name == directory))


def _directory_link(here: str, summaries: list[DirectorySummary], directory: str) -> str:
    return urls.link(here, directory_page(summaries, directory), anchor(directory))


def _loss_links(here: str, losses: list[str], documented: set[str]) -> str:
    return (
        ", ".join(f"[`{n}`]({urls.link(here, urls.loss(n))})" if n in documented else f"`{n}`" for n in losses) or "—"
    )


def _status_marks(check: SotaCheck, summary: DirectorySummary) -> str:
    flagged = []
    for s in summary.directory.scripts:
        for c in s.constructions:
            status = check.status(c.module, c.name) if c.module else None
            if status is not None and status.status != "ok" and f"`{c.name}` **{status.status}**" not in flagged:
                flagged.append(f"`{c.name}` **{status.status}**")
    return "; ".join(flagged)


def _fold(title: str, lines: list[str]) -> list[str]:
    """A collapsed block (pymdownx.details): the reader opens it when they want the detail."""
    body = [line for block in lines for line in block.split("\n")]
    return [f'??? note "{title}"', "", *(f"    {line}" if line else "" for line in body), ""]


def render_source(sota: SotaMap, stored: StoredCompositions | None, fresh: bool) -> str:
    scripts = sum(len(d.scripts) for d in sota.directories)
    link = github_url(sota, SOTA_FOLDER, tree=True)
    lines = [
        f"Read from [{sota.repository} at `{sota.commit[:12]}`]({link}) by `python -m tools.wings.sota_scanner` "
        f"(`make sota-data`): {len(sota.directories)} directories, {scripts} entry-point scripts, "
        f"{sum(len(d.trainer_configs) for d in sota.directories)} trainer configs. The facts are in "
        "`data/sota.json`; class checks and defaults are read from the installed torchrl when the site is built.",
    ]
    if stored is None:
        lines.append("Trainer configs have not been composed yet: run `make sota-compose`.")
    else:
        state = "" if fresh else " **(stale: run `make sota-compose`)**"
        pins = ", ".join(f"{k} {v}" for k, v in stored.pins.items())
        lines.append(f"Trainer configs were composed with Hydra against {pins} by `make sota-compose`{state}.")
    return "\n\n".join(lines) + "\n"


# -- the overview ---------------------------------------------------------------------------------


def render_overview(
    summaries: list[DirectorySummary], check: SotaCheck, stored: StoredCompositions | None, documented: set[str]
) -> str:
    """One row per directory, grouped by family: five columns that fit a 1280 px window.

    Cadences, cautions, trainer variants and script names are on the family pages; the ids on the
    family and directory cells keep ``sota/index.md#family-...`` and ``#dir-...`` links working.
    """
    rows = []
    for family in family_order(summaries):
        page = urls.link(OVERVIEW, family_page(family))
        for index, s in enumerate(x for x in summaries if x.family == family):
            d = s.directory
            family_cell = f'<span id="{family_anchor(family)}"></span>[{family}]({page})' if index == 0 else ""
            where = f'<span id="{anchor(d.name)}"></span>[`{d.name}`]({page}#{anchor(d.name)})'
            composes = _composes_cell(d, stored)
            if composes:
                where += f"<br>configs compose: {composes}"
            flags = _status_marks(check, s)
            losses = _loss_links(OVERVIEW, s.losses, documented) + (f" ({flags})" if flags else "")
            estimators = "<br>".join(dict.fromkeys(_short_estimator(e) for x in s.scripts for e in x.estimators))
            updaters = ", ".join(f"`{u}`" for u in s.kinds.get("target_updater", []))
            rows.append((family_cell, where, losses, estimators or "—", updaters or "—", ", ".join(s.extras) or "—"))
    header = ("Family", "Directory", "Loss", "Estimator", "Target updater", "Needs")
    return table(header, rows) + "\n"


def _short_estimator(text: str) -> str:
    """``TD0 (make_value_estimator)`` -> ``TD0``; ``TD0 (the loss's default)`` -> ``TD0 (default)``."""
    name, _, how = text.partition(" (")
    if not how:
        return name
    return f"{name} (default)" if "default" in how else name


def _composes_cell(d, stored: StoredCompositions | None) -> str:
    if not d.trainer_configs:
        return ""
    if stored is None:
        return "not composed yet"
    results = [stored.find(d.name, c.file) for c in d.trainer_configs]
    ok = sum(1 for r in results if r is not None and r.composes)
    return f"yes ({ok}/{len(results)})" if ok == len(results) else f"**no** ({ok}/{len(results)} compose)"


def render_classes(sota: SotaMap, summaries: list[DirectorySummary], check: SotaCheck, documented: set[str]) -> str:
    users: dict[tuple[str, str], list[str]] = {}
    for d in sota.directories:
        for s in d.scripts:
            for c in s.constructions:
                if c.module and d.name not in users.setdefault((c.module, c.name), []):
                    users[(c.module, c.name)].append(d.name)
    order = {"missing": 0, "deprecated": 1, "ok": 2}
    rows = []
    for c in sorted(check.classes, key=lambda c: (order[c.status], c.kind, c.name, c.module)):
        name = (
            f"[`{c.name}`]({urls.link(OVERVIEW, urls.loss(c.name))})"
            if c.kind == "loss" and c.name in documented
            else f"`{c.name}`"
        )
        status = {"ok": "exists", "missing": "**missing**", "deprecated": "**deprecated**"}[c.status]
        if c.detail:
            status += f": {cell.text(c.detail)}"
        where = ", ".join(
            f"[`{n}`]({_directory_link(OVERVIEW, summaries, n)})" for n in users.get((c.module, c.name), [])
        )
        rows.append((name, c.kind.replace("_", " "), f"`{c.module}`", status, where))
    return table(("Class", "Kind", "Imported from", "On this torchrl", "Directories"), rows) + "\n"


# -- one family's page ----------------------------------------------------------------------------


def _argument_rows(rows: list[ArgumentCheck], several: bool) -> str:
    header = ("Passed to", "Parameter", "Script passes", "From config", "Installed default", "Departs")
    cells = []
    for a in rows:
        departs = {
            "same": "no",
            "differs": "**yes**",
            "required": "— (required)",
            "not-a-parameter": "not a named parameter",
        }[a.status]
        keys = ", ".join(f"`{k}`" for k in a.config_keys) or "—"
        row = (
            f"`{a.owner}`",
            f"`{a.parameter}`",
            cell.code(a.script_value),
            keys,
            cell.code(a.default) or "—",
            departs,
        )
        cells.append((f"`{a.source_file}`", *row) if several else row)
    return table(("Script", *header) if several else header, cells)


def _links(sota: SotaMap, d) -> list[str]:
    base = f"{SOTA_FOLDER}/{d.name}"
    lines = [f"- **Folder**: [{base}]({github_url(sota, base, tree=True)})"]
    if d.helpers:
        lines.append(
            "- **Helper modules**: " + ", ".join(f"[`{h}`]({github_url(sota, f'{base}/{h}')})" for h in d.helpers)
        )
    if d.configs:
        lines.append("- **Configs**: " + ", ".join(f"[`{c}`]({github_url(sota, f'{base}/{c}')})" for c in d.configs))
    if d.requirements:
        lines.append("- **Requirements files name**: " + ", ".join(f"`{r}`" for r in d.requirements))
    if d.launchers:
        lines.append(
            "- **`sota-check/` launchers**: "
            + ", ".join(
                f"[`{x.file}`]({github_url(sota, 'sota-check/' + x.file)})" + (f" ({x.gpus} GPU)" if x.gpus else "")
                for x in d.launchers
            )
        )
    else:
        lines.append("- **`sota-check/` launchers**: none")
    smoke = ", ".join(f"`{name}` (`{script}`)" for name, script in d.ci_smoke.items())
    lines.append(f"- **CI smoke tests**: {smoke or 'none'}")
    return lines


def _builds(here: str, x: ScriptSummary, documented: set[str]) -> list[str]:
    """What one script builds, without where (extras and cautions apart): the part scripts can share."""
    parts = []
    for kind, label in KINDS:
        for c in x.script.constructions:
            if c.kind != kind:
                continue
            name = (
                f"[`{c.name}`]({urls.link(here, urls.loss(c.name))})"
                if kind == "loss" and c.name in documented
                else f"`{c.name}`"
            )
            when = ""
            if c.by_default is False:
                when = (
                    " (not with the default config: "
                    + ", ".join(f"`{k}` = {show_value(v)}" for k, v in c.when.items())
                    + ")"
                )
            elif c.by_default is None:
                when = " (conditional)"
            part = f"{label} {name}{when}"
            if part not in parts:
                parts.append(part)
    for e in x.estimators:
        if "make_value_estimator" in e or "default" in e:
            parts.append(f"estimator {e}")
    for cadence in x.cadences:
        parts.append(f"`{cadence.split(':', 1)[0]}.step()` {cadence.split(': ', 1)[1]}")
    return parts


def _where(sota: SotaMap, x: ScriptSummary) -> str:
    """Where one script builds each class: file and line, linked at the recorded commit."""
    base = f"{SOTA_FOLDER}/{x.directory}"
    found = [
        f"`{c.name}` ([{c.file}:{c.line}]({github_url(sota, f'{base}/{c.file}', c.line)}))"
        for kind, _ in KINDS
        for c in x.script.constructions
        if c.kind == kind
    ]
    return ", ".join(dict.fromkeys(found)) or "nothing the map follows"


def _script_name(sota: SotaMap, x: ScriptSummary) -> str:
    s, base = x.script, f"{SOTA_FOLDER}/{x.directory}"
    config = f" with [`{s.config}`]({github_url(sota, f'{base}/{s.config}')})" if s.config else ""
    return f"[`{s.file}`]({github_url(sota, f'{base}/{s.file}')}){config}"


# What decides the training: a script's parts with these labels (and its cadences, which start with
# a backquote).  Scripts of one directory that agree on them share an entry; what else differs
# (the environment, a replay buffer, what must be installed) is listed under it, per script.
WIRING = ("loss ", "estimator ", "target updater ", "trainer ", "`")


def _script_groups(here: str, scripts: list[ScriptSummary], documented: set[str]) -> list[list[ScriptSummary]]:
    """Scripts that build the same loss, estimator, target updater and trainer, stepped alike, in file order."""
    groups: dict[tuple[str, ...], list[ScriptSummary]] = {}
    for x in scripts:
        key = tuple(p for p in _builds(here, x, documented) if p.startswith(WIRING))
        groups.setdefault(key, []).append(x)
    return list(groups.values())


def _group_entry(sota: SotaMap, here: str, group: list[ScriptSummary], documented: set[str]) -> list[str]:
    """One entry for scripts that build the same things: what they share, then what only some build."""

    def shared(lists: list[list[str]]) -> list[str]:
        return [p for p in lists[0] if all(p in other for other in lists)]

    def described(parts: list[str], extras: list[str], cautions: list[str]) -> list[str]:
        # Three lines at most: the training wiring, the data side (collector, buffer, environment), the rest.
        wiring = [p for p in parts if p.startswith(WIRING)]
        data = [p for p in parts if not p.startswith(WIRING)]
        rest = (["needs " + ", ".join(extras)] if extras else []) + (
            [cell.text("; ".join(cautions))] if cautions else []
        )
        return ["; ".join(line) for line in (wiring, data, rest) if line]

    builds = [_builds(here, x, documented) for x in group]
    common = (shared(builds), shared([x.extras for x in group]), shared([x.cautions for x in group]))
    names = ", ".join(_script_name(sota, x) for x in group)
    lines = [f"- {names} {'each build' if len(group) > 1 else 'builds'}:"]
    lines += [f"    - {p}" for p in described(*common) or ["none of the classes the map follows"]]
    for x, b in zip(group, builds, strict=True):
        only = described(
            [p for p in b if p not in common[0]],
            [e for e in x.extras if e not in common[1]],
            [c for c in x.cautions if c not in common[2]],
        )
        if only:
            lines.append(f"    - only `{x.script.file}`: " + "; ".join(only))
    return lines


def _hyperparameters(x: ScriptSummary) -> list[str]:
    if not x.script.hyperparameters:
        return []
    rows = [
        (f"`{h.key}`", cell.code(show_value(h.value)), ", ".join(f"`{u}`" for u in h.used_by) or "—")
        for h in x.script.hyperparameters
    ]
    return _fold(
        f"Hyperparameters of {x.script.file} ({x.script.config}), {len(rows)} keys",
        [table(("Config key", "Value", "Passed to"), rows)],
    )


def _trainer_configs(
    here: str,
    d,
    check: SotaCheck,
    stored: StoredCompositions | None,
    documented: set[str],
    documented_trainers: set[str],
) -> list[str]:
    if not d.trainer_configs:
        return []
    found = {(t.directory, t.file): t for t in check.trainer_configs}
    rows = []
    for config in d.trainer_configs:
        t = found.get((d.name, config.file))
        result = stored.find(d.name, config.file) if stored else None
        composes = "not composed yet" if result is None else ("yes" if result.composes else "**no**")
        if result is not None and result.dropped:
            composes += " (classes read with " + ", ".join(f"`{k}`" for k in result.dropped) + " left out)"
        kinds = t.kinds if t else {}
        trainers = (
            ", ".join(
                f"[`{n}`]({urls.link(here, urls.trainer(n))})" if n in documented_trainers else f"`{n}`"
                for n in kinds.get("trainer", [])
            )
            or "—"
        )
        error = cell.code(result.error) if result is not None and result.error else ""
        rows.append(
            (
                f"`{config.file}`",
                composes,
                trainers,
                _loss_links(here, kinds.get("loss", []), documented),
                ", ".join(f"`{n}`" for n in kinds.get("target_updater", [])) or "—",
                ", ".join(f"`{n}`" for n in kinds.get("collector", [])) or "—",
                error,
            )
        )
    out = [
        "Trainer configs: what instantiating each composed config's `trainer` node builds (the nodes it "
        "reaches, each mapped to its class by the [config groups' record]("
        f"{urls.link(here, urls.CONFIG_GROUPS)}), measured for loss factories; a node the YAML inherits but "
        "the trainer never reaches builds nothing):",
        "",
        table(("Config", "Composes", "Trainer", "Loss", "Target updater", "Collector", "Error"), rows),
        "",
    ]
    composed = [stored.find(d.name, c.file) for c in d.trainer_configs] if stored else []
    for result in (r for r in composed if r is not None and r.hyperparameters):
        values = [(f"`{h.key}`", cell.code(show_value(h.value))) for h in result.hyperparameters]
        out += _fold(
            f"Hyperparameters of the composed {result.file}, {len(values)} keys",
            [table(("Config key", "Value"), values)],
        )
    return out


def _directory_section(
    here: str,
    sota: SotaMap,
    s: DirectorySummary,
    summaries: list[DirectorySummary],
    check: SotaCheck,
    stored: StoredCompositions | None,
    documented: set[str],
    documented_trainers: set[str],
) -> list[str]:
    d = s.directory
    out = [f"## `{d.name}` {{ #{anchor(d.name)} }}", "", *_links(sota, d), ""]
    if s.trainer_variant:
        out += [f"Trainer variant: [`{s.trainer_variant}`]({_directory_link(here, summaries, s.trainer_variant)}).", ""]
    scripts = [
        x
        for x in s.scripts
        if not (d.trainer_configs and x.script.file.endswith("train.py") and not x.script.constructions)
    ]
    groups = _script_groups(here, scripts, documented)
    for group in groups:
        out += _group_entry(sota, here, group, documented)
    if groups:
        out.append("")
        where = [f"- `{x.script.file}`: {_where(sota, x)}" for group in groups for x in group]
        out += _fold("Where each script builds them (file and line)", where)
    out += _trainer_configs(here, d, check, stored, documented, documented_trainers)
    compared = [a for a in check.arguments if a.directory == d.name and a.status != "not-a-parameter"]
    if compared:
        several = len({a.source_file for a in compared}) > 1
        departs = sum(a.status == "differs" for a in compared)
        out += _fold(
            f"Arguments against the installed defaults: {len(compared)} compared, {departs} depart",
            [
                "Arguments passed to the loss, estimator, target updater and trainer, beside the installed defaults:",
                "",
                _argument_rows(compared, several),
            ],
        )
    if not d.trainer_configs:
        for x in s.scripts:
            out += _hyperparameters(x)
    if not d.scripts and not d.trainer_configs:
        out += ["No Python script in this directory.", ""]
    return out


# Longer family names wrap to a third line in the sidebar: above this, the gloss in brackets goes.
NAV_TITLE_CHARS = 40


def _nav_title(family: str) -> str:
    return family if len(family) <= NAV_TITLE_CHARS else family.split(" (", 1)[0]


def render_family_page(
    family: str,
    sota: SotaMap,
    summaries: list[DirectorySummary],
    check: SotaCheck,
    stored: StoredCompositions | None,
    documented: set[str],
    documented_trainers: set[str],
) -> str:
    here = family_page(family)
    mine = [s for s in summaries if s.family == family]
    names = ", ".join(f"[`{s.directory.name}`](#{anchor(s.directory.name)})" for s in mine)
    out = [
        # Like the parity group pages, these name many classes: a query for a class finds its own page first.
        # The navigation's title is the family (the section says "SOTA"), without its gloss when long.
        search_weights.front_matter(search_weights.AUDIT, _nav_title(family)) + f"# SOTA: {family}",
        "",
        f"What the {len(mine)} {'directory' if len(mine) == 1 else 'directories'} of pytorch/rl's "
        f"`sota-implementations/` listed under this family build ({names}), read from their code at commit "
        f"`{sota.commit[:12]}` and checked against the installed torchrl. The scripts are not run here; how the "
        f"facts are read, and every other family: [the SOTA map]({urls.link(here, OVERVIEW)}).",
        "",
    ]
    for s in mine:
        out += _directory_section(here, sota, s, summaries, check, stored, documented, documented_trainers)
    return "\n".join(out).rstrip("\n") + "\n"


def render_family_pages(
    sota: SotaMap,
    summaries: list[DirectorySummary],
    check: SotaCheck,
    stored: StoredCompositions | None,
    documented: set[str],
    documented_trainers: set[str],
) -> dict[str, str]:
    return {
        family_page(family): render_family_page(family, sota, summaries, check, stored, documented, documented_trainers)
        for family in family_order(summaries)
    }
