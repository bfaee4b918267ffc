"""What the installed torchrl still has of each object a fix touched, and which documented classes it belongs to.

Existence is read from the installed source with ``ast`` (a definition, not an import, says where an
object lives): an object is *present* when its file still defines it (or binds its name by assignment
and the imported module has it), *moved* when exactly one other torchrl file defines its top-level
name (and the member), *gone* otherwise; a file of pytorch/rl's ``sota-implementations/`` is a
*script*, not part of torchrl.

The documented classes an object belongs to (its *subjects*: the classes whose pages list the fix)
are read from the classes themselves, in the module that defines the object now:

- a method ``A.m`` belongs to ``A`` (even when ``m`` is gone from it now) and to every documented
  class of that module that inherits ``m`` from ``A`` without overriding it (``PPOLoss._log_weight``
  -> ``ClipPPOLoss`` too);
- the body of a class ``A`` outside its methods belongs to ``A`` and its subclasses in that module;
- anything else in a loss's module (a helper function, a private class) belongs to the loss
  classes defined there.

A base class in another module (``LossModule``) hands its fixes to no page: they would list the same
fixes on every loss page.
"""

from __future__ import annotations

import ast
import importlib.util
import re
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from tools.core.frames import module_of
from tools.core.silence import quiet
from tools.fixes.facts.records import FixHistory
from tools.torchrl.estimators import estimator_classes
from tools.torchrl.losses import loss_classes
from tools.torchrl.trainers import trainer_classes
from tools.torchrl.updaters import updater_classes

PRESENT, MOVED, GONE, SCRIPT = "present", "moved", "gone", "script"


@dataclass(frozen=True)
class ObjectNow:
    file: str  # where the fix found it, in pytorch/rl
    qualname: str
    status: str  # present | moved | gone | script
    now: str  # its dotted path in the installed torchrl ("torchrl.objectives.ppo.ClipPPOLoss.forward"); "" if none
    subjects: list[str]  # documented classes whose pages list the fixes that touched it


@dataclass(frozen=True)
class ObjectsNow:
    objects: list[ObjectNow]  # sorted by file, then qualname

    def find(self, file: str, qualname: str) -> ObjectNow:
        return self._by_place[(file, qualname)]

    @cached_property
    def _by_place(self) -> dict[tuple[str, str], ObjectNow]:
        # Each class page looks up every fix's objects: a dict, not a scan of the list each time.
        return {(item.file, item.qualname): item for item in self.objects}


def _site_root() -> Path:
    """The folder holding the installed ``torchrl`` package (found without importing it)."""
    spec = importlib.util.find_spec("torchrl")
    return Path(next(iter(spec.submodule_search_locations))).parent


@cache
def _defined(path: Path) -> frozenset[str]:
    """The top-level definitions of a source file and the definitions inside its top-level classes."""
    try:
        tree = ast.parse(path.read_bytes())
    except (OSError, SyntaxError, ValueError):
        return frozenset()
    kinds = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
    names = set()
    for node in tree.body:
        if isinstance(node, kinds):
            names.add(node.name)
            if isinstance(node, ast.ClassDef):
                names.update(f"{node.name}.{child.name}" for child in node.body if isinstance(child, kinds))
    return frozenset(names)


@cache
def _assigned(path: Path) -> frozenset[str]:
    """Top-level names a source file binds by assignment (``Old = type("Old", ...)``, a deprecated alias)."""
    try:
        tree = ast.parse(path.read_bytes())
    except (OSError, SyntaxError, ValueError):
        return frozenset()
    targets = [t for node in tree.body if isinstance(node, ast.Assign) for t in node.targets]
    targets += [node.target for node in tree.body if isinstance(node, ast.AnnAssign)]
    return frozenset(t.id for t in targets if isinstance(t, ast.Name))


def _built_at_import(module: str, qualname: str) -> bool:
    """Whether importing ``module`` gives it ``qualname``, for a class an assignment builds: its members
    are known only once it exists.  torchrl is imported anyway to find the documented classes."""
    try:
        with quiet():  # a module's import-time deprecation notes are not what this reads
            found = importlib.import_module(module)
    except ImportError:
        return False
    for part in qualname.split("."):
        found = vars(found).get(part) if isinstance(found, type) else getattr(found, part, None)
        if found is None:
            return False
    return True


# A top-level definition's line: ``class Name`` or ``def name`` at the start of a line.
_TOP_DEFINITION = re.compile(rb"^(?:class|def|async\s+def)\s+(\w+)", re.MULTILINE)


@cache
def _candidates(root: Path) -> dict[str, list[str]]:
    """Top-level name -> the installed files with a line defining it, from one text scan of torchrl's
    sources (parsing each file to look for a moved name cost most of this record set).  A line inside a
    string can only add a candidate; ``_defined`` (ast) confirms each."""
    found: dict[str, list[str]] = {}
    for path in sorted((root / "torchrl").rglob("*.py")):
        file = path.relative_to(root).as_posix()
        for name in dict.fromkeys(m.group(1).decode() for m in _TOP_DEFINITION.finditer(path.read_bytes())):
            found.setdefault(name, []).append(file)
    return found


def _defining(root: Path, name: str) -> list[str]:
    """The installed files defining the top-level ``name``."""
    return [file for file in _candidates(root).get(name, []) if name in _defined(root / file)]


def _package_files(root: Path, file: str) -> list[str]:
    """The installed files of the package a module file became (``storages.py`` -> ``storages/*.py``),
    its ``__init__.py`` first; empty when the file is still a module."""
    package = root / file.removesuffix(".py")
    if (root / file).exists() or not (package / "__init__.py").exists():
        return []
    files = sorted(path.relative_to(root).as_posix() for path in package.rglob("*.py"))
    return sorted(files, key=lambda f: not f.endswith("/__init__.py"))


def _locate(root: Path, file: str, qualname: str) -> tuple[str, str]:
    """(status, the file defining it now) for a torchrl object."""
    split = [f for f in _package_files(root, file) if qualname in _defined(root / f)]
    if split:
        # The module became a package: its own files are where its names went, private ones too.
        return (PRESENT if split[0].endswith("/__init__.py") else MOVED), split[0]
    if qualname in _defined(root / file):
        return PRESENT, file
    if qualname.split(".")[0] in _assigned(root / file) and _built_at_import(module_of(file), qualname):
        return PRESENT, file
    top = qualname.split(".")[0]
    if top.startswith("_"):
        return GONE, ""  # private names repeat across torchrl: another file's `_helper` is not this one
    elsewhere = [f for f in _defining(root, top) if f != file and qualname in _defined(root / f)]
    return (MOVED, elsewhere[0]) if len(elsewhere) == 1 else (GONE, "")


def documented_classes() -> dict[str, type]:
    """The classes with a page of their own (losses, estimators, trainers) or a section (updaters)."""
    found: dict[str, type] = {}
    found.update(loss_classes())
    found.update({entry.cls.__name__: entry.cls for entry in estimator_classes()})
    found.update(trainer_classes())
    found.update(updater_classes())
    return dict(sorted(found.items()))


def _is(cls: type, module: str, qualname: str) -> bool:
    return cls.__module__ == module and cls.__qualname__ == qualname


def subjects_of(module: str, qualname: str, classes: dict[str, type], losses: set[str]) -> list[str]:
    """The documented classes a change to ``module``'s ``qualname`` reaches (see the module's rules)."""
    top, _, member = qualname.partition(".")
    found = []
    for name, cls in classes.items():
        if cls.__module__ != module:
            continue
        if member:
            # The class itself (even when the member is gone from it now), or a subclass inheriting it.
            owner = next((k for k in cls.__mro__ if member in vars(k)), None)
            reached = _is(cls, module, top) or (owner is not None and _is(owner, module, top))
        else:
            reached = any(_is(k, module, top) for k in cls.__mro__)
        if reached:
            found.append(name)
    if not found and not any(_is(cls, module, top) for cls in classes.values()):
        found = sorted(name for name in losses if classes[name].__module__ == module)
    return found


def objects_now(history: FixHistory) -> ObjectsNow:
    root = _site_root()
    classes = documented_classes()
    losses = set(loss_classes())
    touched = sorted(
        {(file, qualname) for fix in history.fixes for file, names in fix.objects.items() for qualname in names}
    )
    out = []
    for file, qualname in touched:
        if not file.startswith("torchrl/"):
            out.append(ObjectNow(file, qualname, SCRIPT, "", []))
            continue
        status, now_file = _locate(root, file, qualname)
        module = module_of(now_file or file)
        now = f"{module}.{qualname}" if now_file else ""
        out.append(ObjectNow(file, qualname, status, now, subjects_of(module, qualname, classes, losses)))
    return ObjectsNow(out)
