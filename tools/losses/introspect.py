"""Facts read from the loss classes themselves (and the target groups of a built loss), without running anything."""

from __future__ import annotations

import dataclasses
import inspect
import re
from typing import Any

from tools.losses.records import AcceptedKey, key_to_json
from tools.signatures import class_signature

# The rule torchrl's TargetNetUpdater uses to find target parameters on a loss.
TARGET_PREFIX, TARGET_SUFFIX = "target_", "_params"


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
    """Constructor flags ``delay_*`` (they decide which target parameters exist) -> default.

    Flags a parent loss takes through ``**kwargs`` count: ``MAPPOLoss(delay_actor=True)`` works.
    """
    return {p.name: p.default for p in class_signature(cls).all() if p.name.startswith("delay_")}


def has_deactivate_vmap(cls: type) -> bool:
    return class_signature(cls).get("deactivate_vmap") is not None


def docstring(cls: type) -> str:
    return inspect.getdoc(cls) or ""


# Sphinx roles in torchrl's docstrings (:obj:`float`, :class:`~a.B`) confuse a
# Google-style parser: "alpha_init (:obj:`float`, optional)" became a parameter
# named "alpha_init (".  Reduced to their text first.
SPHINX_ROLE = re.compile(r":(?:py:)?\w+:`(~?)([^`]+)`")
RST_LITERAL = re.compile(r"``([^`]+)``")
RST_DIRECTIVE = re.compile(r"\.\.\s+(\w+)::")


def _markdown_line(text: str) -> str:
    """A docstring description as one line of Markdown (table cells hold one line)."""
    text = RST_LITERAL.sub(r"`\1`", text)
    text = RST_DIRECTIVE.sub(lambda m: f"*{m.group(1).capitalize()}:*", text)
    return " ".join(text.split()).replace("|", "\\|")


def docstring_parameters(doc: str) -> dict[str, str]:
    """Parameter name -> its description in the upstream docstring (Google style, parsed by griffe)."""
    import logging

    from griffe import Docstring, Parser

    text = SPHINX_ROLE.sub(lambda m: m.group(2).split(".")[-1] if m.group(1) else m.group(2), doc)
    griffe_log = logging.getLogger("griffe")
    level = griffe_log.level
    griffe_log.setLevel(logging.ERROR)  # its notes on torchrl's docstring style are not ours to print
    try:
        sections = Docstring(text, parser=Parser.google).parse()
    finally:
        griffe_log.setLevel(level)
    found: dict[str, str] = {}
    for section in sections:
        if section.kind.value in ("parameters", "other parameters"):
            for parameter in section.value:
                found.setdefault(parameter.name.lstrip("*"), _markdown_line(parameter.description))
    return found


def target_groups(loss) -> list[str]:
    """The loss's target-parameter sets (children named ``target_*_params``), in definition order."""
    return [
        name for name, _ in loss.named_children() if name.startswith(TARGET_PREFIX) and name.endswith(TARGET_SUFFIX)
    ]
