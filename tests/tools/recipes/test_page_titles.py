"""A recipe page's heading says what it trains on: the environment its file builds, read from the file."""

from __future__ import annotations

from tools.core.paths import ROOT
from tools.recipes.facts import recipes


def _heading(slug: str) -> str:
    text = (ROOT / "docs" / "recipes" / f"{slug}.md").read_text(encoding="utf-8")
    return next(line[2:] for line in text.splitlines() if line.startswith("# "))


def test_each_recipe_heading_names_the_environment_its_file_trains_on():
    wrong = []
    for recipe in recipes():
        heading = _heading(recipe.slug)
        # Gymnasium's ids carry a version ("Pendulum-v1"); the heading names the task.
        missing = [env for env in recipe.environments if env.split("-v")[0] not in heading]
        if missing or not recipe.environments:
            wrong.append(f"{recipe.slug}: {heading!r} does not name {missing or 'an environment'}")
    assert not wrong, "\n".join(wrong)
