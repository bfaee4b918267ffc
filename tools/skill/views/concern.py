"""The agent skill: ``site/skill/objectives-and-training/`` and ``site/skill.zip``, written by every build."""

from __future__ import annotations

import json
from functools import cache

from tools.core.paths import TOOLS
from tools.core.registry import Concern
from tools.skill.facts import error_index, skill_facts
from tools.skill.views.budgets import read_by_agent, tokens
from tools.skill.views.render import ARCHIVE, archive, render_files, render_summary, site_files

# The skill's scripts: standalone files that import only torchrl (or only the standard library), shipped as they are.
SCRIPTS = TOOLS / "skill" / "scripts"
# Project modules the explainer runs, copied whole: they import only the standard library (and each
# other), so the skill's explainer and the `explain_error` command share one matcher.
SHIPPED_MODULES = {
    "error_match.py": TOOLS / "error_catalog" / "facts" / "match.py",
    "frames.py": TOOLS / "core" / "frames.py",
}
# The explainer's data: the matcher's index, loaded by the script (an agent does not read it).
ERROR_INDEX = "error-index.json"


def scripts() -> dict[str, str]:
    own = {path.name: path.read_text(encoding="utf-8") for path in sorted(SCRIPTS.glob("*.py"))}
    shipped = {name: path.read_text(encoding="utf-8") for name, path in SHIPPED_MODULES.items()}
    index = json.dumps(error_index(), ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"
    return {**own, **shipped, ERROR_INDEX: index}


@cache
def skill_files() -> dict[str, str]:
    """Skill-relative path -> text, made once per process from the records the pages use."""
    return render_files(skill_facts(), scripts())


CONCERN = Concern(
    name="skill",
    sections={"summary": lambda _arg: render_summary(skill_files(), tokens, read_by_agent)},
    files=lambda: site_files(skill_files()),
    binary_files=lambda: {ARCHIVE: archive(skill_files())},
)
