"""What a fix changed that a user saw: the raises and warns of the code before it whose statement or
whose condition the fix's deleted lines touched.

A user of a release older than the fix met the old code: its message is what they paste.  The message is
read as the error catalogue reads the installed torchrl (``tools.error_catalog.facts.scan``: fixed text
and fields), from the parent's version of each changed file.  A statement the fix only moved (its message
is raised again, word for word, in the fix's version of the file) is no change a user could tell.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass

from tools.error_catalog.facts.match import MIN_FIXED
from tools.error_catalog.facts.records import pieces
from tools.error_catalog.facts.scan import is_warn_call, scan, warn_names
from tools.fixes.facts.records import CONDITION, MESSAGE, RaisedBefore

_TESTED = (ast.If, ast.While)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


@dataclass(frozen=True)
class _Statement:
    first: int
    last: int
    test: tuple[int, int] | None  # the lines of the innermost if/while test it sits under


def _test_above(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> tuple[int, int] | None:
    """The lines of the innermost if or while test whose branch holds ``node``, within its function."""
    child, parent = node, parents.get(node)
    while parent is not None and not isinstance(parent, _SCOPES):
        if isinstance(parent, _TESTED) and child is not parent.test:
            return parent.test.lineno, parent.test.end_lineno or parent.test.lineno
        child, parent = parent, parents.get(parent)
    return None


def _statements(tree: ast.Module) -> dict[int, _Statement]:
    """First line -> each raise and warn call of a module, with the test that leads there."""
    warns = warn_names(tree)
    parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
    found: dict[int, _Statement] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Raise) or is_warn_call(node, warns):
            last = node.end_lineno or node.lineno
            found.setdefault(node.lineno, _Statement(node.lineno, last, _test_above(node, parents)))
    return found


def parsed(source: bytes | None) -> ast.Module | None:
    if source is None:
        return None
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError):
        return None


def raised_before(path: str, old: bytes | None, new: bytes | None, deleted: list[int]) -> list[RaisedBefore]:
    """The raises and warns of ``old`` (the file before the fix) that the fix changed: their statement
    holds a deleted line (MESSAGE), or the test of the if or while they sit under does (CONDITION)."""
    tree = parsed(old)
    if tree is None or not deleted:
        return []
    text = old.decode("utf-8", "replace") if old is not None else ""
    statements = _statements(tree)
    new_tree = parsed(new)
    kept = set()
    if new_tree is not None and new is not None:
        kept = {tuple(pieces(f.message)[0]) for f in scan(new.decode("utf-8", "replace"), tree=new_tree)}
    lines = set(deleted)
    out = []
    for site in scan(text, tree=tree):
        statement = statements.get(site.line)
        if statement is None or not site.message or not site.message_known:
            continue
        fixed, fields = pieces(site.message)
        if len("".join(fixed).strip()) < MIN_FIXED:
            continue
        if lines & set(range(statement.first, statement.last + 1)):
            if tuple(fixed) in kept:
                continue  # moved or reformatted, not changed
            change = MESSAGE
        elif statement.test is not None and lines & set(range(statement.test[0], statement.test[1] + 1)):
            change = CONDITION
        else:
            continue
        out.append(RaisedBefore(path, site.function, site.exception, fixed, fields, change))
    return out
