"""Which functions, classes and methods a change touched: unified-diff line numbers read against ``ast``.

A changed line belongs to the innermost of: a method (or nested class) of a top-level class, the
top-level class itself (its body outside any method: class attributes, docstring), a top-level
function.  A definition spans its decorators too.  Lines outside every definition (imports,
module constants) belong to none.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, field

_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)
_HUNK = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


@dataclass
class FileChange:
    """One file of a diff: its path on each side (None where the file did not exist) and the changed lines."""

    old_path: str | None
    new_path: str | None
    deleted: list[int] = field(default_factory=list)  # line numbers in the old file
    added: list[int] = field(default_factory=list)  # line numbers in the new file


def _unquote(path: str) -> str:
    """A path as git prints it in a diff header: C-quoted when it holds unusual bytes."""
    path = path.rstrip("\t")
    if path.startswith('"') and path.endswith('"'):
        raw = path[1:-1].encode("ascii", "backslashreplace").decode("unicode_escape")
        return raw.encode("latin-1").decode("utf-8", "replace")
    return path


def _side(header: str, prefix: str) -> str | None:
    path = _unquote(header)
    if path == "/dev/null":
        return None
    return path[len(prefix) :] if path.startswith(prefix) else path


def parse_diff(text: str) -> list[FileChange]:
    """The files and changed lines of ``git diff -U0 --src-prefix=a/ --dst-prefix=b/`` output."""
    changes: list[FileChange] = []
    current: FileChange | None = None
    for line in text.splitlines():
        if line.startswith("diff --git "):
            current = FileChange(None, None)
            changes.append(current)
        elif current is None:
            continue
        elif line.startswith("--- "):
            current.old_path = _side(line[4:], "a/")
        elif line.startswith("+++ "):
            current.new_path = _side(line[4:], "b/")
        elif match := _HUNK.match(line):
            old_start, old_count, new_start, new_count = match.groups()
            old_count = 1 if old_count is None else int(old_count)
            new_count = 1 if new_count is None else int(new_count)
            current.deleted.extend(range(int(old_start), int(old_start) + old_count))
            current.added.extend(range(int(new_start), int(new_start) + new_count))
    # A file whose only change is its mode, or a binary file, has no ---/+++ lines and no hunks.
    return [c for c in changes if c.deleted or c.added]


def _span(node: ast.AST) -> tuple[int, int]:
    start = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ()))])
    return start, node.end_lineno or node.lineno


def definitions(source: bytes) -> list[tuple[int, int, str]] | None:
    """(first line, last line, qualname) of each top-level definition and each definition in a
    top-level class, or None when the source does not parse (an old file Python no longer reads)."""
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return None
    spans = []
    for node in tree.body:
        if not isinstance(node, _DEFINITIONS):
            continue
        spans.append((*_span(node), node.name))
        if isinstance(node, ast.ClassDef):
            spans.extend(
                (*_span(child), f"{node.name}.{child.name}") for child in node.body if isinstance(child, _DEFINITIONS)
            )
    return spans


def enclosing(spans: list[tuple[int, int, str]], lines: list[int]) -> set[str]:
    """The qualnames the ``lines`` fall in: the innermost definition around each line."""
    found = set()
    for line in lines:
        around = [(end - start, name) for start, end, name in spans if start <= line <= end]
        if around:
            found.add(min(around)[1])
    return found
