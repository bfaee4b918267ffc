"""The ``deprecations`` section: deprecation and removal messages read statically from torchrl's source.

Messages of ``warn`` calls and raises in ``torchrl/objectives`` and
``torchrl/trainers`` (an f-string's fields as ``{expr}``), and other strings
announcing a deprecation, with the file and the function holding them.
"""

from __future__ import annotations

import ast
import bisect
import json
import re
from pathlib import Path

from tools.torchrl.snapshot.guard import Errors, recorded_error

# Source folders (inside the torchrl package) scanned for deprecation messages.
DEPRECATION_FOLDERS = ("objectives", "trainers")
DEPRECATION_WORDS = re.compile(r"deprecat|will be removed|has been removed|removed in", re.IGNORECASE)
DEPRECATION_CATEGORIES = {"DeprecationWarning", "FutureWarning", "PendingDeprecationWarning"}


def _string_text(node: ast.AST) -> str | None:
    """The text of a string expression; an f-string's fields as ``{expr}``; None if it is not one."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        parts = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                parts.append(str(value.value))
            elif isinstance(value, ast.FormattedValue):
                parts.append("{" + ast.unparse(value.value) + "}")
        return "".join(parts)
    if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Mod)):
        left = _string_text(node.left)
        if left is None:
            return None
        if isinstance(node.op, ast.Mod):
            return left
        right = _string_text(node.right)
        return None if right is None else left + right
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format":
        return _string_text(node.func.value)
    return None


def _is_warn(call: ast.Call) -> bool:
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
    return name in {"warn", "warn_explicit"}


def _warn_category(call: ast.Call) -> str | None:
    for kw in call.keywords:
        if kw.arg == "category":
            return ast.unparse(kw.value)
    if len(call.args) > 1:
        return ast.unparse(call.args[1])
    return None


# Lines worth visiting: a statement none of whose lines matches is skipped whole (the build runs this
# scan on the pinned torchrl, and visiting every node of its files cost seconds; skipping cuts most of that).
# A message resolved through a name needs the warn/raise line itself, hence those words too.
_INTERESTING = re.compile(DEPRECATION_WORDS.pattern + r"|FutureWarning|warn|raise", re.IGNORECASE)


class _DeprecationScanner(ast.NodeVisitor):
    """One pass over a module: messages of warn calls and raises, then other strings announcing a deprecation.

    A string is a "leftover" when it is not a docstring and not (part of) a message already recorded;
    those are known only at the end of the pass, so leftovers are kept as candidates until then.
    """

    def __init__(self, file: str, source: str):
        self.file = file
        self.scope: list[str] = []
        self.found: list[dict[str, str]] = []
        self.assigned: list[dict[str, ast.AST]] = [{}]
        self.docstrings: set[int] = set()
        self.used: set[int] = set()
        self.candidates: list[tuple[int, str, str]] = []  # (node id, scope, text)
        self.lines = [i for i, line in enumerate(source.splitlines(), 1) if _INTERESTING.search(line)]

    def _interesting(self, node: ast.stmt) -> bool:
        start = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ()))])
        end = getattr(node, "end_lineno", None) or node.lineno
        i = bisect.bisect_left(self.lines, start)
        return i < len(self.lines) and self.lines[i] <= end

    def generic_visit(self, node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.stmt) and not isinstance(child, ast.Assign) and not self._interesting(child):
                continue  # no line of it can hold a message, nor a warn or raise
            text = _string_text(child)
            if text is not None:  # a whole string expression: a leftover candidate; its parts are not
                if DEPRECATION_WORDS.search(text):
                    self.candidates.append((id(child), ".".join(self.scope) or "<module>", text))
                if not isinstance(child, ast.Call):
                    continue
            self.visit(child)

    def _mark_docstring(self, node: ast.AST) -> None:
        body = getattr(node, "body", None)
        if (
            body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            self.docstrings.add(id(body[0].value))

    def _record(self, how: str, message: str, scope: str | None = None) -> None:
        function = scope if scope is not None else ".".join(self.scope) or "<module>"
        self.found.append({"file": self.file, "function": function, "how": how, "message": " ".join(message.split())})

    def _scoped(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
        self._mark_docstring(node)
        self.scope.append(node.name)
        self.assigned.append({})
        self.generic_visit(node)
        self.assigned.pop()
        self.scope.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _scoped

    def visit_Module(self, node: ast.Module) -> None:
        self._mark_docstring(node)
        self.generic_visit(node)

    def visit_Assign(self, node: ast.Assign) -> None:
        for target in node.targets:
            if isinstance(target, ast.Name):
                self.assigned[-1][target.id] = node.value
        self.generic_visit(node)

    def _resolve(self, node: ast.AST) -> tuple[str | None, ast.AST | None]:
        text = _string_text(node)
        if text is not None:
            return text, node
        if isinstance(node, ast.Name):
            for scope in reversed(self.assigned):
                if node.id in scope:
                    return _string_text(scope[node.id]), scope[node.id]
        return None, None

    def visit_Call(self, node: ast.Call) -> None:
        if _is_warn(node) and node.args:
            category = _warn_category(node) or "UserWarning"
            text, source = self._resolve(node.args[0])
            if text is not None and (category in DEPRECATION_CATEGORIES or DEPRECATION_WORDS.search(text)):
                self._record(f"warn {category}", text)
                self._mark_used(source)
        self.generic_visit(node)

    def visit_Raise(self, node: ast.Raise) -> None:
        exc = node.exc
        if isinstance(exc, ast.Call) and exc.args:
            text, source = self._resolve(exc.args[0])
            if text is not None and DEPRECATION_WORDS.search(text):
                self._record(f"raise {ast.unparse(exc.func)}", text)
                self._mark_used(source)
        self.generic_visit(node)

    def _mark_used(self, node: ast.AST | None) -> None:
        if node is None:  # no message text was found, so no node of one to mark
            return
        for sub in ast.walk(node):
            self.used.add(id(sub))

    def scan(self, tree: ast.AST) -> list[dict[str, str]]:
        self.visit(tree)
        for node_id, scope, text in self.candidates:
            if node_id not in self.used and node_id not in self.docstrings:
                self._record("string", text, scope)
        return self.found


def deprecations(errors: Errors) -> list[dict[str, str]]:
    torchrl = errors.module("torchrl")
    if torchrl is None or torchrl.__file__ is None:
        return []
    root = Path(torchrl.__file__).parent
    found: list[dict[str, str]] = []
    for folder in DEPRECATION_FOLDERS:
        for path in sorted((root / folder).rglob("*.py")):
            relative = path.relative_to(root.parent).as_posix()
            try:
                source = path.read_text(encoding="utf-8")
                # A file none of whose text matches holds no message: not parsed (most of them).
                if not (DEPRECATION_WORDS.search(source) or any(c in source for c in DEPRECATION_CATEGORIES)):
                    continue
                tree = ast.parse(source)
            except (SyntaxError, UnicodeDecodeError) as exc:
                errors.found[f"parse {relative}"] = recorded_error(exc)
                continue
            found.extend(_DeprecationScanner(relative, source).scan(tree))
    unique = {json.dumps(item, sort_keys=True): item for item in found}
    return [unique[k] for k in sorted(unique)]
