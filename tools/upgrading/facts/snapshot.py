"""Introspect the installed torchrl into JSON-able facts: one snapshot per release.

Standalone on purpose: standard library and torchrl's own stack only (hydra's
``ConfigStore`` is read because torchrl's configs register into it), and
nothing of this project's ``tools/``, which targets the pinned release.
``make api-snapshot RELEASE=x.y.z`` runs this file, by its path, in a throwaway
venv holding that release (``tools/wings/api_snapshot.py``); the build imports
it from ``tools.upgrading.facts`` and calls ``snapshot()`` on the pinned torchrl.

Two runs give the same bytes: every set-like collection is sorted, defaults
are shown by ``show()`` (enum members by name, classes and functions by their
dotted names, memory addresses dropped), and line numbers are not recorded.

Sections (each keyed by name, sorted):

- ``losses``: public ``LossModule`` subclasses: constructor parameters,
  the defaults of their ``_AcceptedKeys`` once instantiated, default and
  supported value estimators;
- ``estimators``: ``ValueEstimators`` members (class, ``default_value_kwargs``)
  and the exported estimator classes (constructor, accepted keys, ``forward``);
- ``updaters``, ``hooks``: exported target updaters and trainer hooks, constructors;
- ``trainers``: ``Trainer`` and its torchrl subclasses (constructor, own public
  methods) and the ``dest`` stages ``Trainer.register_op`` accepts;
- ``configs``: every Hydra config dataclass (fields: type, default; ``_target_``),
  and ``config_store``: the ConfigStore options torchrl registers;
- ``functions``: exported functions' signatures; ``exports``: each covered
  module's ``__all__`` with the kind of each name;
- ``deprecations``: deprecation and removal messages read statically from the
  source of ``torchrl/objectives`` and ``torchrl/trainers``, with the file and
  the function holding them;
- ``errors``: what could not be introspected, with the first line of the error;
- ``fixed_upstream`` (only with ``--blocks``): whether each block ran or what
  it raised, each in its own interpreter, with the digest of its code;
- ``migrations`` (only with ``--migrations``): the same for the "before" halves
  of the upgrade notes' migrations from this release.
"""

from __future__ import annotations

import ast
import bisect
import dataclasses
import enum
import functools
import importlib
import inspect
import json
import os
import re
import subprocess
import sys
import tempfile
import typing
from pathlib import Path

SCHEMA = 1

LOSS_MODULES = ("torchrl.objectives", "torchrl.objectives.llm", "torchrl.objectives.multiagent")
ESTIMATOR_MODULE = "torchrl.objectives.value"
UPDATER_MODULE = "torchrl.objectives"
TRAINER_MODULES = ("torchrl.trainers", "torchrl.trainers.algorithms")
CONFIGS_MODULE = "torchrl.trainers.algorithms.configs"
# Modules whose exports are covered: exported names (``exports``) and exported functions (``functions``).
COVERED_MODULES = (
    "torchrl.objectives",
    "torchrl.objectives.llm",
    "torchrl.objectives.multiagent",
    "torchrl.objectives.value",
    "torchrl.objectives.value.functional",
    "torchrl.trainers",
    "torchrl.trainers.algorithms",
    "torchrl.trainers.algorithms.configs",
    "torchrl.trainers.helpers",
)
# Source folders (inside the torchrl package) scanned for deprecation messages.
DEPRECATION_FOLDERS = ("objectives", "trainers")
DEPRECATION_WORDS = re.compile(r"deprecat|will be removed|has been removed|removed in", re.IGNORECASE)
DEPRECATION_CATEGORIES = {"DeprecationWarning", "FutureWarning", "PendingDeprecationWarning"}
DISTRIBUTIONS = ("torchrl", "tensordict", "torch", "hydra-core", "omegaconf")
ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")
# Where the venv that ran a block lives is this machine's business, not the release's: an error that
# names a file keeps the path from its package folder on (``site-packages/torchrl/...``).
VENV_PREFIX = re.compile(r"/[^\s()'\"]*/(?=site-packages/)")
BLOCK_TIMEOUT = 600

# ---------------------------------------------------------------------------
# Values and signatures as stable text


def show(value, _depth: int = 0) -> str:
    """A default value as text that is the same in every process."""
    if _depth > 6:
        return "..."
    nested = functools.partial(show, _depth=_depth + 1)
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
        items = sorted((nested(k), nested(v)) for k, v in value.items())
        return "{" + ", ".join(f"{k}: {v}" for k, v in items) + "}"
    if isinstance(value, (list, tuple)) and type(value) in (list, tuple):
        items = [nested(v) for v in value]
        if isinstance(value, list):
            return "[" + ", ".join(items) + "]"
        return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _show_dataclass(value, nested)
    if inspect.isroutine(value) and hasattr(value, "__qualname__"):
        module = getattr(value, "__module__", None) or ""
        return f"{module}.{value.__qualname__}".lstrip(".")
    return ADDRESS.sub("", repr(value))


def _show_dataclass(value, nested) -> str:
    """``Cls(f=v)`` naming only the fields that differ from the field's own default."""
    shown = []
    for f in dataclasses.fields(value):
        if not f.repr:
            continue
        current = getattr(value, f.name, None)
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            try:
                default = f.default_factory()
            except Exception:  # a factory that needs more than nothing: show the value
                default = dataclasses.MISSING
        else:
            default = dataclasses.MISSING
        current_text = nested(current)
        if default is dataclasses.MISSING or nested(default) != current_text:
            shown.append(f"{f.name}={current_text}")
    return f"{type(value).__name__}({', '.join(shown)})"


def annotation(value) -> str | None:
    """An annotation as written in the source (or as ``inspect`` formats an evaluated one)."""
    if value is inspect.Parameter.empty or value is dataclasses.MISSING:
        return None
    text = value if isinstance(value, str) else inspect.formatannotation(value)
    return ADDRESS.sub("", text)


KINDS = {
    inspect.Parameter.POSITIONAL_ONLY: "positional-only",
    inspect.Parameter.POSITIONAL_OR_KEYWORD: "positional-or-keyword",
    inspect.Parameter.VAR_POSITIONAL: "var-positional",
    inspect.Parameter.KEYWORD_ONLY: "keyword-only",
    inspect.Parameter.VAR_KEYWORD: "var-keyword",
}


def parameter(p: inspect.Parameter, via: str | None = None) -> dict:
    record = {"name": p.name, "kind": KINDS[p.kind]}
    if p.default is not inspect.Parameter.empty:
        record["default"] = show(p.default)
    text = annotation(p.annotation)
    if text is not None:
        record["annotation"] = text
    if via:
        record["via"] = via
    return record


def function_parameters(function, *, skip_first: bool = False) -> list[dict]:
    params = list(inspect.signature(function).parameters.values())
    return [parameter(p) for p in (params[1:] if skip_first else params)]


def constructor(cls: type) -> list[dict]:
    """Parameters a call to ``cls`` accepts, in order: its ``__init__``'s own, then those of the
    ``__init__``s further up the MRO it reaches through ``**kwargs`` (marked ``via``: the class)."""
    found: list[dict] = []
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


def signature_text(function, *, skip_first: bool = False) -> str:
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
        prefix = {p.VAR_POSITIONAL: "*", p.VAR_KEYWORD: "**"}.get(p.kind, "")
        text = prefix + p.name
        if p.default is not p.empty:
            text += f"={show(p.default)}"
        parts.append(text)
    return f"({', '.join(parts)})"


def key(value):
    """A NestedKey as JSON: a string, a list of strings, or None."""
    if isinstance(value, tuple):
        return [key(part) for part in value]
    if value is None or isinstance(value, str):
        return value
    return show(value)


def accepted_keys(cls: type) -> dict | None:
    """The defaults of ``cls._AcceptedKeys``, read from an instance (``__post_init__`` may set some)."""
    accepted = getattr(cls, "_AcceptedKeys", None)
    if accepted is None or not dataclasses.is_dataclass(accepted):
        return None
    instance = accepted()
    return {f.name: key(getattr(instance, f.name)) for f in dataclasses.fields(instance)}


def first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return f"{type(exc).__name__}: {ADDRESS.sub('', text[0]) if text else ''}".rstrip(": ").rstrip()


# ---------------------------------------------------------------------------
# Sections


class _Errors:
    def __init__(self):
        self.found: dict[str, str] = {}

    def guard(self, where: str, call, default=None):
        try:
            return call()
        except Exception as exc:  # recorded in the snapshot's ``errors``, never hidden
            self.found[where] = first_line(exc)
            return default


def _module(name: str, errors: _Errors):
    return errors.guard(f"import {name}", lambda: importlib.import_module(name))


def _exported(module) -> list[tuple[str, object]]:
    names = getattr(module, "__all__", None)
    if names is None:
        names = [n for n in vars(module) if not n.startswith("_")]
    return [(name, getattr(module, name)) for name in sorted(set(names)) if hasattr(module, name)]


def _kind(obj) -> str:
    if inspect.isclass(obj):
        return "class"
    if inspect.isroutine(obj):
        return "function"
    if inspect.ismodule(obj):
        return "module"
    return type(obj).__name__


def exports(errors: _Errors) -> dict:
    found = {}
    for name in COVERED_MODULES:
        module = _module(name, errors)
        if module is not None:
            found[name] = {n: _kind(obj) for n, obj in _exported(module)}
    return found


def functions(errors: _Errors) -> dict:
    found = {}
    for name in COVERED_MODULES:
        module = _module(name, errors)
        if module is None:
            continue
        for n, obj in _exported(module):
            if not inspect.isroutine(obj):
                continue
            where = f"{name}.{n}"

            def read(obj=obj):
                signature = inspect.signature(obj)
                record = {"parameters": function_parameters(obj), "defined_in": f"{obj.__module__}.{obj.__qualname__}"}
                returns = annotation(signature.return_annotation)
                if returns is not None:
                    record["returns"] = returns
                return record

            record = errors.guard(f"function {where}", read)
            if record is not None:
                found[where] = record
    return found


def _estimator_name(member) -> str | None:
    return None if member is None else getattr(member, "name", str(member))


def losses(errors: _Errors) -> dict:
    objectives = _module("torchrl.objectives", errors)
    if objectives is None:
        return {}
    base = objectives.LossModule
    found = {}
    for module_name in LOSS_MODULES:
        module = _module(module_name, errors)
        if module is None:
            continue
        for name, cls in _exported(module):
            if not (inspect.isclass(cls) and issubclass(cls, base) and cls is not base) or name in found:
                continue

            def read(cls=cls, module_name=module_name):
                supported = getattr(cls, "SUPPORTED_VALUE_ESTIMATORS", None)
                return {
                    "exported_from": module_name,
                    "defined_in": cls.__module__,
                    "parameters": constructor(cls),
                    "accepted_keys": errors.guard(f"loss {cls.__name__} accepted keys", lambda: accepted_keys(cls)),
                    "default_value_estimator": _estimator_name(getattr(cls, "default_value_estimator", None)),
                    "supported_value_estimators": None
                    if supported is None
                    else sorted(_estimator_name(m) for m in supported),
                }

            record = errors.guard(f"loss {name}", read)
            if record is not None:
                found[name] = record
    return found


def estimators(errors: _Errors) -> dict:
    objectives = _module("torchrl.objectives", errors)
    value = _module(ESTIMATOR_MODULE, errors)
    if objectives is None or value is None:
        return {}
    utils = importlib.import_module("torchrl.objectives.utils")
    registry = getattr(utils, "get_value_estimator_entry", None)  # absent before 0.13
    members = {}
    for member in objectives.ValueEstimators:
        record = {"value": show(member.value)}
        if registry is not None:
            record["class"] = errors.guard(
                f"estimator {member.name} registry", lambda member=member: registry(member).cls.__name__
            )
        kwargs = errors.guard(
            f"default_value_kwargs({member.name})", lambda member=member: objectives.default_value_kwargs(member)
        )
        record["default_value_kwargs"] = None if kwargs is None else {k: show(v) for k, v in sorted(kwargs.items())}
        members[member.name] = record
    base = value.ValueEstimatorBase
    classes = {}
    for name, cls in _exported(value):
        if not (inspect.isclass(cls) and issubclass(cls, base)):
            continue

        def read(cls=cls):
            return {
                "defined_in": cls.__module__,
                "parameters": constructor(cls),
                "accepted_keys": accepted_keys(cls),
                "forward": function_parameters(cls.forward, skip_first=True),
            }

        record = errors.guard(f"estimator class {name}", read)
        if record is not None:
            classes[name] = record
    return {"members": members, "classes": classes}


def _subclasses(module_names, base_name: str, errors: _Errors, *, include_base: bool) -> dict:
    found = {}
    for module_name in module_names:
        module = _module(module_name, errors)
        if module is None or not hasattr(module, base_name):
            continue
        base = getattr(module, base_name)
        for name, cls in _exported(module):
            if inspect.isclass(cls) and issubclass(cls, base) and (include_base or cls is not base):
                found.setdefault(name, (module_name, cls))
    return found


def updaters(errors: _Errors) -> dict:
    found = {}
    for name, (_module_name, cls) in sorted(
        _subclasses([UPDATER_MODULE], "TargetNetUpdater", errors, include_base=False).items()
    ):
        record = errors.guard(
            f"updater {name}", lambda cls=cls: {"defined_in": cls.__module__, "parameters": constructor(cls)}
        )
        if record is not None:
            found[name] = record
    return found


def hooks(errors: _Errors) -> dict:
    found = {}
    for name, (_module_name, cls) in sorted(
        _subclasses(["torchrl.trainers"], "TrainerHookBase", errors, include_base=False).items()
    ):
        record = errors.guard(
            f"hook {name}", lambda cls=cls: {"defined_in": cls.__module__, "parameters": constructor(cls)}
        )
        if record is not None:
            found[name] = record
    return found


def _own_methods(cls: type) -> dict:
    found = {}
    for name, value in sorted(vars(cls).items()):
        if name.startswith("_") or not inspect.isfunction(value):
            continue
        try:
            found[name] = signature_text(value, skip_first=True)
        except (TypeError, ValueError):
            continue
    return found


def register_op_stages(trainer: type) -> list[str] | None:
    function = trainer.register_op
    try:
        hint = typing.get_type_hints(function).get("dest")
        stages = list(typing.get_args(hint))
        if stages:
            return stages
    except Exception:  # annotations that do not evaluate: read the Literal's text below
        pass
    text = inspect.signature(function).parameters["dest"].annotation
    if isinstance(text, str) and "Literal" in text:
        return re.findall(r"['\"]([^'\"]+)['\"]", text)
    return None


def trainers(errors: _Errors) -> dict:
    for module_name in TRAINER_MODULES:
        _module(module_name, errors)
    module = _module("torchrl.trainers", errors)
    if module is None:
        return {}
    base = module.Trainer
    classes = {"Trainer": base}
    stack = [base]
    while stack:
        for sub in stack.pop().__subclasses__():
            if sub.__module__.startswith("torchrl.") and sub.__name__ not in classes:
                classes[sub.__name__] = sub
                stack.append(sub)
    found = {}
    for name, cls in sorted(classes.items()):
        record = errors.guard(
            f"trainer {name}",
            lambda cls=cls: {
                "defined_in": cls.__module__,
                "parameters": constructor(cls),
                "methods": _own_methods(cls),
            },
        )
        if record is not None:
            found[name] = record
    return {
        "classes": found,
        "register_op_stages": errors.guard("Trainer.register_op stages", lambda: register_op_stages(base)),
    }


def _field_default(f: dataclasses.Field):
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return dataclasses.MISSING


def config_class(cls: type) -> dict:
    fields = {}
    target = None
    for f in dataclasses.fields(cls):
        default = _field_default(f)
        if f.name == "_target_":
            target = None if default is dataclasses.MISSING else default
            continue
        record = {"type": annotation(f.type)}
        if default is not dataclasses.MISSING:
            record["default"] = show(default)
        fields[f.name] = record
    try:  # what the defaults become once __post_init__ ran, where that differs
        instance = cls()
    except Exception:
        instance = None
    if instance is not None:
        for name, record in fields.items():
            resolved = show(getattr(instance, name, None))
            if "default" in record and resolved != record["default"]:
                record["resolved"] = resolved
    return {"defined_in": cls.__module__, "target": target, "fields": fields}


def _store_nodes() -> dict[str, type | None]:
    """``group/option`` -> dataclass, for each ConfigStore node torchrl registered (importing its configs fills it)."""
    from hydra.core.config_store import ConfigStore
    from omegaconf import OmegaConf

    found: dict[str, type | None] = {}

    def walk(tree: dict, group: str) -> None:
        for name, value in tree.items():
            if isinstance(value, dict):
                walk(value, f"{group}/{name}" if group else name)
            elif getattr(value, "provider", None) != "hydra" and group:
                try:
                    cls = OmegaConf.get_type(value.node)
                except Exception:  # a node without a structured type: kept, without a class
                    cls = None
                if cls is None or getattr(cls, "__module__", "").startswith("torchrl"):
                    found[f"{group}/{name.removesuffix('.yaml')}"] = cls

    walk(ConfigStore.instance().repo, "")
    return found


def configs(errors: _Errors) -> tuple[dict, dict]:
    """Every config dataclass (exported, or stored in the ConfigStore), and the store's options."""
    module = _module(CONFIGS_MODULE, errors)
    if module is None:
        return {}, {}
    classes = {n: c for n, c in _exported(module) if inspect.isclass(c) and dataclasses.is_dataclass(c)}
    nodes = errors.guard("config store", _store_nodes, default={})
    for cls in nodes.values():
        if isinstance(cls, type) and dataclasses.is_dataclass(cls):
            classes.setdefault(cls.__name__, cls)
    store = {option: getattr(cls, "__name__", None) for option, cls in sorted(nodes.items())}
    found = {}
    for name, cls in sorted(classes.items()):
        record = errors.guard(f"config {name}", lambda cls=cls: config_class(cls))
        if record is not None:
            found[name] = record
    return found, store


# ---------------------------------------------------------------------------
# Deprecation messages, read from the source


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
        self.found: list[dict] = []
        self.assigned: list[dict[str, ast.AST]] = [{}]
        self.docstrings: set[int] = set()
        self.used: set[int] = set()
        self.candidates: list[tuple[int, str, str]] = []  # (node id, scope, text)
        self.lines = [i for i, line in enumerate(source.splitlines(), 1) if _INTERESTING.search(line)]

    def _interesting(self, node: ast.AST) -> bool:
        start = min([node.lineno, *(d.lineno for d in getattr(node, "decorator_list", ()))])
        end = getattr(node, "end_lineno", None) or node.lineno
        i = bisect.bisect_left(self.lines, start)
        return i < len(self.lines) and self.lines[i] <= end

    def generic_visit(self, node) -> None:
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

    def _mark_docstring(self, node) -> None:
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

    def _scoped(self, node) -> None:
        self._mark_docstring(node)
        self.scope.append(node.name)
        self.assigned.append({})
        self.generic_visit(node)
        self.assigned.pop()
        self.scope.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _scoped

    def visit_Module(self, node) -> None:
        self._mark_docstring(node)
        self.generic_visit(node)

    def visit_Assign(self, node) -> None:
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

    def visit_Call(self, node) -> None:
        if _is_warn(node) and node.args:
            category = _warn_category(node) or "UserWarning"
            text, source = self._resolve(node.args[0])
            if text is not None and (category in DEPRECATION_CATEGORIES or DEPRECATION_WORDS.search(text)):
                self._record(f"warn {category}", text)
                self._mark_used(source)
        self.generic_visit(node)

    def visit_Raise(self, node) -> None:
        exc = node.exc
        if isinstance(exc, ast.Call) and exc.args:
            text, source = self._resolve(exc.args[0])
            if text is not None and DEPRECATION_WORDS.search(text):
                self._record(f"raise {ast.unparse(exc.func)}", text)
                self._mark_used(source)
        self.generic_visit(node)

    def _mark_used(self, node) -> None:
        for sub in ast.walk(node):
            self.used.add(id(sub))

    def scan(self, tree: ast.AST) -> list[dict]:
        self.visit(tree)
        for node_id, scope, text in self.candidates:
            if node_id not in self.used and node_id not in self.docstrings:
                self._record("string", text, scope)
        return self.found


def deprecations(errors: _Errors) -> list[dict]:
    torchrl = _module("torchrl", errors)
    if torchrl is None:
        return []
    root = Path(torchrl.__file__).parent
    found = []
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
                errors.found[f"parse {relative}"] = first_line(exc)
                continue
            found.extend(_DeprecationScanner(relative, source).scan(tree))
    unique = {json.dumps(item, sort_keys=True): item for item in found}
    return [unique[k] for k in sorted(unique)]


# ---------------------------------------------------------------------------
# Versions, the whole snapshot, and the fixed-upstream blocks


def versions() -> dict:
    from importlib import metadata

    found = {"python": f"{sys.version_info.major}.{sys.version_info.minor}"}
    for name in DISTRIBUTIONS:
        try:
            found[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            found[name] = None
    return found


def snapshot() -> dict:
    """Every fact this module reads from the installed torchrl, JSON-able and deterministic."""
    import warnings

    errors = _Errors()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # import-time warnings of modules this reads are not facts it records
        facts = _read(errors)
    facts["errors"] = dict(sorted(errors.found.items()))
    return facts


def _read(errors: _Errors) -> dict:
    config_classes, store = configs(errors)
    return {
        "schema": SCHEMA,
        "versions": versions(),
        "losses": losses(errors),
        "estimators": estimators(errors),
        "updaters": updaters(errors),
        "hooks": hooks(errors),
        "trainers": trainers(errors),
        "configs": config_classes,
        "config_store": store,
        "functions": functions(errors),
        "exports": exports(errors),
        "deprecations": deprecations(errors),
    }


RUNNER = r"""
import json, runpy, sys, warnings
warnings.simplefilter("ignore")
try:
    runpy.run_path(sys.argv[1], run_name="__main__")
except BaseException as exc:
    lines = str(exc).strip().splitlines()
    print("\n" + json.dumps({"result": "raised", "error": (type(exc).__name__ + ": " + (lines[0] if lines else "")).rstrip(": ")}))
else:
    print("\n" + json.dumps({"result": "ran"}))
"""


def block_digest(text: str) -> str:
    """Recorded beside a block's outcome: a later edit of the block makes the record stale, visibly."""
    import hashlib

    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def run_block(path: Path, python: str = sys.executable) -> dict:
    """Run one file in a fresh interpreter (empty temporary folder as cwd): ran, or the first line it raised;
    with the digest of the code that did it."""
    return {**_run_block(path, python), "digest": block_digest(path.read_text(encoding="utf-8"))}


def _run_block(path: Path, python: str) -> dict:
    env = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONHASHSEED": "0"}
    with tempfile.TemporaryDirectory() as cwd:
        try:
            done = subprocess.run(
                [python, "-c", RUNNER, str(path.resolve())],
                cwd=cwd,
                env=env,
                capture_output=True,
                text=True,
                timeout=BLOCK_TIMEOUT,
            )
        except subprocess.TimeoutExpired:
            return {"result": "timeout", "error": f"no end after {BLOCK_TIMEOUT} s"}
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        tail = (done.stderr.strip().splitlines() or [""])[-1]
        return {"result": "crashed", "error": f"exit {done.returncode}: {VENV_PREFIX.sub('', ADDRESS.sub('', tail))}"}
    outcome = json.loads(lines[-1])
    if "error" in outcome:
        outcome["error"] = VENV_PREFIX.sub("", outcome["error"])
    return outcome


def run_blocks(folder: Path, suffix: str = ".py") -> dict:
    """Every ``*<suffix>`` file of ``folder``, by name without the suffix."""
    paths = sorted(Path(folder).glob(f"*{suffix}"))
    return {path.name.removesuffix(suffix): run_block(path) for path in paths}


def dumps(facts: dict) -> str:
    """Sorted JSON, one line per object (a loss, a config, a function, a message): compact, and a
    change between two snapshots shows as a changed line in ``git diff``."""

    def one_line(value) -> str:
        return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))

    def emit(value, depth: int) -> str:
        text = one_line(value)
        expand = (
            isinstance(value, (dict, list)) and value and (depth < 2 or (isinstance(value, dict) and len(text) > 4000))
        )
        if not expand:
            return text
        pad, inner = " " * depth, " " * (depth + 1)
        if isinstance(value, list):
            return "[\n" + ",\n".join(inner + emit(v, depth + 1) for v in value) + "\n" + pad + "]"
        items = [f"{inner}{json.dumps(k, ensure_ascii=False)}:{emit(value[k], depth + 1)}" for k in sorted(value)]
        return "{\n" + ",\n".join(items) + "\n" + pad + "}"

    return emit(facts, 0) + "\n"


def main(argv: list[str] | None = None) -> int:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-o", "--output", type=Path, help="write the JSON here (default: standard output)")
    parser.add_argument("--blocks", type=Path, help="also run every *.py of this folder, each in its own interpreter")
    parser.add_argument(
        "--migrations", type=Path, help="also run every *.before.py of this folder (the upgrade notes' 'before' halves)"
    )
    args = parser.parse_args(argv)
    import time

    started = time.monotonic()
    facts = snapshot()
    print(f"introspection: {time.monotonic() - started:.1f} s", file=sys.stderr)
    if args.blocks:
        started = time.monotonic()
        facts["fixed_upstream"] = run_blocks(args.blocks)
        print(f"{len(facts['fixed_upstream'])} blocks: {time.monotonic() - started:.1f} s", file=sys.stderr)
    if args.migrations:
        started = time.monotonic()
        facts["migrations"] = run_blocks(args.migrations, ".before.py") if args.migrations.is_dir() else {}
        print(f"{len(facts['migrations'])} migrations: {time.monotonic() - started:.1f} s", file=sys.stderr)
    text = dumps(facts)
    if args.output:
        args.output.parent.mkdir(parents=True, exist_ok=True)
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
