"""SOTA map records -> Markdown.  Pure functions; no MkDocs here."""

from __future__ import annotations

from tools.core import markdown as cell
from tools.core import urls
from tools.core.signatures import show_value
from tools.sota.facts.check import ArgumentCheck, SotaCheck
from tools.sota.facts.compositions import StoredCompositions
from tools.sota.facts.data import github_url
from tools.sota.facts.records import SotaMap
from tools.sota.facts.summary import DirectorySummary, anchor, family_anchor, family_order

SOTA_FOLDER = "sota-implementations"
# Pages the entries link back to, relative to docs/sota/index.md.
PAGE = urls.SOTA


def _loss_links(losses: list[str], documented: set[str]) -> str:
    return (
        ", ".join(f"[`{n}`]({urls.link(PAGE, urls.loss(n))})" if n in documented else f"`{n}`" for n in losses) or "—"
    )


def _status_marks(check: SotaCheck, summary: DirectorySummary) -> str:
    flagged = []
    for s in summary.directory.scripts:
        for c in s.constructions:
            status = check.status(c.module, c.name) if c.module else None
            if status is not None and status.status != "ok" and f"`{c.name}` {status.status}" not in flagged:
                flagged.append(f"`{c.name}` **{status.status}**")
    return "; ".join(flagged)


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


def render_overview(
    summaries: list[DirectorySummary], check: SotaCheck, stored: StoredCompositions | None, documented: set[str]
) -> str:
    rows = [
        "| Family | Directory | Scripts | Loss | Estimator | Target updater and cadence | Trainer variant "
        "| Extras | Cautions | Composes on this torchrl |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for family in family_order(summaries):
        for s in (x for x in summaries if x.family == family):
            d = s.directory
            scripts = "<br>".join(f"`{x.script.file}`" for x in s.scripts) or "none"
            estimators = "<br>".join(dict.fromkeys(e for x in s.scripts for e in x.estimators)) or "—"
            updaters = _updater_cell(s)
            if d.trainer_configs:
                updaters = ", ".join(f"`{u}`" for u in s.kinds.get("target_updater", [])) or "—"
            composes = _composes_cell(d, stored)
            flags = _status_marks(check, s)
            losses = _loss_links(s.losses, documented) + (f" ({flags})" if flags else "")
            variant = f"[`{s.trainer_variant}`](#{anchor(s.trainer_variant)})" if s.trainer_variant else ""
            rows.append(
                f"| [{family}](#{family_anchor(family)}) | [`{d.name}`](#{anchor(d.name)}) | {scripts} | {losses} "
                f"| {estimators} | {updaters} | {variant} | {', '.join(s.extras) or '—'} "
                f"| {cell.text('; '.join(s.cautions)) or '—'} | {composes} |"
            )
    return "\n".join(rows) + "\n"


def _updater_cell(s: DirectorySummary) -> str:
    parts = []
    for x in s.scripts:
        for u in x.updaters:
            cls = u.split("(")[0]
            cadences = [c.split(": ", 1)[1] for c in x.cadences if c.split(": ", 1)[0] == cls]
            parts.append(
                cell.code(u) + " " + ("; ".join(cadences) or "(no `step()` call in the code the script reaches)")
            )
    return "<br>".join(dict.fromkeys(parts)) or "—"


def _composes_cell(d, stored: StoredCompositions | None) -> str:
    if not d.trainer_configs:
        return ""
    if stored is None:
        return "not composed yet"
    results = [stored.find(d.name, c.file) for c in d.trainer_configs]
    ok = sum(1 for r in results if r is not None and r.composes)
    return f"yes ({ok}/{len(results)})" if ok == len(results) else f"**no** ({ok}/{len(results)} compose)"


def render_classes(sota: SotaMap, check: SotaCheck, documented: set[str]) -> str:
    users: dict[tuple[str, str], list[str]] = {}
    for d in sota.directories:
        for s in d.scripts:
            for c in s.constructions:
                if c.module and d.name not in users.setdefault((c.module, c.name), []):
                    users[(c.module, c.name)].append(d.name)
    rows = ["| Class | Kind | Imported from | On this torchrl | Directories |", "| --- | --- | --- | --- | --- |"]
    order = {"missing": 0, "deprecated": 1, "ok": 2}
    for c in sorted(check.classes, key=lambda c: (order[c.status], c.kind, c.name, c.module)):
        name = (
            f"[`{c.name}`]({urls.link(PAGE, urls.loss(c.name))})"
            if c.kind == "loss" and c.name in documented
            else f"`{c.name}`"
        )
        status = {"ok": "exists", "missing": "**missing**", "deprecated": "**deprecated**"}[c.status]
        if c.detail:
            status += f": {cell.text(c.detail)}"
        where = ", ".join(f"[`{n}`](#{anchor(n)})" for n in users.get((c.module, c.name), []))
        rows.append(f"| {name} | {c.kind.replace('_', ' ')} | `{c.module}` | {status} | {where} |")
    return "\n".join(rows) + "\n"


def _argument_rows(rows: list[ArgumentCheck], several: bool) -> list[str]:
    out = [
        ("| Script " if several else "| ")
        + "| Passed to | Parameter | Script passes | From config | Installed default | Departs |",
        ("| --- " if several else "| ") + "| --- | --- | --- | --- | --- | --- |",
    ]
    for a in rows:
        departs = {
            "same": "no",
            "differs": "**yes**",
            "required": "— (required)",
            "not-a-parameter": "not a named parameter",
        }[a.status]
        keys = ", ".join(f"`{k}`" for k in a.config_keys) or "—"
        script = f"| `{a.source_file}` " if several else "| "
        out.append(
            f"{script}| `{a.owner}` | `{a.parameter}` | {cell.code(a.script_value)} | {keys} | {cell.code(a.default) or '—'} | {departs} |"
        )
    return out


def _links(sota: SotaMap, d, documented_trainers: set[str]) -> list[str]:
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


def _script_lines(sota: SotaMap, x, documented: set[str]) -> list[str]:
    s, base = x.script, f"{SOTA_FOLDER}/{x.directory}"
    config = f" with [`{s.config}`]({github_url(sota, f'{base}/{s.config}')})" if s.config else ""
    lines = [f"- [`{s.file}`]({github_url(sota, f'{base}/{s.file}')}){config}:"]
    parts = []
    kinds = [
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
    ]
    for kind, label in kinds:
        for c in s.constructions:
            if c.kind != kind:
                continue
            link = github_url(sota, f"{base}/{c.file}", c.line)
            name = (
                f"[`{c.name}`]({urls.link(PAGE, urls.loss(c.name))})"
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
            parts.append(f"{label} {name} ([{c.file}:{c.line}]({link})){when}")
    for e in x.estimators:
        if "make_value_estimator" in e or "default" in e:
            parts.append(f"estimator {e}")
    for cadence in x.cadences:
        parts.append(f"`{cadence.split(':', 1)[0]}.step()` {cadence.split(': ', 1)[1]}")
    if x.extras:
        parts.append("needs " + ", ".join(x.extras))
    if x.cautions:
        parts.append(cell.text("; ".join(x.cautions)))
    lines += [f"    - {p}" for p in parts] or ["    - builds none of the classes the map follows"]
    return lines


def _hyperparameter_table(x) -> list[str]:
    if not x.script.hyperparameters:
        return []
    rows = [
        f"Hyperparameters of `{x.script.file}` (`{x.script.config}`):",
        "",
        "| Config key | Value | Passed to |",
        "| --- | --- | --- |",
    ]
    for h in x.script.hyperparameters:
        rows.append(
            f"| `{h.key}` | {cell.code(show_value(h.value))} | {', '.join(f'`{u}`' for u in h.used_by) or '—'} |"
        )
    return [*rows, ""]


def _trainer_configs(
    d, s: DirectorySummary, check: SotaCheck, stored: StoredCompositions | None, documented_trainers: set[str]
) -> list[str]:
    if not d.trainer_configs:
        return []
    rows = [
        "Trainer configs (their defaults lists resolved through the installed ConfigStore):",
        "",
        "| Config | Composes | Trainer | Loss | Target updater | Collector | Error |",
        "| --- | --- | --- | --- | --- | --- | --- |",
    ]
    found = {(t.directory, t.file): t for t in check.trainer_configs}
    for config in d.trainer_configs:
        t = found.get((d.name, config.file))
        result = stored.find(d.name, config.file) if stored else None
        composes = "not composed yet" if result is None else ("yes" if result.composes else "**no**")
        kinds = t.kinds if t else {}
        trainers = (
            ", ".join(
                f"[`{n}`]({urls.link(PAGE, urls.trainer(n))})" if n in documented_trainers else f"`{n}`"
                for n in kinds.get("trainer", [])
            )
            or "—"
        )
        losses = ", ".join(f"[`{n}`]({urls.link(PAGE, urls.loss(n))})" for n in kinds.get("loss", [])) or "—"
        error = cell.code(result.error) if result is not None and result.error else ""
        rows.append(
            f"| `{config.file}` | {composes} | {trainers} | {losses} "
            f"| {', '.join(f'`{n}`' for n in kinds.get('target_updater', [])) or '—'} "
            f"| {', '.join(f'`{n}`' for n in kinds.get('collector', [])) or '—'} | {error} |"
        )
    rows += ["", f"What each option builds: [config groups]({urls.link(PAGE, urls.CONFIG_GROUPS)}).", ""]
    composed = [stored.find(d.name, c.file) for c in d.trainer_configs] if stored else []
    for result in (r for r in composed if r is not None and r.hyperparameters):
        rows += [f"Hyperparameters of the composed `{result.file}`:", "", "| Config key | Value |", "| --- | --- |"]
        rows += [f"| `{h.key}` | {cell.code(show_value(h.value))} |" for h in result.hyperparameters]
        rows.append("")
    return rows


def render_families(
    sota: SotaMap,
    summaries: list[DirectorySummary],
    check: SotaCheck,
    stored: StoredCompositions | None,
    documented: set[str],
    documented_trainers: set[str],
) -> str:
    out = []
    for family in family_order(summaries):
        out += [f"## {family} {{ #{family_anchor(family)} }}", ""]
        for s in (x for x in summaries if x.family == family):
            d = s.directory
            out += [f"### `{d.name}` {{ #{anchor(d.name)} }}", ""]
            out += [*_links(sota, d, documented_trainers), ""]
            if s.trainer_variant:
                out += [f"Trainer variant: [`{s.trainer_variant}`](#{anchor(s.trainer_variant)}).", ""]
            for x in s.scripts:
                if not (d.trainer_configs and x.script.file.endswith("train.py") and not x.script.constructions):
                    out += _script_lines(sota, x, documented)
            if d.scripts:
                out.append("")
            out += _trainer_configs(d, s, check, stored, documented_trainers)
            compared = [a for a in check.arguments if a.directory == d.name and a.status != "not-a-parameter"]
            if compared:
                several = len({a.source_file for a in compared}) > 1
                out += ["Arguments against the installed defaults (loss, estimator, target updater, trainer):", ""]
                out += [*_argument_rows(compared, several), ""]
            for x in s.scripts:
                if not d.trainer_configs:
                    out += _hyperparameter_table(x)
            if not d.scripts and not d.trainer_configs:
                out += ["No Python script in this directory.", ""]
    return "\n".join(out) + "\n"
