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
    read = {path: text for path, text in files.items() if budgets.read_by_agent(path)}
    assert sum(budgets.tokens(text) for text in read.values()) < budgets.WHOLE_LIMIT
    assert budgets.over_budget(files) == []


def test_only_the_scripts_data_files_are_left_out_of_the_count():
    files = skill_files()
    left_out = sorted(path for path in files if not budgets.read_by_agent(path))
    assert left_out == ["scripts/error-index.json"]
    assert all(budgets.read_by_agent(path) for path in files if path.endswith((".md", ".py")))
    heavier = dict(files)
    heavier["scripts/explain_error.py"] += "x" * budgets.WHOLE_LIMIT * budgets.BYTES_PER_TOKEN
    assert any(p.startswith("the whole skill:") for p in budgets.over_budget(heavier))


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
