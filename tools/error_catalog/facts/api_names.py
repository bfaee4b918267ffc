"""The names one torchrl module offers a caller, read from its source with ``ast``: the keywords each of its
functions and methods takes, and the names an import from it finds.

Code written for one release and run on another fails on these names in Python's own words: a keyword
the function does not take, a name the module does not have.  The fix scanner reads them at every
release tag, the build in the installed torchrl; both read them here, so that the two agree.

A function is known by its qualified name (``UnsqueezeTransform.__init__``, ``ClipPPOLoss.forward``),
the name Python's message gives it; one defined inside another function is left out.  What a module
offers an import: in a package's ``__init__.py``, every public name it binds (its imports included:
that is how torchrl exports); in another module, the classes and functions it defines.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from tools.core.frames import module_of

__all__ = ["VAR_KEYWORD", "ModuleNames", "is_public", "merged_keywords", "module_of", "read_names", "resolved"]

# Arguments every method takes that no caller names.
IMPLICIT = frozenset({"self", "cls"})


@dataclass(frozen=True)
class ModuleNames:
    # qualified name -> the keywords it takes (positional-or-keyword and keyword-only, in order);
    # a function that also takes ``**kwargs`` lists ``**`` last: any keyword passes
    keywords: dict[str, tuple[str, ...]]
    exports: tuple[str, ...]  # sorted; those a star import brings in are not resolved here: see ``resolved``
    # what ``from module import *`` finds: its ``__all__`` when it lists one, else every public name it binds
    star_names: tuple[str, ...] = ()
    stars: tuple[str, ...] = ()  # the modules it star-imports from, absolute
    declared: bool = False  # ``star_names`` is its ``__all__``
    dynamic: bool = False  # it defines a module ``__getattr__``: an import may find names it does not bind


VAR_KEYWORD = "**"


def is_public(dotted: str) -> bool:
    """No part of the name is private (``__init__`` is a constructor, not a private name)."""
    return all(part == "__init__" or not part.startswith("_") for part in dotted.split("."))


def _signature(node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, ...]:
    arguments = node.args
    names = [a.arg for a in [*arguments.args, *arguments.kwonlyargs] if a.arg not in IMPLICIT]
    return (*names, VAR_KEYWORD) if arguments.kwarg is not None else tuple(names)


def _functions(body: list[ast.stmt], prefix: str, found: dict[str, tuple[str, ...]]) -> None:
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            # A redefinition (a property's setter, an overload) keeps the first signature the class shows.
            found.setdefault(prefix + node.name, _signature(node))
        elif isinstance(node, ast.ClassDef):
            _functions(node.body, f"{prefix}{node.name}.", found)
        elif isinstance(node, ast.If | ast.Try):  # definitions under a version or import guard
            for block in (node.body, getattr(node, "orelse", []), *(h.body for h in getattr(node, "handlers", []))):
                _functions(block, prefix, found)


def _bound(node: ast.stmt, package: bool) -> list[str]:
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if not package:
        return []
    # What the module imports from torchrl is offered on; what it imports from elsewhere (torch, typing) is
    # no name of torchrl's, though Python would find it there too.
    if isinstance(node, ast.ImportFrom) and (node.level or (node.module or "").split(".")[0] == "torchrl"):
        return [alias.asname or alias.name for alias in node.names if alias.name != "*"]
    if isinstance(node, ast.Assign):
        return [target.id for target in node.targets if isinstance(target, ast.Name)]
    return []


def _top_level(body: list[ast.stmt]) -> list[ast.stmt]:
    """The module's statements, those under a top-level ``if`` or ``try`` included."""
    out = []
    for node in body:
        if isinstance(node, ast.If | ast.Try):
            for block in (node.body, node.orelse, *(h.body for h in getattr(node, "handlers", []))):
                out += _top_level(block)
        else:
            out.append(node)
    return out


def _star_source(node: ast.ImportFrom, module: str, package: bool) -> str:
    """The absolute module a ``from ... import *`` reads."""
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    base = parts if package else parts[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _declared(nodes: list[ast.stmt]) -> tuple[str, ...] | None:
    """The module's ``__all__`` when it is a literal list or tuple of strings."""
    for node in nodes:
        names_all = isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        )
        if names_all and isinstance(node.value, ast.List | ast.Tuple):
            values = [e.value for e in node.value.elts if isinstance(e, ast.Constant)]
            if len(values) == len(node.value.elts) and all(isinstance(v, str) for v in values):
                return tuple(sorted(values))
    return None


def read_names(source: str | bytes, module: str, package: bool) -> ModuleNames | None:
    """The names of the source of ``module`` (``package``: it is a package's ``__init__.py``); None when
    it does not parse."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    keywords: dict[str, tuple[str, ...]] = {}
    _functions(tree.body, "", keywords)
    nodes = _top_level(tree.body)
    exports = {name for node in nodes for name in _bound(node, package) if not name.startswith("_")}
    bound = {name for node in nodes for name in _bound(node, True) if not name.startswith("_")}
    stars = [
        _star_source(node, module, package)
        for node in nodes
        if isinstance(node, ast.ImportFrom) and any(alias.name == "*" for alias in node.names)
    ]
    declared = _declared(nodes)
    return ModuleNames(
        keywords={q: k for q, k in keywords.items() if is_public(q)},
        exports=tuple(sorted(exports)),
        star_names=declared if declared is not None else tuple(sorted(bound)),
        stars=tuple(dict.fromkeys(s for s in stars if s)),
        declared=declared is not None,
        dynamic=any(isinstance(node, ast.FunctionDef) and node.name == "__getattr__" for node in nodes),
    )


def resolved(modules: dict[str, ModuleNames]) -> dict[str, tuple[str, ...]]:
    """Module -> every name an import from it finds, its star imports followed through the given modules
    (a star import from a module not among them adds nothing)."""

    def star(name: str, seen: frozenset[str]) -> set[str]:
        names = modules.get(name)
        if names is None or name in seen:
            return set()
        found = set(names.star_names)
        if not names.declared:
            for source in names.stars:
                found |= star(source, seen | {name})
        return found

    out = {}
    for name, names in modules.items():
        found = set(names.exports)
        for source in names.stars:
            found |= star(source, frozenset({name}))
        out[name] = tuple(sorted(found))
    return out


def merged_keywords(modules: dict[str, ModuleNames]) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Qualified name -> (the first module defining it, the keywords of every definition of it, merged).

    Python's message names a function by its qualified name alone, whichever module defines it, private
    ones included; two classes of one name in two modules are one name to the reader of that message."""
    out: dict[str, tuple[str, tuple[str, ...]]] = {}
    for module in sorted(modules):
        for qualname, taken in modules[module].keywords.items():
            first, known = out.get(qualname, (module, ()))
            merged = [k for k in dict.fromkeys([*known, *taken]) if k != VAR_KEYWORD]
            if VAR_KEYWORD in known or VAR_KEYWORD in taken:
                merged.append(VAR_KEYWORD)
            out[qualname] = (first, tuple(merged))
    return out
