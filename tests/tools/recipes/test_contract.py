"""The recipe files keep the contract other tools rely on, and their pages show them as promised.

Static checks (source and Markdown only): nothing here runs a recipe.
"""

from __future__ import annotations

import ast
import re

import pytest

from tools.core.paths import DOCS, ROOT
from tools.outputs.facts.shown import shown_sources
from tools.recipes.facts.catalog import FAMILIES
from tools.recipes.facts.read import highlight_lines, read_all, recipe_files

RECIPES = read_all()
IDS = [r.slug for r in RECIPES]
TABS = re.compile(r'^<!--\s*gen:outputs\.tabs\s+(?P<source>\S+)(?:\s+hl_lines="(?P<lines>[^"]*)")?\s*-->$', re.M)


def test_every_file_is_in_the_catalog_and_back():
    assert sorted(p.stem for p in recipe_files()) == sorted(FAMILIES)


@pytest.mark.parametrize("recipe", RECIPES, ids=IDS)
def test_train_takes_the_knobs_and_the_file_runs_it_as_main(recipe):
    knobs = {k.name for k in recipe.knobs}
    assert {"TOTAL_FRAMES", "SEED"} <= knobs, f"{recipe.source}: define TOTAL_FRAMES and SEED knobs"
    assert recipe.train_defaults.get("total_frames") == "TOTAL_FRAMES"
    assert recipe.train_defaults.get("seed") == "SEED"
    # Every keyword of train() defaults to a knob: the curves runner sets them by name.
    assert all(value in knobs for value in recipe.train_defaults.values()), recipe.train_defaults
    tree = ast.parse((ROOT / recipe.source).read_text())
    make_env = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "make_env"), None)
    assert make_env is not None and [a.arg for a in make_env.args.args] == ["seed"], (
        f"{recipe.source}: define make_env(seed) at module level (the learning curves' random baseline runs on it)"
    )
    last = tree.body[-1]
    assert isinstance(last, ast.If) and ast.unparse(last) == "if __name__ == '__main__':\n    train()", (
        f'{recipe.source} must end with `if __name__ == "__main__": train()`'
    )


@pytest.mark.parametrize("recipe", RECIPES, ids=IDS)
def test_page_shows_the_whole_file_its_output_and_highlights_the_wiring(recipe):
    page = DOCS / "recipes" / f"{recipe.slug}.md"
    assert page.is_file(), f"write docs/recipes/{recipe.slug}.md for {recipe.source}"
    markdown = page.read_text()
    tabs = [m for m in TABS.finditer(markdown) if m.group("source") == recipe.source]
    assert tabs, f'{page.name}: show the file with <!-- gen:outputs.tabs {recipe.source} hl_lines="..." -->'
    assert recipe.source in shown_sources()
    for section in ("summary", "keys", "targets", "sota", "links"):
        assert f"<!-- gen:recipes.{section} {recipe.slug} -->" in markdown, f"{page.name}: place gen:recipes.{section}"
    highlighted = tabs[0].group("lines") or ""
    assert highlighted == highlight_lines(recipe), (
        f'{page.name}: hl_lines="{highlighted}" but the lines wiring torchrl are {highlight_lines(recipe)!r}; '
        "run `.venv/bin/python -m tools.cli.recipes --write`"
    )
