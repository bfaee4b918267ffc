"""A snapshot as the committed JSON text: sorted, and one line per object."""

from __future__ import annotations

import json
from typing import Any


def _one_line(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _emit(value: Any, depth: int) -> str:
    text = _one_line(value)
    expand = isinstance(value, (dict, list)) and value and (depth < 2 or (isinstance(value, dict) and len(text) > 4000))
    if not expand:
        return text
    pad, inner = " " * depth, " " * (depth + 1)
    if isinstance(value, list):
        return "[\n" + ",\n".join(inner + _emit(v, depth + 1) for v in value) + "\n" + pad + "]"
    items = [f"{inner}{json.dumps(k, ensure_ascii=False)}:{_emit(value[k], depth + 1)}" for k in sorted(value)]
    return "{\n" + ",\n".join(items) + "\n" + pad + "}"


def dumps(facts: dict[str, Any]) -> str:
    """Sorted JSON, one line per object (a loss, a config, a function, a message): compact, and a
    change between two snapshots shows as a changed line in ``git diff``."""
    return _emit(facts, 0) + "\n"
