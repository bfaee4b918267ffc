"""Facts read from the loss classes themselves, without building anything."""

from __future__ import annotations

import dataclasses
import inspect
from typing import Any

from tools.losses.records import AcceptedKey, Param, key_to_json


def _param_text(p: inspect.Parameter) -> str:
    prefix = {p.VAR_POSITIONAL: "*", p.VAR_KEYWORD: "**"}.get(p.kind, "")
    text = prefix + p.name
    if p.annotation is not p.empty:
        # annotations are strings under `from __future__ import annotations`: show them bare
        text += f": {p.annotation if isinstance(p.annotation, str) else inspect.formatannotation(p.annotation)}"
    if p.default is not p.empty:
        text += f" = {p.default!r}"
    return text


def signature_text(cls: type) -> str:
    """``Name(a: T = 1, *, b: U = 2)``, keyword-only marker included."""
    parts, marked = [], False
    for name, p in inspect.signature(cls.__init__).parameters.items():
        if name == "self":
            continue
        if p.kind == p.KEYWORD_ONLY and not marked:
            parts.append("*")
        marked = marked or p.kind in (p.KEYWORD_ONLY, p.VAR_POSITIONAL)
        parts.append(_param_text(p))
    return f"{cls.__name__}({', '.join(parts)})"


def params(cls: type) -> list[Param]:
    out = []
    for name, p in inspect.signature(cls.__init__).parameters.items():
        if name == "self" or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        kind = "keyword" if p.kind == p.KEYWORD_ONLY else "positional"
        default = None if p.default is p.empty else repr(p.default)
        annotation = "" if p.annotation is p.empty else str(p.annotation).replace("'", "")
        out.append(Param(name, kind, default, annotation))
    return out


def accepted_key_defaults(cls: type) -> dict[str, Any]:
    """set_keys name -> default key, read from an instance of the class's ``_AcceptedKeys``.

    An instance, not the dataclass fields: some defaults (``sample_log_prob``)
    are resolved in ``__post_init__``.
    """
    accepted = cls._AcceptedKeys
    if not dataclasses.is_dataclass(accepted):
        return {}
    instance = accepted()
    return {f.name: key_to_json(getattr(instance, f.name)) for f in dataclasses.fields(instance)}


def accepted_keys(cls: type, glossary) -> list[AcceptedKey]:
    return [
        AcceptedKey(name, default, *glossary(cls.__name__, name))
        for name, default in accepted_key_defaults(cls).items()
    ]


def default_value_estimator(cls: type) -> str | None:
    member = getattr(cls, "default_value_estimator", None)
    return None if member is None else member.name


def declared_value_estimators(cls: type) -> list[str] | None:
    declared = getattr(cls, "SUPPORTED_VALUE_ESTIMATORS", None)
    return None if declared is None else [m.name for m in declared]


def delay_flags(cls: type) -> dict[str, str]:
    """Constructor flags ``delay_*`` (they decide which target parameters exist) -> default."""
    return {p.name: str(p.default) for p in params(cls) if p.name.startswith("delay_")}


def has_deactivate_vmap(cls: type) -> bool:
    return "deactivate_vmap" in inspect.signature(cls.__init__).parameters


def docstring(cls: type) -> str:
    return inspect.getdoc(cls) or ""
