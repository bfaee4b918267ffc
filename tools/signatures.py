"""Read parameters from the installed code: names, kinds, defaults, annotations.

Shared by the concerns that describe call signatures (trainers, hooks, the
config parity audit).  Annotations are shown as written in torchrl's source.
"""

from __future__ import annotations

import enum
import inspect
import re
import typing
from dataclasses import dataclass, field
from typing import Any

KIND_LABELS = {
    inspect.Parameter.POSITIONAL_ONLY: "positional",
    inspect.Parameter.POSITIONAL_OR_KEYWORD: "positional or keyword",
    inspect.Parameter.KEYWORD_ONLY: "keyword-only",
}


@dataclass(frozen=True)
class Parameter:
    name: str
    kind: str  # one of KIND_LABELS' values
    required: bool
    default: str  # Python-like text of the default; "" when required
    annotation: str  # as written in the source; "" when absent
    defined_in: str  # qualified name of the function that names the parameter


@dataclass(frozen=True)
class Signature:
    """The named parameters a class (or function) accepts."""

    parameters: list[Parameter] = field(default_factory=list)
    # Named further up the **kwargs chain (a subclass passing **kwargs to its base).
    via_kwargs: list[Parameter] = field(default_factory=list)
    # Some __init__ on the chain takes **kwargs: an unnamed argument is not
    # rejected by the signature (it may be consumed or forwarded further).
    open_kwargs: bool = False

    def names(self) -> list[str]:
        return [p.name for p in self.parameters]

    def get(self, name: str) -> Parameter | None:
        for parameter in (*self.parameters, *self.via_kwargs):
            if parameter.name == name:
                return parameter
        return None


def show_value(value: Any) -> str:
    """Text for a default value as a reader would write it in Python."""
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, type):
        return f"{value.__module__}.{value.__qualname__}"
    if callable(value) and hasattr(value, "__qualname__"):
        return f"{getattr(value, '__module__', '')}.{value.__qualname__}".lstrip(".")
    return repr(value)


DOTTED_PREFIX = re.compile(r"\b(?:[A-Za-z_]\w*\.)+(?=[A-Za-z_])")


def _annotation(annotation: Any) -> str:
    """The annotation as a reader would write it: ``Optimizer | None``, not module paths."""
    if annotation is inspect.Parameter.empty:
        return ""
    text = annotation if isinstance(annotation, str) else inspect.formatannotation(annotation)
    return DOTTED_PREFIX.sub("", text)


def parameters_of(function: Any, *, skip_first: bool = False) -> tuple[list[Parameter], bool]:
    """Named parameters of ``function`` and whether it takes ``**kwargs``."""
    signature = inspect.signature(function)
    params = list(signature.parameters.values())
    if skip_first and params:
        params = params[1:]
    owner = getattr(function, "__qualname__", repr(function))
    named = [
        Parameter(
            name=p.name,
            kind=KIND_LABELS[p.kind],
            required=p.default is inspect.Parameter.empty,
            default="" if p.default is inspect.Parameter.empty else show_value(p.default),
            annotation=_annotation(p.annotation),
            defined_in=owner,
        )
        for p in params
        if p.kind in KIND_LABELS
    ]
    return named, any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params)


def _live_parameters(function: Any) -> tuple[list[inspect.Parameter], bool]:
    params = list(inspect.signature(function).parameters.values())[1:]  # drop self
    named = [p for p in params if p.kind in KIND_LABELS]
    return named, any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params)


def init_chain(cls: type) -> list[tuple[type, list[inspect.Parameter], bool]]:
    """(class, named parameters, takes **kwargs) for each ``__init__`` a call to ``cls`` goes through.

    A typed ``@overload`` set stands for an ``__init__(*args, **kwargs)``; the
    walk up the MRO continues while the ``__init__`` takes ``**kwargs``.
    """
    chain = []
    for klass in cls.__mro__:
        if klass is object or "__init__" not in vars(klass):
            continue
        init = vars(klass)["__init__"]
        try:
            named, var_kwargs = _live_parameters(init)
        except (TypeError, ValueError):  # a C-level __init__ names nothing we can read
            break
        overloads = typing.get_overloads(init)
        if overloads:
            merged: dict[str, inspect.Parameter] = {}
            for overload in overloads:
                for parameter in _live_parameters(overload)[0]:
                    merged.setdefault(parameter.name, parameter)
            named = list(merged.values())
        chain.append((klass, named, var_kwargs))
        if not var_kwargs:
            break
    return chain


def live_parameters(cls: type) -> tuple[dict[str, inspect.Parameter], dict[str, inspect.Parameter], bool]:
    """(own, via **kwargs, open) parameters of ``cls(...)`` as ``inspect.Parameter`` objects.

    *Own* are those of the first ``__init__`` that names any; *via **kwargs*
    are named further up the chain; *open* says some ``__init__`` on the way
    takes ``**kwargs``, so an unnamed argument is not rejected by a signature.
    """
    own: dict[str, inspect.Parameter] | None = None
    via: dict[str, inspect.Parameter] = {}
    open_kwargs = False
    for _klass, named, var_kwargs in init_chain(cls):
        if own is None:
            if named:
                own = {p.name: p for p in named}
        else:
            for p in named:
                if p.name not in own:
                    via.setdefault(p.name, p)
        # Any level that takes **kwargs may consume names itself (GymEnv's
        # wrapper passes them to its env builder), so the chain stays open.
        open_kwargs = open_kwargs or var_kwargs
    return own or {}, via, open_kwargs


def _record(p: inspect.Parameter, owner: str) -> Parameter:
    return Parameter(
        name=p.name,
        kind=KIND_LABELS[p.kind],
        required=p.default is inspect.Parameter.empty,
        default="" if p.default is inspect.Parameter.empty else show_value(p.default),
        annotation=_annotation(p.annotation),
        defined_in=owner,
    )


def class_signature(cls: type) -> Signature:
    """The parameters ``cls(...)`` accepts, as records (see ``live_parameters``)."""
    owners = {}
    for klass, named, _ in init_chain(cls):
        for p in named:
            owners.setdefault(p.name, f"{klass.__qualname__}.__init__")
    own, via, open_kwargs = live_parameters(cls)
    return Signature(
        parameters=[_record(p, owners[p.name]) for p in own.values()],
        via_kwargs=[_record(p, owners[p.name]) for p in via.values()],
        open_kwargs=open_kwargs,
    )


def function_signature(function: Any) -> Signature:
    named, var_kwargs = parameters_of(function)
    return Signature(parameters=named, open_kwargs=var_kwargs)


def format_call(name: str, parameters: list[Parameter]) -> str:
    """``name(a, b=1, *, c=None)`` from parameter records."""
    parts: list[str] = []
    star = False
    for p in parameters:
        if p.kind == "keyword-only" and not star:
            parts.append("*")
            star = True
        parts.append(p.name if p.required else f"{p.name}={p.default}")
    return f"{name}({', '.join(parts)})"
