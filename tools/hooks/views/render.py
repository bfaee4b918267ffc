"""Hook class records -> Markdown: one table of every hook class, where it goes and what it takes."""

from __future__ import annotations

from tools.config_groups.facts.records import ConfigSurvey
from tools.core import markdown as cell
from tools.core import urls
from tools.core.markdown import table
from tools.core.paths import ROOT
from tools.core.signatures import format_call
from tools.hooks.facts.records import HookClassRecord
from tools.trainers.facts.records import TrainerRecord

# The hooks' sections sit on trainers/hooks.md, beside the trainers' pages and the loop.
HERE = urls.TRAINER_HOOKS


def _to(page: str, anchor: str = "") -> str:
    return urls.link(HERE, page, anchor)


def used_by(hook: HookClassRecord, trainers: list[TrainerRecord]) -> list[str]:
    """Trainers that, when built, hold an instance: registered at a point or as a module."""
    return [
        t.name
        for t in trainers
        if any(op.owner == hook.name for op in t.default_ops) or hook.name in t.modules.values()
    ]


def render_table(hooks: list[HookClassRecord], trainers: list[TrainerRecord], configs: ConfigSurvey) -> str:
    rows = []
    for h in hooks:
        if h.error:
            where = f"register() raised {cell.code(h.error)}"
        elif h.attaches:
            where = "<br>".join(
                f"[`{a.point}`]({_to(urls.HOOK_POINTS, f'point-{a.point}')}): `{a.callable}`" for a in h.attaches
            )
        else:
            where = "no hook point (drives the optimization step)" if h.is_stepper else "no hook point"
        if h.made:
            where += f"<br>*{cell.text(h.made)}*"
        module = f"`{h.module_name}`" if h.module_name else "none"
        users = ", ".join(f"[`{t}`]({_to(urls.trainer(t))})" for t in used_by(h, trainers)) or ""
        configs_for = ", ".join(
            f"[`{c.name}`]({urls.link(urls.TRAINER_HOOKS, urls.CONFIG_GROUPS, f'cfg-{c.name}')})"
            for c in configs.for_class(h.name)
        )
        name = f"[`{h.name}`](#hook-{h.name})" + ("" if h.exported else f"<br>(from `{h.module}`)")
        rows.append((name, where, module, users, configs_for))
    header = ("Hook class", "`register(trainer)` attaches it at", "Module name", "Built in by", "Hydra config")
    return table(header, rows) + "\n"


def example_pages(name: str) -> list[str]:
    """Pages under docs/trainers/ whose runnable code (fences or included snippets) uses the class."""
    import re

    found = []
    pattern = re.compile(rf"\b{re.escape(name)}\b")
    for page in sorted((ROOT / "docs" / "trainers").glob("*.md")):
        text = page.read_text(encoding="utf-8")
        code = "\n".join(re.findall(r"```python\n(.*?)```", text, re.S))
        for include in re.findall(r"""--8<--\s+["']([^"']+)["']""", code):
            path = ROOT / include
            code += path.read_text(encoding="utf-8") if path.is_file() else ""
        if pattern.search(code):
            found.append(page.name)
    return found


def render_constructors(hooks: list[HookClassRecord]) -> str:
    """Each hook class: what it is for (upstream docstring), its constructor (introspected), where
    register() attaches it (measured) and the runnable examples that use it."""
    rows = []
    for h in hooks:
        where = ", ".join(f"`{a.point}`" for a in h.attaches) or (
            "drives the optimization step" if h.is_stepper else "no hook point"
        )
        examples = (
            ", ".join(
                f"[{page.removesuffix('.md')}]({_to(urls.trainer(page.removesuffix('.md')))})"
                for page in example_pages(h.name)
            )
            or "none yet"
        )
        rows.append(
            (
                f'<span id="hook-{h.name}"></span>`{h.name}`',
                cell.text(h.summary),
                where,
                cell.code(format_call(h.name, h.parameters)),
                examples,
            )
        )
    header = (
        "Hook class",
        "What it is for (upstream docstring)",
        "Registers at (measured)",
        "Constructor",
        "Runnable example",
    )
    return table(header, rows) + "\n"


def render_placement_differences(hooks: list[HookClassRecord], trainers: list[TrainerRecord]) -> str:
    """Where trainers attach a hook class when built vs where its own register() puts it (both measured)."""
    lines = []
    for h in hooks:
        own = {a.point for a in h.attaches}
        elsewhere: dict[str, list[str]] = {}
        for t in trainers:
            for op in t.default_ops:
                if op.owner == h.name and op.point not in own:
                    elsewhere.setdefault(op.point, []).append(t.name)
        for point, names in elsewhere.items():
            where = ", ".join(f"`{p}`" for p in sorted(own)) or "no hook point"
            extra = ""
            if h.made and "requires a name" in h.made and not h.module_name:
                extra = " It requires a `name` argument but registers no module under it."
            lines.append(
                f"- {', '.join(f'`{n}`' for n in names)} attach `{h.name}` at `{point}`; "
                f"`{h.name}.register(trainer)` attaches it at {where}.{extra}"
            )
    return (
        "\n".join(lines) if lines else "Every trainer attaches hook classes where their own `register()` would."
    ) + "\n"


def inventory(hooks: list[HookClassRecord], trainers: list[TrainerRecord], configs: ConfigSurvey) -> list[dict]:
    return [
        {
            "name": h.name,
            "module": h.module,
            "exported": h.exported,
            "optimization_stepper": h.is_stepper,
            "parameters": [
                {"name": p.name, "required": p.required, "default": p.default, "annotation": p.annotation}
                for p in h.parameters
            ],
            "register": h.register_call,
            "attaches": [{"point": a.point, "callable": a.callable} for a in h.attaches],
            "module_name": h.module_name,
            "note": h.made,
            "error": h.error,
            "summary": h.summary,
            "registered_by_default_in": used_by(h, trainers),
            "configs": [c.name for c in configs.for_class(h.name)],
        }
        for h in hooks
    ]
