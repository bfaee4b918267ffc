"""A message expression of a ``raise`` or ``warn`` call, read into fixed text and fields.

torchrl builds messages in the usual ways: a string, an f-string, ``+`` between
pieces, ``"..." % args``, ``"...".format(...)``, or a name assigned just before.
Each piece the code fills in at run time becomes a field whose text is its
source (``{self.tensor_keys.value}``), so the template reads like the code and
matches whatever value a user's run puts there.
"""

from __future__ import annotations

import ast
import re

from tools.error_catalog.facts.records import Part

# printf-style conversions in a "..." % args message
_PERCENT = re.compile(r"%%|%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdrfgeixXoc]")
# str.format fields: {} {0} {name} {name!r} {name:>8}
_FORMAT_FIELD = re.compile(r"\{\{|\}\}|\{(?P<field>[^{}]*)\}")
# A field's source longer than this is shown cut (a generator expression, a long call).
FIELD_CHARS = 60


def _field(node: ast.AST) -> Part:
    text = ast.unparse(node)
    return Part(field=text if len(text) <= FIELD_CHARS else text[: FIELD_CHARS - 1] + "…")


def _merge(parts: list[Part]) -> list[Part]:
    """Adjacent fixed pieces as one; empty pieces dropped."""
    out: list[Part] = []
    for part in parts:
        if not part.is_field and not part.text:
            continue
        if out and not part.is_field and not out[-1].is_field:
            out[-1] = Part(text=out[-1].text + part.text)
        else:
            out.append(part)
    return out


def _split(text: str, pattern: re.Pattern, fields: list[ast.AST] | None, names: dict[str, ast.AST]) -> list[Part]:
    """Fixed text with placeholders (``%s``, ``{}``) replaced by fields, in order or by name; a doubled
    brace of ``str.format`` (``{{``) is a literal one."""
    parts: list[Part] = []
    position, next_field = 0, 0
    for match in pattern.finditer(text):
        parts.append(Part(text=text[position : match.start()]))
        position = match.end()
        if match.group(0) in ("{{", "}}", "%%"):
            parts.append(Part(text=match.group(0)[0]))
            continue
        name = (match.group("field") or "").split("!")[0].split(":")[0] if "field" in pattern.groupindex else ""
        if name and not name.isdigit() and name in names:
            parts.append(_field(names[name]))
        elif fields is not None and name.isdigit() and int(name) < len(fields):
            parts.append(_field(fields[int(name)]))
        elif fields is not None and next_field < len(fields):
            parts.append(_field(fields[next_field]))
            next_field += 1
        else:
            parts.append(Part(field=name or "…"))
    parts.append(Part(text=text[position:]))
    return parts


class MessageReader:
    """Reads the message expressions of one function, with the strings it assigns to names before them."""

    def __init__(self, assignments: list[tuple[int, str, ast.AST]] | None = None, before_line: int = 0):
        self.assigned: dict[str, ast.AST] = {}
        for line, name, value in assignments or []:
            if line >= before_line:
                break
            if isinstance(value, ast.AugAssign):
                if name in self.assigned:
                    self.assigned[name] = ast.BinOp(left=self.assigned[name], op=ast.Add(), right=value.value)
            else:
                self.assigned[name] = value

    def read(self, node: ast.AST | None, depth: int = 0) -> tuple[list[Part], bool]:
        """(parts, known): ``known`` is False where some of the message is computed by code not read here."""
        if node is None:
            return [], True
        parts, known = self._read(node, depth)
        return _merge(parts), known

    def _read(self, node: ast.AST, depth: int) -> tuple[list[Part], bool]:
        if isinstance(node, ast.Constant):
            return [Part(text=str(node.value))], True
        if isinstance(node, ast.JoinedStr):
            parts: list[Part] = []
            for value in node.values:
                if isinstance(value, ast.Constant):
                    parts.append(Part(text=str(value.value)))
                elif isinstance(value, ast.FormattedValue):
                    parts.append(_field(value.value))
            return parts, True
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left, left_known = self._read(node.left, depth)
            right, right_known = self._read(node.right, depth)
            return left + right, left_known and right_known
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod) and _is_text(node.left):
            text = node.left.value
            fields = list(node.right.elts) if isinstance(node.right, ast.Tuple) else [node.right]
            return _split(text, _PERCENT, fields, {}), True
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "format"
            and _is_text(node.func.value)
        ):
            names = {k.arg: k.value for k in node.keywords if k.arg}
            return _split(node.func.value.value, _FORMAT_FIELD, list(node.args), names), True
        if isinstance(node, ast.Name) and node.id in self.assigned and depth < 3:
            return self._read(self.assigned[node.id], depth + 1)
        # Anything else is computed: one field holding its source.
        return [_field(node)], False


def _is_text(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def string_assignments(function: ast.AST) -> list[tuple[int, str, ast.AST]]:
    """(line, name, value) of each message-like assignment in a function, in source order; an
    ``msg += ...`` is kept as its ``AugAssign`` node, which the reader appends to the name's value."""
    found: list[tuple[int, str, ast.AST]] = []
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = node.value
            if _is_text(value) or isinstance(value, ast.JoinedStr | ast.BinOp):
                found.append((node.lineno, node.targets[0].id, value))
        elif isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name) and isinstance(node.op, ast.Add):
            found.append((node.lineno, node.target.id, node))
    return sorted(found, key=lambda item: item[0])
