"""data/sota.json checked against the installed torchrl: classes, argument defaults, trainer configs.

* every class the map names is imported from the module the script imports it
  from: ``ok``, ``missing`` (with the error) or ``deprecated`` (defined in a
  ``deprecated`` module, or its own ``__init__`` warns unconditionally with a
  DeprecationWarning or FutureWarning);
* the kind the scanner gave each class (loss, updater, collector...) must be
  what the installed class is, or the build fails naming ``classify.py``;
* every argument whose value the code tells is compared with the installed
  default of the parameter it lands on;
* each ``*_trainer`` config's classes are what its composed ``trainer`` node
  instantiates: the nodes ``make sota-compose`` found on the trainer's
  instantiation path (``tools.sota.facts.compositions``; composing costs Hydra
  too long per config for every build, so it is stored keyed on the pins), each
  mapped to its class by the config survey, the one record of what a config
  builds (``tools.config_groups``: measured by instantiating for loss
  factories, with the node's own selector values).  A node the YAML inherits
  but the trainer never reaches (a mixer loss in an IQL config that extends
  QMIX's) builds nothing and is not listed.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import textwrap
from dataclasses import dataclass, field
from typing import Any

from tools.config_groups.facts.introspect import import_object
from tools.core.errors import error_text
from tools.core.signatures import live_parameters, show_value
from tools.core.silence import quiet
from tools.core.values import same_value
from tools.sota.facts.compositions import InstantiatedNode, StoredCompositions
from tools.sota.facts.records import Construction, SotaMap

# The kinds whose arguments the page compares with the installed defaults: the ones that decide the loss
# and the loop (collectors and buffers take sizes that have no meaningful default).
COMPARED_KINDS = frozenset({"loss", "make_value_estimator", "value_estimator", "target_updater", "trainer"})

# ValueEstimators member -> the estimator class make_value_estimator builds for it.
ESTIMATOR_CLASSES = {
    "TD0": "TD0Estimator",
    "TD1": "TD1Estimator",
    "TDLambda": "TDLambdaEstimator",
    "GAE": "GAE",
    "VTrace": "VTrace",
}


class SotaCheckError(Exception):
    """The map and the installed torchrl disagree in a way the page cannot show honestly."""


@dataclass(frozen=True)
class ClassCheck:
    name: str
    module: str  # where the script imports it from
    kind: str
    status: str  # ok | missing | deprecated
    detail: str = ""  # missing: the import error; deprecated: why the build thinks so


@dataclass(frozen=True)
class ArgumentCheck:
    directory: str
    source_file: str  # the script (or trainer config) the value comes from
    kind: str  # the kind of the class it is passed to (or "make_value_estimator")
    owner: str  # the class the argument is passed to ("SACLoss", "TD0Estimator via SACLoss.make_value_estimator")
    parameter: str
    script_value: str  # the script's value, as Python text
    config_keys: list[str]
    default: str  # the installed default as Python text, "required", or "" when not a named parameter
    status: str  # same | differs | required | not-a-parameter
    file: str = ""  # where the code passes it (relative to the SOTA directory), "" for a config
    line: int = 0


@dataclass(frozen=True)
class TrainerConfigClasses:
    directory: str
    file: str
    # Each node the composed trainer instantiates: "path (node)" -> the class it builds ("" unknown).
    classes: dict[str, str] = field(default_factory=dict)
    kinds: dict[str, list[str]] = field(default_factory=dict)  # kind -> class names


@dataclass(frozen=True)
class SotaCheck:
    classes: list[ClassCheck]
    arguments: list[ArgumentCheck]
    trainer_configs: list[TrainerConfigClasses]
    default_estimators: dict[str, str]  # loss -> its default ValueEstimators member (installed)

    def status(self, module: str, name: str) -> ClassCheck | None:
        for c in self.classes:
            if c.module == module and c.name == name:
                return c
        return None


# --- classes ----------------------------------------------------------------------------------


def installed_kind(cls: type) -> str | None:
    from torchrl.collectors import BaseCollector
    from torchrl.data import ReplayBuffer
    from torchrl.data.datasets.common import BaseDatasetExperienceReplay
    from torchrl.data.replay_buffers import Sampler, Storage
    from torchrl.envs import EnvBase
    from torchrl.objectives import LossModule, TargetNetUpdater
    from torchrl.objectives.value import ValueEstimatorBase
    from torchrl.trainers import Trainer

    for base, kind in (
        (LossModule, "loss"),
        (TargetNetUpdater, "target_updater"),
        (ValueEstimatorBase, "value_estimator"),
        (Trainer, "trainer"),
        (BaseCollector, "collector"),
        (BaseDatasetExperienceReplay, "dataset"),
        (ReplayBuffer, "replay_buffer"),
        (Sampler, "sampler"),
        (Storage, "storage"),
        (EnvBase, "env"),
    ):
        if isinstance(cls, type) and issubclass(cls, base):
            return kind
    # A composite buffer that is not a ReplayBuffer subclass (OfflineToOnlineReplayBuffer) still samples and extends.
    if isinstance(cls, type) and callable(getattr(cls, "sample", None)) and callable(getattr(cls, "extend", None)):
        return "replay_buffer"
    return None


def _warns_deprecation(cls: type) -> str:
    """The text of a DeprecationWarning/FutureWarning the class's own __init__ raises on every call."""
    init = cls.__dict__.get("__init__")
    if init is None:
        return ""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(init)))
    except (OSError, TypeError, SyntaxError):
        return ""
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.FunctionDef) else []
    for statement in body:  # top level only: a warning inside an `if` is about some argument
        call = statement.value if isinstance(statement, ast.Expr) else None
        if not isinstance(call, ast.Call):
            continue
        name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", "")
        categories = [a for a in [*call.args, *(k.value for k in call.keywords)] if isinstance(a, ast.Name)]
        if name == "warn" and any(c.id in {"DeprecationWarning", "FutureWarning"} for c in categories):
            parts = (
                [n.value for n in ast.walk(call.args[0]) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
                if call.args
                else []
            )
            return " ".join("".join(parts).split())
    return ""


def check_class(module: str, name: str, kind: str) -> ClassCheck:
    try:
        with quiet():
            cls = getattr(importlib.import_module(module), name)
    except Exception as exc:  # ImportError, AttributeError, or whatever the import raises
        return ClassCheck(name, module, kind, "missing", error_text(exc, lines=1))
    found = installed_kind(cls)
    if found != kind:
        raise SotaCheckError(
            f"data/sota.json sorts {module}.{name} as {kind!r}, but the installed class is "
            f"{'a ' + found if found else 'none of the kinds the map follows'}; fix kind_of() in tools/sota/facts/classify.py "
            "and run 'make sota-data'"
        )
    if "deprecated" in cls.__module__.split(".") or "deprecated" in name.lower():
        return ClassCheck(name, module, kind, "deprecated", f"defined in {cls.__module__}")
    warned = _warns_deprecation(cls)
    if warned:
        return ClassCheck(name, module, kind, "deprecated", f"its constructor warns: {warned}")
    return ClassCheck(name, module, kind, "ok")


# --- arguments vs installed defaults -----------------------------------------------------------


def _compare(cls: type, parameter: str, value: Any) -> tuple[str, str, str]:
    """(parameter name, installed default text, status) for one known script value."""
    own, via, _ = live_parameters(cls)
    if parameter.startswith("#"):
        positional = [p for p in own.values() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        index = int(parameter[1:])
        if index >= len(positional):
            return parameter, "", "not-a-parameter"
        parameter = positional[index].name
    found = own.get(parameter) or via.get(parameter)
    if found is None:
        return parameter, "", "not-a-parameter"
    if found.default is inspect.Parameter.empty:
        return parameter, "required", "required"
    return parameter, show_value(found.default), "same" if same_value(value, found.default) else "differs"


def _import(module: str, name: str) -> type | None:
    try:
        with quiet():
            return getattr(importlib.import_module(module), name)
    except Exception:
        return None


def _estimator_for(c: Construction, default_estimators: dict[str, str]) -> str:
    """The ValueEstimators member a make_value_estimator call asks for (its value_type, or the loss's default)."""
    for a in c.arguments:
        if a.name == "value_type":
            return str(a.value or "").rsplit(".", 1)[-1] if a.source in {"torchrl", "literal"} else ""
    losses = c.on.split(" or ") if c.on else []
    members = {default_estimators.get(loss, "") for loss in losses}
    return members.pop() if len(members) == 1 else ""


def _argument_checks(directory: str, script: str, c: Construction, default_estimators: dict[str, str]) -> list:
    known = [a for a in c.arguments if a.source in {"literal", "config", "computed"} and not a.name.startswith(("*",))]
    if not known:
        return []
    import torchrl.objectives.value as estimators

    if c.kind == "make_value_estimator":
        member = _estimator_for(c, default_estimators)
        cls = getattr(estimators, ESTIMATOR_CLASSES.get(member, ""), None) if member else None
        owner = (
            f"{cls.__name__} via {c.on or 'the loss'}.make_value_estimator"
            if cls
            else f"{c.on or 'loss'}.make_value_estimator"
        )
    else:
        cls, owner = _import(c.module, c.name), c.name
    out = []
    for a in known:
        if a.name == "value_type":
            continue
        given = show_value(a.value)
        if cls is None:
            out.append(
                ArgumentCheck(
                    directory,
                    script,
                    c.kind,
                    owner,
                    a.name,
                    given,
                    a.config_keys,
                    "",
                    "not-a-parameter",
                    c.file,
                    c.line,
                )
            )
            continue
        parameter, default, status = _compare(cls, a.name, a.value)
        out.append(
            ArgumentCheck(
                directory, script, c.kind, owner, parameter, given, a.config_keys, default, status, c.file, c.line
            )
        )
    return out


def default_estimators(classes: set[tuple[str, str]]) -> dict[str, str]:
    """Loss class name -> its ``default_value_estimator`` member, read from the installed class."""
    out = {}
    for module, name in sorted(classes):
        cls = _import(module, name)
        member = getattr(cls, "default_value_estimator", None) if cls is not None else None
        if member is not None:
            out[name] = getattr(member, "name", str(member))
    return out


# --- trainer configs: what their defaults lists pick ----------------------------------------------


def _flatten(node: Any, prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    if isinstance(node, dict):
        for key, value in node.items():
            out.update(_flatten(value, f"{prefix}.{key}" if prefix else str(key)))
    elif node is None or isinstance(node, (str, int, float, bool)):
        out[prefix] = node
    return out


def _node_class(node: InstantiatedNode, survey) -> str:
    """The qualified class a node of the trainer's instantiation path builds ("" when unknown)."""
    if node.config:
        try:
            return survey.builds(node.config, node.values)
        except KeyError:  # a dataclass the ConfigStore does not hold: read its target below
            pass
        except ValueError as exc:
            raise SotaCheckError(f"{node.key} ({node.config}): {exc}; run 'make sota-compose' after fixing") from None
    try:
        with quiet():
            obj = import_object(node.target)
    except Exception:  # the target does not exist on the installed torchrl
        return ""
    if isinstance(obj, type):
        return f"{obj.__module__}.{obj.__qualname__}"
    returned = inspect.signature(obj).return_annotation if callable(obj) else None
    return f"{returned.__module__}.{returned.__qualname__}" if isinstance(returned, type) else ""


def _literal(text: str) -> Any:
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return text


def trainer_config_classes(
    directory, survey, stored: StoredCompositions | None
) -> tuple[list[TrainerConfigClasses], list[ArgumentCheck]]:
    """Each trainer config's instantiation path (stored by ``make sota-compose``) mapped to classes through
    the config survey, and the values the composed nodes set compared with the defaults of those classes."""
    records, arguments = [], []
    for config in directory.trainer_configs:
        composition = stored.find(directory.name, config.file) if stored is not None else None
        classes: dict[str, str] = {}
        kinds: dict[str, list[str]] = {}
        for node in composition.instantiates if composition is not None else []:
            qualified = _node_class(node, survey)
            classes[f"{node.path} ({node.key})"] = qualified.rsplit(".", 1)[-1]
            cls = _import(*qualified.rsplit(".", 1)) if "." in qualified else None
            kind = installed_kind(cls) if cls is not None else None
            if kind and kind != "env":
                names = kinds.setdefault(kind, [])
                if cls.__name__ not in names:
                    names.append(cls.__name__)
            if cls is None or kind not in COMPARED_KINDS:
                continue
            for parameter, text in node.values.items():
                name, default, status = _compare(cls, parameter, _literal(text))
                if status != "not-a-parameter":  # otherwise a field of the config dataclass, not of the class
                    arguments.append(
                        ArgumentCheck(
                            directory.name,
                            config.file,
                            kind,
                            cls.__name__,
                            name,
                            show_value(_literal(text)),
                            [f"{node.key}.{parameter}"],
                            default,
                            status,
                        )
                    )
        records.append(TrainerConfigClasses(directory.name, config.file, classes, kinds))
    return records, arguments


# --- everything ---------------------------------------------------------------------------------


def check(sota: SotaMap, survey, stored: StoredCompositions | None) -> SotaCheck:
    named = {}
    for d in sota.directories:
        for s in d.scripts:
            for c in s.constructions:
                if c.module:
                    named[(c.module, c.name)] = c.kind
    classes = [check_class(module, name, kind) for (module, name), kind in sorted(named.items())]
    defaults = default_estimators({k for k, kind in named.items() if kind == "loss"})
    arguments, trainer_configs = [], []
    for d in sota.directories:
        for s in d.scripts:
            for c in s.constructions:
                if c.by_default is not False and c.kind in COMPARED_KINDS:
                    arguments += _argument_checks(d.name, s.file, c, defaults)
        if d.trainer_configs:
            found, compared = trainer_config_classes(d, survey, stored)
            trainer_configs += found
            arguments += compared
    return SotaCheck(classes, arguments, trainer_configs, defaults)
