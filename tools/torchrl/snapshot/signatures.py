"""Signatures as the snapshots record them: JSON-able parameter lists and one-line texts.

Built on ``tools.core.signatures`` (value and annotation texts); the record
keeps what the upgrade diff compares: kind, default, annotation with its module
paths, and for a constructor the class up the ``**kwargs`` chain naming it.
"""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

from tools.core.signatures import MEMORY_ADDRESS, annotation_text, stable_text

KINDS = {
    inspect.Parameter.POSITIONAL_ONLY: "positional-only",
    inspect.Parameter.POSITIONAL_OR_KEYWORD: "positional-or-keyword",
    inspect.Parameter.VAR_POSITIONAL: "var-positional",
    inspect.Parameter.KEYWORD_ONLY: "keyword-only",
    inspect.Parameter.VAR_KEYWORD: "var-keyword",
}


def annotation(value: Any) -> str | None:
    """An annotation as written in the source (or as ``inspect`` formats an evaluated one); None when absent."""
    if value is inspect.Parameter.empty or value is dataclasses.MISSING:
        return None
    return MEMORY_ADDRESS.sub("", annotation_text(value, keep_modules=True))


def parameter(p: inspect.Parameter, via: str | None = None) -> dict[str, Any]:
    record: dict[str, Any] = {"name": p.name, "kind": KINDS[p.kind]}
    if p.default is not inspect.Parameter.empty:
        record["default"] = stable_text(p.default)
    text = annotation(p.annotation)
    if text is not None:
        record["annotation"] = text
    if via:
        record["via"] = via
    return record


def function_parameters(function: Any, *, skip_first: bool = False) -> list[dict[str, Any]]:
    params = list(inspect.signature(function).parameters.values())
    return [parameter(p) for p in (params[1:] if skip_first else params)]


def constructor(cls: type) -> list[dict[str, Any]]:
    """Parameters a call to ``cls`` accepts, in order: its ``__init__``'s own, then those of the
    ``__init__``s further up the MRO it reaches through ``**kwargs`` (marked ``via``: the class)."""
    found: list[dict[str, Any]] = []
    named: set[str] = set()
    first = True
    for klass in cls.__mro__:
        if klass is object or "__init__" not in vars(klass):
            continue
        if not first and not klass.__module__.startswith("torchrl"):
            break  # torch.nn.Module and friends: their **kwargs are not torchrl's
        try:
            params = list(inspect.signature(vars(klass)["__init__"]).parameters.values())[1:]
        except (TypeError, ValueError):
            break
        for p in params:
            if first:
                found.append(parameter(p))
                named.add(p.name)
            elif p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and p.name not in named:
                found.append(parameter(p, via=klass.__qualname__))
                named.add(p.name)
        first = False
        if not any(p.kind is p.VAR_KEYWORD for p in params):
            break
    return found


def signature_text(function: Any, *, skip_first: bool = False) -> str:
    """``(a, b=1, *, c=None)``: names and defaults, as a method's one-line summary."""
    params = list(inspect.signature(function).parameters.values())
    if skip_first:
        params = params[1:]
    parts, seen_keyword_only = [], False
    for p in params:
        if p.kind is p.KEYWORD_ONLY and not seen_keyword_only:
            parts.append("*")
            seen_keyword_only = True
        if p.kind is p.VAR_POSITIONAL:
            seen_keyword_only = True
        prefix = "*" if p.kind is p.VAR_POSITIONAL else "**" if p.kind is p.VAR_KEYWORD else ""
        text = prefix + p.name
        if p.default is not p.empty:
            text += f"={stable_text(p.default)}"
        parts.append(text)
    return f"({', '.join(parts)})"
