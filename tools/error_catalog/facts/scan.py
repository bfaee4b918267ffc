"""One module's source -> every place it raises or warns, with the conditions that lead there.

Read with ``ast`` only: what a site raises is as written (``KeyError``, ``self._error_type``);
``tools.error_catalog.facts.reach`` resolves the names against the imported module.
"""

from __future__ import annotations

import ast
import bisect
import re
from dataclasses import dataclass

from tools.core.markdown import one_line
from tools.error_catalog.facts.messages import MessageReader, string_assignments
from tools.error_catalog.facts.records import RAISE, RERAISE, WARN, Part

# A guard's source longer than this is shown cut.
GUARD_CHARS = 100
# Guards kept per site, innermost first: enough to say how a reader gets there.
GUARDS_KEPT = 3
MODULE_LEVEL = "<module>"


@dataclass(frozen=True)
class Found:
    line: int
    function: str
    kind: str
    exception: str  # the expression as written; "" for a bare re-raise
    message: list[Part]
    message_known: bool
    guards: list[str]


def _cut(text: str) -> str:
    return one_line(text, GUARD_CHARS)


def _negated(test: ast.expr) -> str:
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return ast.unparse(test.operand)
    return f"not ({ast.unparse(test)})"


def is_warn_call(node: ast.AST, warn_names: frozenset[str]) -> bool:
    """``warnings.warn(...)``, or ``warn(...)`` where the module imported ``warn`` from ``warnings``."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Attribute):
        return func.attr == "warn" and isinstance(func.value, ast.Name) and func.value.id == "warnings"
    return isinstance(func, ast.Name) and func.id in warn_names


def warn_names(tree: ast.Module) -> frozenset[str]:
    """Names a module imported ``warn`` under (``from warnings import warn``), anywhere in it."""
    return frozenset(
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "warnings"
        for alias in node.names
        if alias.name == "warn"
    )


def _warn_lines(source: str, names: frozenset[str]) -> list[int]:
    """Lines where a warn call may start: only statements spanning one are searched for calls (walking
    every expression of every statement cost most of a scan)."""
    words = "|".join(["warn", *sorted(names)])
    pattern = re.compile(rf"\b(?:{words})\s*\(")
    return [number for number, line in enumerate(source.splitlines(), start=1) if pattern.search(line)]


class _Walker:
    def __init__(self, warns: frozenset[str], warn_lines: list[int], only: frozenset[str] | None = None):
        self.warns = warns
        self.warn_lines = warn_lines
        self.only = only
        self.found: list[Found] = []
        self._assignments: dict[int, list] = {}

    def run(self, tree: ast.Module) -> list[Found]:
        self._body(tree.body, MODULE_LEVEL, [], [], set(), None)
        return self.found

    def _wanted(self, qualname: str) -> bool:
        """In a module read only for some functions, those functions and what they nest."""
        if self.only is None:
            return True
        return any(qualname == f or qualname.startswith(f + ".<locals>.") for f in self.only)

    def _may_warn(self, node: ast.AST) -> bool:
        start, end = getattr(node, "lineno", 0), getattr(node, "end_lineno", 0)
        at = bisect.bisect_left(self.warn_lines, start)
        return at < len(self.warn_lines) and self.warn_lines[at] <= end

    # ``scope``: the qualname; ``guards``: outermost first; ``caught``: names bound by enclosing handlers;
    # ``function``: the enclosing function node (its string assignments feed the messages).
    def _body(self, nodes, scope, guards, class_path, caught, function) -> None:
        for node in nodes:
            self._node(node, scope, guards, class_path, caught, function)

    def _node(self, node, scope, guards, class_path, caught, function) -> None:
        if isinstance(node, ast.ClassDef):
            path = [*class_path, node.name] if scope == MODULE_LEVEL or class_path else [scope, "<locals>", node.name]
            qual = ".".join(path)
            for child in node.body:
                self._node(child, qual if scope == MODULE_LEVEL or class_path else scope, [], path, set(), None)
            return
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if class_path:
                qual = ".".join([*class_path, node.name])
            elif scope == MODULE_LEVEL:
                qual = node.name
            else:
                qual = f"{scope}.<locals>.{node.name}"
            if not self._wanted(qual):  # a function no call reached: nor are the ones it nests
                return
            for decorator in node.decorator_list:
                self._expr(decorator, scope, guards, caught, function)
            self._body(node.body, qual, [], [], set(), node)
            return
        if isinstance(node, ast.If):
            self._expr(node.test, scope, guards, caught, function)
            self._body(node.body, scope, [*guards, _cut(ast.unparse(node.test))], class_path, caught, function)
            self._body(node.orelse, scope, [*guards, _cut(_negated(node.test))], class_path, caught, function)
            return
        if isinstance(node, ast.While):
            self._body(
                node.body, scope, [*guards, _cut(f"while {ast.unparse(node.test)}")], class_path, caught, function
            )
            self._body(node.orelse, scope, guards, class_path, caught, function)
            return
        if isinstance(node, ast.For | ast.AsyncFor):
            loop = _cut(f"for {ast.unparse(node.target)} in {ast.unparse(node.iter)}")
            self._body(node.body, scope, [*guards, loop], class_path, caught, function)
            self._body(node.orelse, scope, guards, class_path, caught, function)
            return
        if isinstance(node, ast.Try | ast.TryStar):
            self._body(node.body, scope, guards, class_path, caught, function)
            for handler in node.handlers:
                kind = ast.unparse(handler.type) if handler.type is not None else "any exception"
                names = caught | ({handler.name} if handler.name else set())
                self._body(handler.body, scope, [*guards, _cut(f"except {kind}")], class_path, names, function)
            self._body(node.orelse, scope, guards, class_path, caught, function)
            self._body(node.finalbody, scope, guards, class_path, caught, function)
            return
        if isinstance(node, ast.With | ast.AsyncWith):
            self._body(node.body, scope, guards, class_path, caught, function)
            return
        if isinstance(node, ast.Match):
            for case in node.cases:
                self._body(
                    case.body, scope, [*guards, _cut(f"case {ast.unparse(case.pattern)}")], class_path, caught, function
                )
            return
        if isinstance(node, ast.Raise):
            if self._wanted(scope):
                self._raise(node, scope, guards, caught, function)
            return
        self._expr(node, scope, guards, caught, function)

    def _expr(self, node, scope, guards, caught, function) -> None:
        """Warn calls anywhere in a statement or expression (a lambda or comprehension included)."""
        if not self._may_warn(node) or not self._wanted(scope):
            return
        for child in ast.walk(node):
            if is_warn_call(child, self.warns):
                self._warn(child, scope, guards, function)

    def _reader(self, function, line: int) -> MessageReader:
        if function is None:
            return MessageReader([], line)
        if id(function) not in self._assignments:
            self._assignments[id(function)] = string_assignments(function)
        return MessageReader(self._assignments[id(function)], line)

    def _raise(self, node: ast.Raise, scope, guards, caught, function) -> None:
        exc = node.exc
        reader = self._reader(function, node.lineno)
        if exc is None or (isinstance(exc, ast.Name) and exc.id in caught):
            self._add(node.lineno, scope, RERAISE, ast.unparse(exc) if exc is not None else "", [], True, guards)
            return
        if isinstance(exc, ast.Name) and exc.id in reader.assigned:
            exc = reader.assigned[exc.id]
        if isinstance(exc, ast.Call):
            message = (
                exc.args[0] if exc.args else next((k.value for k in exc.keywords if k.arg in ("msg", "message")), None)
            )
            parts, known = reader.read(message)
            self._add(node.lineno, scope, RAISE, ast.unparse(exc.func), parts, known, guards)
        else:
            self._add(node.lineno, scope, RAISE, ast.unparse(exc), [], True, guards)

    def _warn(self, call: ast.Call, scope, guards, function) -> None:
        message = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "message"), None)
        category = (
            call.args[1] if len(call.args) > 1 else next((k.value for k in call.keywords if k.arg == "category"), None)
        )
        parts, known = self._reader(function, call.lineno).read(message)
        self._add(
            call.lineno,
            scope,
            WARN,
            ast.unparse(category) if category is not None else "UserWarning",
            parts,
            known,
            guards,
        )

    def _add(self, line, scope, kind, exception, message, known, guards) -> None:
        kept = list(reversed(guards))[:GUARDS_KEPT]
        self.found.append(Found(line, scope, kind, exception, message, known, kept))


def scan(source: str, filename: str = "<source>", tree: ast.Module | None = None) -> list[Found]:
    """Every raise and warn of a module's source, in source order (``tree``: its parse, when the caller has one)."""
    tree = tree if tree is not None else ast.parse(source, filename)
    warns = warn_names(tree) if "from warnings import" in source else frozenset()
    return sorted(_Walker(warns, _warn_lines(source, warns)).run(tree), key=lambda f: f.line)


def scan_function(function, warns: frozenset[str]) -> list[Found]:
    """Every raise and warn of one function read alone (``reach.Function`` with its own ``text`` and
    ``first_line``) and of the functions it nests; ``warns``: the names its module binds ``warnings.warn`` to."""
    lines = [function.first_line + number - 1 for number in _warn_lines(function.text, warns)]
    walker = _Walker(warns, lines)
    parent = function.qualname.rsplit(".", 1)[0] if "." in function.qualname else ""
    if not parent:
        walker._node(function.node, MODULE_LEVEL, [], [], set(), None)
    elif parent.endswith(".<locals>"):
        walker._node(function.node, parent.removesuffix(".<locals>"), [], [], set(), None)
    else:
        walker._node(function.node, MODULE_LEVEL, [], parent.split("."), set(), None)
    return sorted(walker.found, key=lambda f: f.line)


def count_sites(source: str) -> int:
    """Raise statements and warn calls, counted plainly: what the catalogue must hold for this source."""
    tree = ast.parse(source)
    warns = warn_names(tree)
    return sum(isinstance(node, ast.Raise) or is_warn_call(node, warns) for node in ast.walk(tree))
