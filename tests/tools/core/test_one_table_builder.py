"""Every pipe table the site generates is built by ``tools.core.markdown.table()`` (one
implementation per concept). A table's rule line (``| --- |``) written anywhere else in ``tools/``
means a second table builder, with its own escaping and its own bugs."""

from __future__ import annotations

import ast
import re

from tools.core.paths import TOOLS

RULE = re.compile(r"\|\s*:?-{3,}")
BUILDER = TOOLS / "core" / "markdown.py"


def _rules_outside_the_builder() -> list[str]:
    found = []
    for path in sorted(TOOLS.rglob("*.py")):
        if path == BUILDER:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and RULE.search(node.value):
                found.append(f"{path.relative_to(TOOLS.parent)}:{node.lineno}")
    return found


def test_no_table_is_built_outside_core_markdown():
    assert _rules_outside_the_builder() == [], "build these tables with tools.core.markdown.table()"


def test_the_scan_finds_a_hand_built_rule(tmp_path, monkeypatch):
    import tests.tools.core.test_one_table_builder as this

    (tmp_path / "tools" / "x").mkdir(parents=True)
    (tmp_path / "tools" / "x" / "render.py").write_text('rows = ["| a | b |", "| --- | --- |"]\n')
    monkeypatch.setattr(this, "TOOLS", tmp_path / "tools")
    assert this._rules_outside_the_builder() == ["tools/x/render.py:1"]
