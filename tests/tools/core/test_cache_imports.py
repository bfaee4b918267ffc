"""A record set's code: the modules each file imports, read without parsing (tools/core/cache.py)."""

from __future__ import annotations

import ast

from tools.core import cache
from tools.core.paths import ROOT


def _by_ast(text: str) -> set[str]:
    """What Python itself reads as imports of ``tools`` modules (the names a ``from`` imports too)."""
    found = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "tools")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "tools" and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names if a.name != "*")
    return found


def _strings(text: str) -> str:
    return "\n".join(
        n.value for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    )


def _in_an_example(module: str, strings: str) -> bool:
    parent = module.rsplit(".", 1)[0]
    return any(form in strings for form in (f"import {module}", f"from {module} import", f"from {parent} import"))


def test_every_module_s_imports_are_read_as_python_reads_them():
    files = sorted((ROOT / "tools").rglob("*.py"))
    assert len(files) > 200
    missed, unexplained = {}, {}
    for path in files:
        text = path.read_text(encoding="utf-8")
        read = set(cache._imported_modules(text, path.parent.relative_to(ROOT).parts))
        python = _by_ast(text)
        if python - read:
            missed[str(path.relative_to(ROOT))] = sorted(python - read)
        # More than Python reads only from an example inside a string (tools/wiring/__init__.py's
        # docstring): a dependency too many changes a fingerprint more often, never misses a change.
        strings = _strings(text)
        extra = [m for m in read - python if not _in_an_example(m, strings)]
        if extra:
            unexplained[str(path.relative_to(ROOT))] = extra
    assert not missed
    assert not unexplained


def test_imports_in_functions_in_parentheses_with_comments_and_relative_ones():
    text = (
        "import os, tools.core.keys as keys\n"
        "def f():\n"
        "    from tools.losses.facts import (\n"
        "        records,  # the records\n"
        "        build as b,\n"
        "    )\n"
        "from . import values\n"
        "from ..api import facts\n"
    )
    assert cache._imported_modules(text, ("tools", "core")) == [
        "tools.core.keys",
        "tools.losses.facts",
        "tools.losses.facts.records",
        "tools.losses.facts.build",
        "tools.core",
        "tools.core.values",
        "tools.api",
        "tools.api.facts",
    ]
