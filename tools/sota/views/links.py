"""Links from other pages to the SOTA map: (title, docs-relative page) pairs, from the same summaries.

Other pages get them through the registry (``CONCERN.links``), never by importing this module.
"""

from __future__ import annotations

from tools.core import urls
from tools.sota.facts import summaries
from tools.sota.facts.summary import anchor
from tools.sota.views.render import directory_page


def _page(directory: str) -> str:
    """The directory's section on its family page (the map's ``#dir-<directory>`` row links there too)."""
    return f"{directory_page(summaries(), directory)}#{anchor(directory)}"


def links(kind: str, name: str) -> list[tuple[str, str]]:
    """The directories whose scripts (or trainer configs) build the loss or trainer ``name``."""
    if kind == "loss":
        return [
            (f"pytorch/rl `sota-implementations/{s.directory.name}` builds it (SOTA map)", _page(s.directory.name))
            for s in summaries()
            if name in s.losses
        ]
    if kind == "trainer":
        return [
            (f"`sota-implementations/{s.directory.name}`", _page(s.directory.name))
            for s in summaries()
            if name in s.kinds.get("trainer", [])
        ]
    return []


def render_config_directories(here: str) -> str:
    """The directories whose YAML composes torchrl's config groups, as a list for the page ``here``."""
    lines = [
        f"- [`sota-implementations/{s.directory.name}`]({urls.link(here, _page(s.directory.name))})"
        for s in summaries()
        if s.directory.trainer_configs
    ]
    return "\n".join(lines) + "\n" if lines else "No SOTA directory at the recorded commit composes these groups.\n"
