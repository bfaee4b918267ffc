"""Config records -> Markdown: the groups, the table per group, the import warnings."""

from __future__ import annotations

from tools.config_groups.facts.records import TARGET_IS_THE_CLASS, ConfigClass, ConfigSurvey
from tools.core import markdown as cell
from tools.core import registry, urls
from tools.core.markdown import table


def anchor(config: str) -> str:
    return f"cfg-{config}"


def _builds(config: ConfigClass) -> str:
    if config.target_kind == "missing":
        return f"**does not exist** ({cell.code(config.error)})"
    if not config.resolved:
        return ""
    if config.annotated:
        return f"`{config.resolved}` (not the annotated `{config.annotated.rsplit('.', 1)[-1]}`)"
    return f"`{config.resolved}`"


def render_overview(survey: ConfigSurvey) -> str:
    rows = [
        (
            f"[`{group.name}`](#{group.name.replace('_', '-')})",
            len(group.entries),
            f"`{group.name}/{group.entries[0].name}` → `{group.entries[0].config}`",
        )
        for group in survey.groups
    ]
    total = sum(len(g.entries) for g in survey.groups)
    rows.append((f"**{len(survey.groups)} groups**", f"**{total}**", ""))
    return table(("Group", "Options", "Example"), rows) + "\n"


def render_groups(survey: ConfigSurvey) -> str:
    """One table per group: option -> dataclass -> `_target_` -> the class it builds."""
    out = []
    for group in survey.groups:
        out.append(f"### `{group.name}` {{ #{group.name.replace('_', '-')} }}\n")
        rows = []
        for entry in group.entries:
            config = survey.config(entry.config)
            target = f"`{config.target}`" if config.target else "none (a base class)"
            named = f'<span id="{anchor(config.name)}"></span>`{config.name}`'
            named += registry.badges(f"configs {config.name}", urls.CONFIG_GROUPS)
            builds = _builds(config)
            if config.resolved_how and config.resolved_how != TARGET_IS_THE_CLASS:
                builds += f"<br>*known from: {config.resolved_how}*"
            rows.append((f"`{group.name}/{entry.name}`", named, target, builds))
        # Folded: unfolded, the tables made the page far taller than the reader sweep's limit; a link
        # to #cfg-<Config> opens its block (browsers reveal a closed <details> holding a fragment's target).
        count = f"{len(rows)} option{'s' if len(rows) != 1 else ''}"
        out += [f'??? note "The {count} of `{group.name}`"', ""]
        # How the built class is known, said once, not in a column of its own: a column repeating one phrase
        # on most rows widened the table past its box and cut that phrase at the edge.
        hows = {survey.config(entry.config).resolved_how for entry in group.entries} - {""}
        if hows <= {TARGET_IS_THE_CLASS}:
            out += ["    In this group, each `_target_` is the class it builds.", ""]
        else:
            out += [
                "    Each `_target_` is the class it builds unless its Builds cell says how the class is known.",
                "",
            ]
        header = ("Option", "Config dataclass", "`_target_`", "Builds")
        out += [f"    {line}" for line in table(header, rows).split("\n")]
        out.append("")
    return "\n".join(out)


def render_unregistered(survey: ConfigSurvey) -> str:
    rows = [
        (
            f'<span id="{anchor(config.name)}"></span>`{config.name}`',
            f"`{config.target}`" if config.target else "none (a base class)",
            _builds(config),
        )
        for config in survey.classes
        if not config.registered_as
    ]
    return table(("Config dataclass", "`_target_`", "Builds"), rows) + "\n"


def render_import_warnings(survey: ConfigSurvey) -> str:
    if not survey.import_warnings:
        return "Importing the configs in a fresh interpreter printed no warning.\n"
    lines = [
        f"Importing `torchrl.trainers.algorithms.configs` in a fresh interpreter with all warnings shown "
        f"printed {len(survey.import_warnings)}:",
        "",
        "```text",
        *survey.import_warnings,
        "```",
    ]
    return "\n".join(lines) + "\n"


def inventory(survey: ConfigSurvey) -> list[dict]:
    rows = []
    for group in survey.groups:
        for entry in group.entries:
            config = survey.config(entry.config)
            rows.append(
                {
                    "group": group.name,
                    "name": entry.name,
                    "config": config.name,
                    "target": config.target,
                    "class": config.resolved,
                    "resolved_how": config.resolved_how,
                    "annotated": config.annotated,
                    "error": config.error,
                }
            )
    return rows
