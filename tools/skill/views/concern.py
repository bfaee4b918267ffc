"""The agent skill: ``site/skill/objectives-and-training/`` and ``site/skill.zip``, written by every build."""

from __future__ import annotations

from functools import cache

from tools.core.paths import TOOLS
from tools.core.registry import Concern
from tools.skill.facts import skill_facts
from tools.skill.views.budgets import tokens
from tools.skill.views.render import ARCHIVE, archive, render_files, render_summary, site_files

# The skill's scripts: standalone files that import only torchrl, shipped as they are.
SCRIPTS = TOOLS / "skill" / "scripts"


def scripts() -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8") for path in sorted(SCRIPTS.glob("*.py"))}


@cache
def skill_files() -> dict[str, str]:
    """Skill-relative path -> text, made once per process from the records the pages use."""
    return render_files(skill_facts(), scripts())


CONCERN = Concern(
    name="skill",
    sections={"summary": lambda _arg: render_summary(skill_files(), tokens)},
    files=lambda: site_files(skill_files()),
    binary_files=lambda: {ARCHIVE: archive(skill_files())},
)
