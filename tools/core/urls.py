"""Where each page lives: the one place that knows a page's path, and links between pages.

Paths are relative to ``docs/`` (what MkDocs calls a page's ``src_uri``).
Renderers link with ``link(here, there)``, so a page that moves changes here
only.  ``built_url`` is for raw HTML, which MkDocs does not rewrite: with
``use_directory_urls`` the built page ``losses/ClipPPOLoss.md`` is served at
``losses/ClipPPOLoss/``.
"""

from __future__ import annotations

import posixpath

HOME = "index.md"
CHOOSE_A_LOSS = "choose-a-loss.md"
LOSS_TABLE = "losses/index.md"
LOSS_CONTRACT = "losses/contract.md"
UPSTREAM_TEXT = "losses/upstream-text.md"
ESTIMATOR_MATRIX = "value-estimators/index.md"
ESTIMATOR_REFERENCE = "value-estimators/reference.md"
TARGET_UPDATES = "target-updates.md"
TRAINERS = "trainers/index.md"
HOOK_POINTS = "trainers/loop.md"
TRAINER_HOOKS = "trainers/hooks.md"
CHECKPOINTS = "trainers/checkpoints.md"
CONFIG_GROUPS = "configs/index.md"
PARITY = "configs/parity.md"
SOTA = "sota/index.md"
RECIPES = "recipes/index.md"
LEARNING_CURVES = "recipes/learning-curves.md"
TOOLS = "tools/index.md"
CHECK_WIRING = "tools/check-wiring.md"
TROUBLESHOOTING = "troubleshooting/index.md"
FIXED_UPSTREAM = "troubleshooting/fixed-upstream.md"
TROUBLESHOOTING_MECHANISMS = "troubleshooting/mechanisms.md"
ERROR_CATALOG = "troubleshooting/errors/index.md"
EARLIER_MESSAGES = "troubleshooting/earlier/index.md"
NAME_HISTORY = "troubleshooting/names/index.md"
UPGRADING = "upgrading/index.md"


def loss(name: str) -> str:
    return f"losses/{name}.md"


def estimator(name: str) -> str:
    """One value-estimator class's page (``value-estimators/GAE.md``); the reference keeps ``#gae`` anchors."""
    return f"value-estimators/{name}.md"


def trainer(name: str) -> str:
    return f"trainers/{name}.md"


def recipe(slug: str) -> str:
    return f"recipes/{slug}.md"


# The parity audit of the config dataclasses stored in no ConfigStore group.
UNGROUPED = "unregistered"


def parity_group(group: str) -> str:
    """The audit page of a ConfigStore group ("" for the configs stored in none)."""
    return f"configs/parity/{group or UNGROUPED}.md"


def parity_group_part(group: str, part: int) -> str:
    """Part ``part`` of a large group's difference sections (tools/parity says when a group has parts)."""
    return f"configs/parity/{group or UNGROUPED}-differences-{part}.md"


def sota_family(slug: str) -> str:
    """One algorithm family's page of the SOTA map (``slug``: its name, lower case and dashed).

    The map itself (``SOTA``) keeps the ``#dir-<directory>`` and ``#family-<slug>`` anchors other
    pages and inventory.json link to; each row there links on to the family page.
    """
    return f"sota/families/{slug}.md"


def troubleshooting_area(area: str) -> str:
    return f"troubleshooting/{area}.md"


def error_catalog_page(slug: str) -> str:
    """One page of the error catalogue (its modules: ``tools/error_catalog/facts/pages.py``)."""
    return f"troubleshooting/errors/{slug}.md"


def earlier_messages_page(slug: str) -> str:
    """One package's page of what older releases said (its modules: ``tools/error_catalog/facts/earlier.py``)."""
    return f"troubleshooting/earlier/{slug}.md"


def name_history_page(slug: str) -> str:
    """One package's page of the names that came or went between releases (``tools/error_catalog/facts/names.py``)."""
    return f"troubleshooting/names/{slug}.md"


def fix_index(area: str, part: int = 1) -> str:
    """One area's page of the index of upstream bug fixes; part 2, 3... hold its older fixes when it is split."""
    return f"troubleshooting/fixes/{area}.md" if part == 1 else f"troubleshooting/fixes/{area}-{part}.md"


def upgrade_step(slug: str) -> str:
    """One upgrade step's page (``slug``: the two releases, ``0.13-to-0.14``)."""
    return f"upgrading/{slug}.md"


def link(here: str, there: str, anchor: str = "") -> str:
    """The relative Markdown link from the page ``here`` to the page ``there`` (both docs-relative)."""
    target = posixpath.relpath(there, posixpath.dirname(here) or ".")
    return f"{target}#{anchor}" if anchor else target


def _served_at(page: str) -> str:
    """The directory a page is served from: ``losses/index.md`` -> ``losses``, ``losses/X.md`` -> ``losses/X``."""
    stem = page.removesuffix(".md")
    return posixpath.dirname(stem) if posixpath.basename(stem) == "index" else stem


def served(page: str, anchor: str = "") -> str:
    """The URL of ``page`` relative to the site's root, as built (``losses/X/#keys``): for data
    files the browser reads from any page, which resolve it against the site's base URL."""
    at = _served_at(page)
    url = f"{at}/" if at else ""
    return f"{url}#{anchor}" if anchor else url


def markdown_export(page: str) -> str:
    """The site-relative path of a page's Markdown export, beside its HTML: ``losses/X.md`` -> ``losses/X/index.md``."""
    at = _served_at(page)
    return posixpath.join(at, HOME) if at else HOME


# The agent skill: its folder in the built site, the archive beside it, and its files (skill-relative).
SKILL_FOLDER = "skill/objectives-and-training"
SKILL_ARCHIVE = "skill.zip"
SKILL_FILE = "SKILL.md"


def skill_reference(name: str) -> str:
    """One of the skill's reference files, relative to the skill's folder."""
    return f"references/{name}.md"


def built_url(here: str, there: str) -> str:
    """The relative URL of ``there`` as built (``../losses/X/``), for raw HTML on the page ``here``."""
    return posixpath.relpath(_served_at(there) or ".", _served_at(here) or ".") + "/"
