"""Links from other pages to the SOTA map: (title, docs-relative path) pairs, from the same summaries."""

from __future__ import annotations

PAGE = "sota/index.md"


def _summaries():
    from tools.sota import summaries

    return summaries()


def loss_links(loss: str) -> list[tuple[str, str]]:
    """The recipe directories whose scripts (or trainer configs) build ``loss``."""
    from tools.sota.summary import anchor

    return [
        (f"pytorch/rl `sota-implementations/{s.directory.name}` builds it (SOTA map)", f"{PAGE}#{anchor(s.directory.name)}")
        for s in _summaries()
        if loss in s.losses
    ]


def trainer_links(trainer: str) -> list[tuple[str, str]]:
    """The ``*_trainer`` recipe directories whose configs build ``trainer`` (or scripts that build it)."""
    from tools.sota.summary import anchor

    return [
        (f"`sota-implementations/{s.directory.name}`", f"{PAGE}#{anchor(s.directory.name)}")
        for s in _summaries()
        if trainer in s.kinds.get("trainer", [])
    ]


def config_links() -> list[tuple[str, str]]:
    """Every recipe directory whose YAML composes torchrl's config groups."""
    from tools.sota.summary import anchor

    return [
        (f"`sota-implementations/{s.directory.name}`", f"{PAGE}#{anchor(s.directory.name)}")
        for s in _summaries()
        if s.directory.trainer_configs
    ]


def trainer_markdown(trainer: str, prefix: str) -> str:
    """``trainer_links`` as inline Markdown links from a page ``prefix`` away from docs/ ("none" when empty)."""
    return ", ".join(f"[{title}]({prefix}{path})" for title, path in trainer_links(trainer)) or "none"


def render_config_recipes(prefix: str = "../") -> str:
    """The recipes whose YAML composes torchrl's config groups, for the config pages."""
    lines = [f"- [{title}]({prefix}{path})" for title, path in config_links()]
    return "\n".join(lines) + "\n" if lines else "No recipe at the recorded commit composes these groups.\n"
