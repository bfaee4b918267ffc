"""Read call signatures from the installed code: names, kinds, defaults, annotations.

The one place the site reads signatures with ``inspect`` (losses, estimators,
target updaters, trainers, hooks, the config parity audit).  A class's
``__init__`` is followed up the MRO while it passes ``**kwargs`` on, so a thin
subclass shows what its parent accepts.  Defaults are shown as a reader would
write them in Python (``show_value``); annotations as written in torchrl's
source, without module paths (``annotation_text``).  ``stable_text`` is the
text of a value that is the same in every process and every release (sets
sorted, memory addresses dropped): what the API snapshots record.

Imports only the standard library: the snapshot of an older torchrl runs it in
a venv where nothing of this project is installed.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import inspect
import re
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

KIND_LABELS: dict[inspect._ParameterKind, str] = {
    inspect.Parameter.POSITIONAL_ONLY: "positional",
    inspect.Parameter.POSITIONAL_OR_KEYWORD: "positional or keyword",
    inspect.Parameter.KEYWORD_ONLY: "keyword-only",
}
# The catch-alls (``*args``, ``**kwargs``) are kept apart from the named parameters.
CATCH_ALL_LABELS: dict[inspect._ParameterKind, str] = {
    inspect.Parameter.VAR_POSITIONAL: "var-positional",
    inspect.Parameter.VAR_KEYWORD: "var-keyword",
}
CATCH_ALL_PREFIX = {"var-positional": "*", "var-keyword": "**"}


@dataclass(frozen=True)
class Parameter:
    name: str
    kind: str  # one of KIND_LABELS' values (CATCH_ALL_LABELS' for a catch-all)
    required: bool
    default: str  # Python-like text of the default; "" when required
    annotation: str  # as written in the source, module paths dropped; "" when absent
    defined_in: str  # qualified name of the function that names the parameter

    @property
    def declared_by(self) -> str:
        """For a constructor parameter, the class whose ``__init__`` names it (``GAE``)."""
        return self.defined_in.removesuffix(".__init__")

    def text(self, *, annotated: bool = True) -> str:
        """``name: T = 1`` (annotated) or ``name=1``, spaced as Python prints a signature."""
        text = CATCH_ALL_PREFIX.get(self.kind, "") + self.name
        if annotated and self.annotation:
            text += f": {self.annotation}"
            return text if self.required else f"{text} = {self.default}"
        return text if self.required else f"{text}={self.default}"


@dataclass(frozen=True)
class Signature:
    """The named parameters a class (or function) accepts."""

    parameters: list[Parameter] = field(default_factory=list)
    # Named further up the **kwargs chain (a subclass passing **kwargs to its base).
    via_kwargs: list[Parameter] = field(default_factory=list)
    # Some __init__ on the chain takes **kwargs: an unnamed argument is not
    # rejected by the signature (it may be consumed or forwarded further).
    open_kwargs: bool = False
    # The catch-alls beside ``parameters`` (same function), for the one-line text.
    var_positional: Parameter | None = None
    var_keyword: Parameter | None = None

    def names(self) -> list[str]:
        return [p.name for p in self.parameters]

    def all(self) -> list[Parameter]:
        """Every named parameter a call accepts: its own, then those reached through ``**kwargs``."""
        return [*self.parameters, *self.via_kwargs]

    def get(self, name: str) -> Parameter | None:
        for parameter in self.all():
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


MEMORY_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
# Containers and dataclasses nested deeper than this are shown as "...".
STABLE_DEPTH = 6


def stable_text(value: Any, _depth: int = 0) -> str:
    """A value as text that is the same in every process: sets sorted, dicts by key, addresses dropped."""
    if _depth > STABLE_DEPTH:
        return "..."
    nested = functools.partial(stable_text, _depth=_depth + 1)
    if isinstance(value, enum.Enum):  # first: a str or int enum member is shown by name too
        return f"{type(value).__name__}.{value.name}"
    if value is None or isinstance(value, (bool, int, float, complex, str, bytes)):
        return repr(value)
    if isinstance(value, type):
        return f"{value.__module__}.{value.__qualname__}"
    if isinstance(value, functools.partial):
        parts = [nested(value.func), *map(nested, value.args)]
        parts += [f"{k}={nested(v)}" for k, v in sorted(value.keywords.items())]
        return f"functools.partial({', '.join(parts)})"
    if isinstance(value, (set, frozenset)):
        items = sorted(map(nested, value))
        return f"{type(value).__name__}({{{', '.join(items)}}})" if items else f"{type(value).__name__}()"
    if isinstance(value, dict):
        pairs = sorted((nested(k), nested(v)) for k, v in value.items())
        return "{" + ", ".join(f"{k}: {v}" for k, v in pairs) + "}"
    if type(value) in (list, tuple):
        return _stable_sequence(value, nested)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _stable_dataclass(value, nested)
    if inspect.isroutine(value) and hasattr(value, "__qualname__"):
        module = getattr(value, "__module__", None) or ""
        return f"{module}.{value.__qualname__}".lstrip(".")
    return MEMORY_ADDRESS.sub("", repr(value))


def _stable_sequence(value: list[Any] | tuple[Any, ...], nested: Callable[[Any], str]) -> str:
    items = [nested(v) for v in value]
    if isinstance(value, list):
        return "[" + ", ".join(items) + "]"
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"


def _stable_dataclass(value: Any, nested: Callable[[Any], str]) -> str:
    """``Cls(f=v)`` naming only the fields that differ from the field's own default."""
    shown = []
    for f in dataclasses.fields(value):
        if not f.repr:
            continue
        current_text = nested(getattr(value, f.name, None))
        try:
            default = field_default(f)
        except Exception:  # a factory that needs more than nothing: the value is shown
            default = dataclasses.MISSING
        if default is dataclasses.MISSING or nested(default) != current_text:
            shown.append(f"{f.name}={current_text}")
    return f"{type(value).__name__}({', '.join(shown)})"


def field_default(f: dataclasses.Field[Any]) -> Any:
    """A dataclass field's default (its factory called), or ``dataclasses.MISSING``."""
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return dataclasses.MISSING


DOTTED_PREFIX = re.compile(r"\b(?:[A-Za-z_]\w*\.)+(?=[A-Za-z_])")


def annotation_text(annotation: Any, *, keep_modules: bool = False) -> str:
    """The annotation as a reader would write it: ``Optimizer | None``, not module paths.

    ``keep_modules`` keeps the text as written (or as ``inspect`` formats an
    evaluated annotation), for code that compares annotations rather than shows them.
    """
    if annotation is inspect.Parameter.empty:
        return ""
    text = annotation if isinstance(annotation, str) else inspect.formatannotation(annotation)
    return text if keep_modules else DOTTED_PREFIX.sub("", text)


def _record(p: inspect.Parameter, owner: str) -> Parameter:
    return Parameter(
        name=p.name,
        kind=KIND_LABELS.get(p.kind) or CATCH_ALL_LABELS[p.kind],
        required=p.default is inspect.Parameter.empty,
        default="" if p.default is inspect.Parameter.empty else show_value(p.default),
        annotation=annotation_text(p.annotation),
        defined_in=owner,
    )


def _catch_alls(params: list[inspect.Parameter], owner: str) -> dict[str, Parameter]:
    """``{"var-positional": ..., "var-keyword": ...}`` for the catch-alls among ``params``."""
    return {CATCH_ALL_LABELS[p.kind]: _record(p, owner) for p in params if p.kind in CATCH_ALL_LABELS}


def function_signature(function: Any, *, skip_first: bool = False) -> Signature:
    """The parameters of ``function`` (``skip_first`` drops ``self`` of a function read off a class)."""
    params = list(inspect.signature(function).parameters.values())
    if skip_first and params:
        params = params[1:]
    owner = getattr(function, "__qualname__", repr(function))
    catch_alls = _catch_alls(params, owner)
    return Signature(
        parameters=[_record(p, owner) for p in params if p.kind in KIND_LABELS],
        open_kwargs="var-keyword" in catch_alls,
        var_positional=catch_alls.get("var-positional"),
        var_keyword=catch_alls.get("var-keyword"),
    )


def parameters_of(function: Any, *, skip_first: bool = False) -> tuple[list[Parameter], bool]:
    """Named parameters of ``function`` and whether it takes ``**kwargs``."""
    signature = function_signature(function, skip_first=skip_first)
    return signature.parameters, signature.open_kwargs


@dataclass(frozen=True)
class _Init:
    """One ``__init__`` a call to a class goes through."""

    cls: type
    named: list[inspect.Parameter]
    catch_alls: list[inspect.Parameter]  # the ``*args``/``**kwargs`` a reader sees declared
    var_kwargs: bool  # it takes **kwargs (and may pass them up the MRO)

    @property
    def qualname(self) -> str:
        return f"{self.cls.__qualname__}.__init__"


def _split(function: Any) -> tuple[list[inspect.Parameter], list[inspect.Parameter]]:
    """(named, catch-alls) of a method, ``self`` dropped."""
    params = list(inspect.signature(function).parameters.values())[1:]
    return [p for p in params if p.kind in KIND_LABELS], [p for p in params if p.kind in CATCH_ALL_LABELS]


def _inits(cls: type) -> list[_Init]:
    """Each ``__init__`` a call to ``cls`` goes through, up the MRO while it takes ``**kwargs``.

    A typed ``@overload`` set stands for an ``__init__(*args, **kwargs)``: its
    parameters are the overloads' (merged), the walk goes on if the
    implementation takes ``**kwargs``.
    """
    chain = []
    for klass in cls.__mro__:
        if klass is object or "__init__" not in vars(klass):
            continue
        init = vars(klass)["__init__"]
        try:
            named, catch_alls = _split(init)
        except (TypeError, ValueError):  # a C-level __init__ names nothing we can read
            break
        var_kwargs = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in catch_alls)
        overloads = typing.get_overloads(init)
        if overloads:
            merged: dict[str, inspect.Parameter] = {}
            shown: dict[str, inspect.Parameter] = {}
            for overload in overloads:
                overload_named, overload_catch_alls = _split(overload)
                for parameter in overload_named:
                    merged.setdefault(parameter.name, parameter)
                for parameter in overload_catch_alls:
                    shown.setdefault(parameter.name, parameter)
            named, catch_alls = list(merged.values()), list(shown.values())
        chain.append(_Init(klass, named, catch_alls, var_kwargs))
        if not var_kwargs:
            break
    return chain


def _walk(cls: type) -> tuple[_Init | None, dict[str, tuple[inspect.Parameter, _Init]], bool]:
    """The ``__init__`` naming the own parameters, those named further up (with where), open or not."""
    own: _Init | None = None
    via: dict[str, tuple[inspect.Parameter, _Init]] = {}
    open_kwargs = False
    for init in _inits(cls):
        if own is None:
            if init.named:
                own = init
        else:
            own_names = {p.name for p in own.named}
            for p in init.named:
                if p.name not in own_names:
                    via.setdefault(p.name, (p, init))
        # Any level that takes **kwargs may consume names itself (GymEnv's
        # wrapper passes them to its env builder), so the chain stays open.
        open_kwargs = open_kwargs or init.var_kwargs
    return own, via, open_kwargs


def live_parameters(cls: type) -> tuple[dict[str, inspect.Parameter], dict[str, inspect.Parameter], bool]:
    """(own, via **kwargs, open) parameters of ``cls(...)`` as ``inspect.Parameter`` objects.

    *Own* are those of the first ``__init__`` that names any; *via **kwargs*
    are named further up the chain; *open* says some ``__init__`` on the way
    takes ``**kwargs``, so an unnamed argument is not rejected by a signature.
    """
    own, via, open_kwargs = _walk(cls)
    return ({p.name: p for p in own.named} if own else {}), {n: p for n, (p, _) in via.items()}, open_kwargs


def class_signature(cls: type) -> Signature:
    """The parameters ``cls(...)`` accepts, as records (see ``live_parameters``)."""
    own, via, open_kwargs = _walk(cls)
    if own is None:
        return Signature(open_kwargs=open_kwargs)
    catch_alls = _catch_alls(own.catch_alls, own.qualname)
    return Signature(
        parameters=[_record(p, own.qualname) for p in own.named],
        via_kwargs=[_record(p, init.qualname) for p, init in via.values()],
        open_kwargs=open_kwargs,
        var_positional=catch_alls.get("var-positional"),
        var_keyword=catch_alls.get("var-keyword"),
    )


def format_signature(name: str, signature: Signature, *, annotated: bool = True) -> str:
    """``Name(a: T = 1, /, b: U = 2, *args, c: V = 3, **kwargs)``: its own parameters and catch-alls.

    The markers Python puts between the kinds (``/``, ``*``) are included;
    parameters reached only through ``**kwargs`` are not spelled out: the line
    shows what the function itself declares.
    """

    def shown(kind: str) -> list[str]:
        return [p.text(annotated=annotated) for p in signature.parameters if p.kind == kind]

    positional_only, keyword_only = shown("positional"), shown("keyword-only")
    var_positional, var_keyword = signature.var_positional, signature.var_keyword
    star = [var_positional.text(annotated=annotated)] if var_positional else ["*"] if keyword_only else []
    parts = [
        *positional_only,
        *(["/"] if positional_only else []),
        *shown("positional or keyword"),
        *star,
        *keyword_only,
        *([var_keyword.text(annotated=annotated)] if var_keyword else []),
    ]
    return f"{name}({', '.join(parts)})"


def format_call(name: str, parameters: list[Parameter]) -> str:
    """``name(a, b=1, *, c=None)`` from parameter records."""
    return format_signature(name, Signature(parameters), annotated=False)


# As black prints a call: on one line when it fits, else one argument per line.
SIGNATURE_WIDTH = 88
_OPENING, _CLOSING = "([{", ")]}"


def _top_level_arguments(inside: str) -> list[str]:
    """Split ``a: T = f(1, 2), b='x,y'`` at the commas that separate arguments (not those nested or quoted)."""
    parts, depth, quote, start = [], 0, "", 0
    for index, char in enumerate(inside):
        if quote:
            if char == quote and inside[index - 1] != "\\":
                quote = ""
        elif char in "'\"":
            quote = char
        elif char in _OPENING:
            depth += 1
        elif char in _CLOSING:
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(inside[start:index].strip())
            start = index + 1
    tail = inside[start:].strip()
    return parts + ([tail] if tail else [])


def wrap_signature(one_line: str, width: int = SIGNATURE_WIDTH) -> str:
    """``Name(a, b=1)`` as a formatter prints it: kept when it fits ``width``, else one argument per line.

    Takes the one-line text ``format_signature`` returns, so records keep a single
    form and only pages lay it out (a line of hundreds of characters scrolls forever on a phone).
    """
    if len(one_line) <= width or "(" not in one_line or not one_line.endswith(")"):
        return one_line
    name, _, inside = one_line.partition("(")
    arguments = _top_level_arguments(inside[:-1])
    if not arguments:
        return one_line
    return name + "(\n" + "".join(f"    {argument},\n" for argument in arguments) + ")"
