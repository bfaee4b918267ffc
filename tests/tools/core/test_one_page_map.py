"""Every page path the site writes comes from ``tools.core.urls`` (one place knows where pages live).

A Markdown link target spelled by hand in ``tools/`` (``](contract.md)``, ``f"({name}.md#keys)"``,
``"../value-estimators/index.md"``) breaks silently when its page moves; ``urls.link(here, there)``
moves with it.  Docstrings may name pages: they are read, not written to a page.
"""

from __future__ import annotations

import ast
import re

from tools.core.paths import TOOLS

# A page path: a name ending in .md, with an anchor or not, that closes a link or the string; or the
# tail of an f-string whose page name was a placeholder (``{name}.md)``).
PAGE_PATH = re.compile(r"[\w\-}]\.md(#[\w\-{}]*)?(\)|$)|^\.md(#[\w\-{}]*)?\)")
PAGE_MAP = TOOLS / "core" / "urls.py"
# Shown whole to readers as examples of torchrl code, not the site's pages.
CONSTRUCTIONS = TOOLS / "torchrl" / "loss_zoo" / "constructions"


def _docstrings(tree: ast.Module) -> set[int]:
    owners = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    return {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, owners)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }


def _page_paths_outside_the_map() -> list[str]:
    found = []
    for path in sorted(TOOLS.rglob("*.py")):
        if path == PAGE_MAP or path.is_relative_to(CONSTRUCTIONS):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = _docstrings(tree)
        hits = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
            and PAGE_PATH.search(node.value)
        ]
        for node in sorted(hits, key=lambda node: (node.lineno, node.col_offset)):
            found.append(f"{path.relative_to(TOOLS.parent)}:{node.lineno} {node.value[:80]!r}")
    return found


def test_no_page_path_is_written_outside_core_urls():
    found = _page_paths_outside_the_map()
    assert found == [], "link pages with tools.core.urls (add the page there):\n" + "\n".join(found)


def test_the_scan_finds_a_hand_written_page_path(tmp_path, monkeypatch):
    import tests.tools.core.test_one_page_map as this

    (tmp_path / "tools" / "x").mkdir(parents=True)
    (tmp_path / "tools" / "x" / "render.py").write_text(
        '"""Names docs/x/index.md in a docstring: allowed."""\n'
        'A = "See [the contract](contract.md#keys)."\n'
        'B = f"[{name}]({name}.md)"\n'
        'C = "../value-estimators/index.md"\n'
        'D = "*.md"\n'
        'E = path.removesuffix(".md")\n'
    )
    monkeypatch.setattr(this, "TOOLS", tmp_path / "tools")
    monkeypatch.setattr(this, "PAGE_MAP", tmp_path / "tools" / "core" / "urls.py")
    monkeypatch.setattr(this, "CONSTRUCTIONS", tmp_path / "tools" / "constructions")
    assert [line.split(" ")[0] for line in this._page_paths_outside_the_map()] == [
        "tools/x/render.py:2",
        "tools/x/render.py:3",
        "tools/x/render.py:4",
    ]
