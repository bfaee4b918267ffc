"""The import contract in pyproject.toml (facts below pages) holds, and an import that breaks it fails it.

``make test`` runs ``lint-imports`` on the project; here the same contract is
run on a copy of ``tools/`` with one bad import added, to prove that the
contract can fail and that its report names the importing module, the
imported one and the rule.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tools.core.paths import ROOT

LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def _lint(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(LINT_IMPORTS), "--config", str(root / "pyproject.toml"), "--no-cache"],
        cwd=root,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
    )


@pytest.fixture
def project_copy(tmp_path: Path) -> Path:
    for package in ("tools", "bench"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__", "*.json"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def test_the_project_keeps_the_contract(project_copy):
    done = _lint(project_copy)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("module", "bad_import", "rule"),
    [
        # facts reading a page renderer
        (
            "tools/losses/facts/curated.py",
            "from tools.losses.views import render",
            "Each concern keeps its facts below its views",
        ),
        # a lower concern's facts reading a higher one's
        ("tools/losses/facts/curated.py", "from tools.troubleshooting.facts import records", "Facts below pages"),
        # one concern's views reading another's renderer
        ("tools/trainers/views/render.py", "from tools.losses.views import render", "Facts below pages"),
        # the core reaching into a concern
        ("tools/core/paths.py", "import tools.losses.facts.records", "The core imports nothing else of the project"),
    ],
)
def test_an_import_that_breaks_the_contract_fails_it_with_its_names(project_copy, module, bad_import, rule):
    path = project_copy / module
    path.write_text(path.read_text() + f"\n{bad_import}  # the violation under test\n")
    done = _lint(project_copy)
    report = done.stdout + done.stderr
    assert done.returncode != 0, report
    importer = module.removesuffix(".py").replace("/", ".")
    imported = bad_import.split()[1]
    assert f"{importer} -> {imported}" in report, report
    assert rule in report and "BROKEN" in report, report


def _imports_inside_functions(path: Path) -> list[str]:
    import ast

    found = []

    class Visitor(ast.NodeVisitor):
        depth = 0

        def visit_FunctionDef(self, node):
            self.depth += 1
            self.generic_visit(node)
            self.depth -= 1

        visit_AsyncFunctionDef = visit_FunctionDef

        def visit_Import(self, node):
            if self.depth:
                found.extend(
                    f"{path.relative_to(ROOT)}:{node.lineno} {a.name}" for a in node.names if a.name.startswith("tools")
                )

        def visit_ImportFrom(self, node):
            if self.depth and (node.level or (node.module or "").split(".")[0] == "tools"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.module}")

    Visitor().visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def test_project_imports_sit_at_the_top_of_each_module():
    # A `tools` import inside a function hides a dependency from the contract (and from the
    # cache's code keys): only torch and the other heavy libraries are imported late.
    constructions = ROOT / "tools" / "torchrl" / "loss_zoo" / "constructions"
    hidden = [
        line
        for path in sorted((ROOT / "tools").rglob("*.py"))
        if not path.is_relative_to(constructions)
        for line in _imports_inside_functions(path)
    ]
    assert not hidden, "move these imports to the top of their module:\n" + "\n".join(hidden)
