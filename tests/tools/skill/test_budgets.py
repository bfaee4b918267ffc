"""The skill fits an agent's budget: SKILL.md, each reference and the whole, counted by an upper bound."""

from __future__ import annotations

from tools.skill.views import budgets
from tools.skill.views.concern import skill_files


def test_every_limit_holds():
    files = skill_files()
    assert budgets.tokens(files["SKILL.md"]) < budgets.SKILL_LIMIT
    for path, text in files.items():
        if path.startswith("references/"):
            assert budgets.tokens(text) < budgets.REFERENCE_LIMIT, path
    assert sum(budgets.tokens(text) for text in files.values()) < budgets.WHOLE_LIMIT
    assert budgets.over_budget(files) == []


def test_a_file_over_its_limit_is_named():
    files = dict(skill_files())
    files["references/troubleshooting.md"] += "x" * budgets.REFERENCE_LIMIT * budgets.BYTES_PER_TOKEN
    problems = budgets.over_budget(files)
    assert any(p.startswith("references/troubleshooting.md:") for p in problems)


def test_the_bound_counts_bytes_not_characters():
    assert budgets.tokens("abc") == 1
    assert budgets.tokens("×" * 3) == 2  # two bytes each in UTF-8


def test_each_reference_says_what_it_leaves_out_and_links_the_pages_exports():
    for path, text in skill_files().items():
        if path.startswith("references/"):
            assert "Leaves out:" in text, path
            assert "](../../../" in text and ".md" in text, path
