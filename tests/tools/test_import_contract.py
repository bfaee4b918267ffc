"""The import contract in pyproject.toml (facts below pages) holds, and an import that breaks it fails it.

``make test`` runs ``lint-imports`` on the project; here the same contract is
run on a copy of ``tools/`` with one bad import added, to prove that the
contract can fail and that its report names the importing module, the
imported one and the rule.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tomllib
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
            "from tools.losses.views import page",
            "Each concern keeps its facts below its views",
        ),
        # a lower concern's facts reading a higher one's
        ("tools/losses/facts/curated.py", "from tools.troubleshooting.facts import records", "Facts below pages"),
        # one concern's views reading another's renderer
        ("tools/trainers/views/render.py", "from tools.losses.views import page", "Facts below pages"),
        # the core reaching into a concern
        ("tools/core/paths.py", "import tools.losses.facts.records", "The core imports nothing else of the project"),
        # a concern's face (its package __init__) reaching up to the site
        ("tools/losses/__init__.py", "import tools.site", "A concern's face sits with its facts"),
        # a concern's face reaching into a page renderer
        ("tools/wiring/__init__.py", "from tools.wiring.views import render", "A concern's face sits with its facts"),
    ],
)
def test_an_import_that_breaks_the_contract_fails_it_with_its_names(project_copy, module, bad_import, rule):
    path = project_copy / module
    path.write_text(path.read_text() + f"\n{bad_import}  # the violation under test\n")
    done = _lint(project_copy)
    report = done.stdout + done.stderr
    assert done.returncode != 0, report
    importer = module.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    imported = bad_import.split()[1]
    assert f"{importer} -> {imported}" in report, report
    assert rule in report and "BROKEN" in report, report


# Packages under tools/ that are not concerns: the layers around them (pyproject.toml, [tool.importlinter]).
PROJECT_PACKAGES = ("tools", "bench")
NOT_CONCERNS = {"core", "torchrl", "site", "cli", "wings"}


def _registered(root: Path) -> set[str]:
    """The concerns ``tools/core/registry.py`` names in ``CONCERN_MODULES`` (read, not imported: ``root`` may be a copy)."""
    tree = ast.parse((root / "tools" / "core" / "registry.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == "CONCERN_MODULES" for t in targets):
                return {ast.literal_eval(item).split(".")[1] for item in node.value.elts}
    raise AssertionError("tools/core/registry.py defines no CONCERN_MODULES")


def _concern_lists(root: Path) -> dict[str, set[str]]:
    """Every list that names the concerns, by where it is, each with the concerns it should hold."""
    folders = {p.parent.name for p in (root / "tools").glob("*/__init__.py")} - NOT_CONCERNS
    with_facts = {name for name in folders if (root / "tools" / name / "facts").is_dir()}
    contracts = {
        c["name"]: c for c in tomllib.loads((root / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    }

    def named(modules, suffix=""):
        return {m.removeprefix("tools.").removesuffix(suffix) for m in modules if m.startswith("tools.")}

    layers = next(c["layers"] for name, c in contracts.items() if name.startswith("Facts below pages"))
    core = next(c for name, c in contracts.items() if name.startswith("The core imports"))
    own = next(c for name, c in contracts.items() if name.startswith("Each concern keeps"))
    faces = next(c for name, c in contracts.items() if name.startswith("A concern's face"))
    lists = {
        "CONCERN_MODULES (tools/core/registry.py)": (_registered(root), folders),
        "the views layer": (named(layers[1].split(" | "), ".views"), folders),
        "the facts layers": (named([layer for layer in layers if layer.endswith(".facts")], ".facts"), with_facts),
        "the containers of 'Each concern keeps its facts below its views'": (named(own["containers"]), with_facts),
        "the forbidden modules of 'The core imports nothing else'": (
            named(core["forbidden_modules"]) - NOT_CONCERNS,
            folders,
        ),
        "the faces of 'A concern's face sits with its facts'": (named(faces["source_modules"]), folders),
    }
    return {where: (found, expected) for where, (found, expected) in lists.items()}


def _mismatched_concern_lists(root: Path) -> list[str]:
    return [
        f"{where}: missing {sorted(expected - found)}, extra {sorted(found - expected)}"
        for where, (found, expected) in _concern_lists(root).items()
        if found != expected
    ]


def test_every_list_of_concerns_names_the_folders_under_tools():
    # A concern not in a list is outside the contract: its imports are checked by nothing.
    mismatched = _mismatched_concern_lists(ROOT)
    assert not mismatched, "name every concern folder under tools/ in each list:\n" + "\n".join(mismatched)


def test_an_unregistered_concern_fails_the_lists_check(project_copy):
    # A new concern whose facts import the site: lint-imports alone would pass it (it is in no layer).
    newc = project_copy / "tools" / "newc"
    for package in (newc, newc / "facts", newc / "views"):
        package.mkdir()
        (package / "__init__.py").write_text("")
    (newc / "facts" / "records.py").write_text("import tools.site  # the violation under test\n")
    assert _lint(project_copy).returncode == 0, "lint-imports now sees an unlisted concern: this test can go"
    mismatched = _mismatched_concern_lists(project_copy)
    assert len(mismatched) == 6 and all("missing ['newc']" in line for line in mismatched), mismatched


def test_a_concern_missing_from_one_list_fails_the_lists_check(project_copy):
    registry = project_copy / "tools" / "core" / "registry.py"
    registry.write_text(registry.read_text().replace('    "tools.hooks.views.concern",\n', ""))
    assert _mismatched_concern_lists(project_copy) == [
        "CONCERN_MODULES (tools/core/registry.py): missing ['hooks'], extra []"
    ]


def _face_imports_of_others(root: Path) -> list[str]:
    """Imports in a concern's face (``tools/<concern>/__init__.py``) of anything but its concern and the core."""
    found = []
    for face in sorted((root / "tools").glob("*/__init__.py")):
        concern = face.parent.name
        if concern in NOT_CONCERNS:
            continue
        for node in ast.walk(ast.parse(face.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            for name in names:
                parts = name.split(".")
                if parts[0] in ("tools", "bench") and parts[1:2] not in ([concern], ["core"]):
                    found.append(f"tools/{concern}/__init__.py:{node.lineno} {name}")
    return found


def test_a_concern_face_imports_only_its_own_concern():
    # The face is what other code imports of a concern; it re-exports the concern, never another one.
    found = _face_imports_of_others(ROOT)
    assert not found, "a concern's face imports only its own concern (and tools.core):\n" + "\n".join(found)


def test_a_face_importing_another_concern_fails_the_face_check(project_copy):
    face = project_copy / "tools" / "trainers" / "__init__.py"
    face.write_text(face.read_text() + "\nfrom tools.losses.facts import records  # the violation under test\n")
    assert _face_imports_of_others(project_copy) == [
        f"tools/trainers/__init__.py:{len(face.read_text().splitlines())} tools.losses.facts"
    ]


def _imports_inside_functions(path: Path) -> list[str]:
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
                    f"{path.relative_to(ROOT)}:{node.lineno} {a.name}"
                    for a in node.names
                    if a.name.split(".")[0] in PROJECT_PACKAGES
                )

        def visit_ImportFrom(self, node):
            if self.depth and (node.level or (node.module or "").split(".")[0] in PROJECT_PACKAGES):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {node.module}")

    Visitor().visit(ast.parse(path.read_text(encoding="utf-8")))
    return found


def test_project_imports_sit_at_the_top_of_each_module():
    # A `tools` or `bench` import inside a function hides a dependency from the contract (and from the
    # cache's code keys): only torch and the other heavy libraries are imported late.
    constructions = ROOT / "tools" / "torchrl" / "loss_zoo" / "constructions"
    hidden = [
        line
        for package in PROJECT_PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if not path.is_relative_to(constructions)
        for line in _imports_inside_functions(path)
    ]
    assert not hidden, "move these imports to the top of their module:\n" + "\n".join(hidden)
