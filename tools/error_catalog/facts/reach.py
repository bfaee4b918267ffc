"""Which torchrl code the catalogue reads: the covered packages, and every torchrl function their code calls.

Covered code is read whole.  Beyond it, only functions reached by following calls:
a call is followed when the name it calls resolves, in the imported module, to a
function or class defined in torchrl (``_reduce(...)``, ``Bounded(...)`` -> its
``__init__``, ``self._method(...)`` through the class's MRO, ``super().method(...)``,
``module.function(...)``).  Calls through attributes whose value is only known at
run time (``self.actor_network(td)``) are not followed: nothing static says where
they lead.  torch and tensordict are never read.
"""

from __future__ import annotations

import ast
import builtins
import importlib
import inspect
import re
import types
import warnings
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from tools.core.silence import quiet
from tools.fixes.facts.records import COVERED_TORCHRL_PATHS

# The packages whose bug fixes the fix history follows: a message of one of them is catalogued whether
# or not a loss or a trainer calls it, so that what a user pastes from them finds where it was raised.
COVERED_PACKAGES = tuple(path.replace("/", ".") for path in COVERED_TORCHRL_PATHS)


@dataclass(frozen=True)
class Function:
    module: str
    qualname: str
    node: ast.FunctionDef | ast.AsyncFunctionDef
    class_path: str  # "ClipPPOLoss" for a method, "" for a function
    # For a function read alone (outside the covered packages): its text, and the line it starts on.
    text: str = ""
    first_line: int = 0


def torchrl_root() -> Path:
    import torchrl  # deferred: importing torchrl imports torch

    return Path(torchrl.__file__).parent


def module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_path(module: str) -> str:
    """torchrl.objectives.ppo -> torchrl/objectives/ppo.py (a package -> its __init__.py)."""
    root = torchrl_root()
    base = root.parent.joinpath(*module.split("."))
    return str((base / "__init__.py" if base.is_dir() else base.with_suffix(".py")).relative_to(root.parent))


def covered_modules() -> list[str]:
    root = torchrl_root()
    found = []
    for package in COVERED_PACKAGES:
        folder = root.parent.joinpath(*package.split("."))
        found += [module_name(path, root) for path in folder.rglob("*.py")]
    return sorted(found)


@cache
def source(module: str) -> str:
    return (torchrl_root().parent / module_path(module)).read_text(encoding="utf-8")


@cache
def imported(module: str) -> types.ModuleType | None:
    """The module, or None when importing it fails here (an optional dependency): it is then read only."""
    try:
        with quiet():  # a module's import-time deprecation notes are not what the catalogue reads
            return importlib.import_module(module)
    except Exception:  # any failure means the same: no run-time names to resolve
        return None


@cache
def tree(module: str) -> ast.Module:
    """A module's parse, once per process (the catalogue and the call graph read the same)."""
    return ast.parse(source(module), module_path(module))


@cache
def functions(module: str) -> dict[str, Function]:
    """qualname -> function, for every function and method of a module (nested ones under ``<locals>``)."""
    out: dict[str, Function] = {}

    def visit(node: ast.AST, prefix: str, class_path: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef):
                qualname = prefix + child.name
                out[qualname] = Function(module, qualname, child, class_path)
                visit(child, qualname + ".<locals>.", "")
            elif isinstance(child, ast.ClassDef):
                visit(child, prefix + child.name + ".", (prefix + child.name) if not prefix.endswith(">.") else "")

    visit(tree(module), "", "")
    return out


# The function objects covered code's calls resolved to, by (module, qualname): a called function is
# parsed from its own source, not with its whole module (envs and specs modules run to thousands of lines).
_resolved: dict[tuple[str, str], types.FunctionType] = {}


def _torchrl_function(obj) -> tuple[str, str] | None:
    """(module, qualname) of the torchrl code a called object runs: a function, or a class's ``__init__``."""
    if isinstance(obj, type):
        obj = next((klass.__dict__["__init__"] for klass in obj.__mro__ if "__init__" in klass.__dict__), None)
    if isinstance(obj, staticmethod | classmethod):
        obj = obj.__func__
    if isinstance(obj, property):
        obj = obj.fget
    try:
        obj = inspect.unwrap(obj)
    except Exception:  # an object whose __wrapped__ chain cannot be followed is not followed
        return None
    if isinstance(obj, types.FunctionType) and (obj.__module__ or "").startswith("torchrl"):
        found = (obj.__module__, obj.__qualname__)
        _resolved.setdefault(found, obj)
        return found
    return None


def _class_path(qualname: str) -> str:
    """The class a method's qualname names ("Bounded.__init__" -> "Bounded"); "" for a plain or nested function."""
    parent = qualname.rsplit(".", 1)[0] if "." in qualname else ""
    return "" if parent.endswith("<locals>") else parent


@cache
def called_function(module: str, qualname: str) -> Function | None:
    """A function covered code calls, parsed from its own source lines (line numbers as in its file)."""
    obj = _resolved.get((module, qualname))
    if obj is None:
        return None
    try:
        lines, first = inspect.getsourcelines(obj)
        text = "".join(lines)
        # A method's lines keep their indentation (dedenting would change its strings' text): parsed
        # as the body of a class, one line above where they start.
        indented = text[:1].isspace()
        node = ast.parse(("class _:\n" if indented else "") + text).body[0]
        node = node.body[0] if indented else node
    except (OSError, TypeError, SyntaxError, IndexError):
        return None
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        return None
    ast.increment_lineno(node, first - 1 - indented)
    return Function(module, qualname, node, _class_path(qualname), "".join(lines), first)


def _on_class(cls: type, name: str):
    for klass in cls.__mro__:
        if name in klass.__dict__:
            return klass.__dict__[name]
    return None


def _class(module: types.ModuleType, class_path: str) -> type | None:
    obj = module
    for part in class_path.split("."):
        obj = getattr(obj, part, None)
    return obj if isinstance(obj, type) else None


def calls(function: Function) -> set[tuple[str, str]]:
    """The torchrl functions a function calls, where the call's target resolves in its module."""
    module = imported(function.module)
    if module is None:
        return set()
    cls = _class(module, function.class_path) if function.class_path else None
    out: set[tuple[str, str]] = set()
    for node in ast.walk(function.node):
        target = None
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self" and cls:
            target = _on_class(cls, node.attr)  # self.method(...) and self.property
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name):
                target = getattr(module, func.id, None)
            elif isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
                base = getattr(module, func.value.id, None)
                if isinstance(base, types.ModuleType):
                    target = getattr(base, func.attr, None)
                elif isinstance(base, type):
                    target = _on_class(base, func.attr)
            elif (
                isinstance(func, ast.Attribute)
                and isinstance(func.value, ast.Call)
                and isinstance(func.value.func, ast.Name)
                and func.value.func.id == "super"
                and cls
            ):
                target = next((k.__dict__[func.attr] for k in cls.__mro__[1:] if func.attr in k.__dict__), None)
        if target is not None:
            found = _torchrl_function(target)
            if found is not None:
                out.add(found)
    return out


def reached() -> dict[str, dict[str, str]]:
    """Module -> {qualname: the covered function whose calls lead there ("module:qualname")}, for the
    functions outside the covered packages that covered code reaches by following calls."""
    covered = set(covered_modules())
    frontier: list[tuple[Function, str]] = []  # (function, covered origin)
    for module in sorted(covered):
        for qualname, function in sorted(functions(module).items()):
            frontier.append((function, f"{module}:{qualname}"))
    seen = {(f.module, f.qualname) for f, _ in frontier}
    out: dict[str, dict[str, str]] = {}
    while frontier:
        function, origin = frontier.pop(0)
        for target in sorted(calls(function)):
            if target in seen or target[0] in covered:
                continue
            seen.add(target)
            found = called_function(*target)
            if found is None:
                continue
            out.setdefault(target[0], {})[target[1]] = origin
            frontier.append((found, origin))
    return {module: dict(sorted(found.items())) for module, found in sorted(out.items())}


def warn_names_of(module: str) -> frozenset[str]:
    """The names a module binds ``warnings.warn`` to (``from warnings import warn``)."""
    imported_module = imported(module)
    if imported_module is None:
        return frozenset()
    return frozenset(name for name, value in vars(imported_module).items() if value is warnings.warn)


_DOTTED = re.compile(r"^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$")


def resolve(module: str, expression: str):
    """The object a dotted name of a module refers to (``KeyError``, ``errors.BadKey``), or None."""
    imported_module = imported(module)
    if imported_module is None or not _DOTTED.match(expression):
        return None
    first, *rest = expression.split(".")
    obj = getattr(imported_module, first, getattr(builtins, first, None))
    for name in rest:
        obj = getattr(obj, name, None)
    return obj
