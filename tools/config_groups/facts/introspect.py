"""Read the config dataclasses and the ConfigStore that importing torchrl's configs fills."""

from __future__ import annotations

import contextlib
import dataclasses
import inspect
import re
import subprocess
import sys
import typing
from functools import lru_cache

from tools.config_groups.facts.curated import CuratedConfigs, CuratedDataError
from tools.config_groups.facts.records import (
    TARGET_IS_THE_CLASS,
    ConfigClass,
    ConfigField,
    ConfigGroup,
    ConfigSurvey,
    GroupEntry,
)
from tools.core.errors import error_text, first_line
from tools.core.fresh_python import start_fresh_python
from tools.core.paths import ROOT
from tools.core.signatures import show_value
from tools.torchrl import configs
from tools.torchrl.configs import CONFIGS_MODULE, config_module

WARNING_LINE = re.compile(r"^\S.*?:\d+: (?P<kind>\w*Warning): (?P<message>.*)$")


# Modules whose first import may warn: while none of them is imported, this process's own
# import of the configs is what a fresh interpreter's would be.
FIRST_IMPORTS = ("torch", "tensordict", "torchrl")


def first_import_is_ahead() -> bool:
    return not any(name in sys.modules for name in FIRST_IMPORTS)


def import_recording_warnings() -> list[str]:
    """Import the configs here, for the first time, with every warning shown: what does a user see?

    What ``start_import_warnings`` reads from a fresh interpreter, without starting one (a
    second import of torch and torchrl beside the build's own).  Only valid while
    ``first_import_is_ahead()``.
    """
    import importlib
    import warnings

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        importlib.import_module(CONFIGS_MODULE)
    return [f"{w.category.__name__}: {first_line(str(w.message))}" for w in caught]


def start_import_warnings() -> subprocess.Popen:
    """Import the configs in a fresh interpreter (in the background): what does a user see?"""
    return start_fresh_python(["-W", "always", "-c", f"import {CONFIGS_MODULE}"], cwd=ROOT, stdout=subprocess.DEVNULL)


def finish_import_warnings(process: subprocess.Popen) -> list[str]:
    _, stderr = process.communicate(timeout=300)
    if process.returncode != 0:
        raise RuntimeError(f"importing {CONFIGS_MODULE} failed in a fresh interpreter:\n{stderr[-2000:]}")
    found = []
    for line in stderr.splitlines():
        match = WARNING_LINE.match(line)
        if match:
            found.append(f"{match['kind']}: {match['message']}")
    return found


def store_nodes() -> list[tuple[str, str, type]]:
    """(group, option name, dataclass) for every node torchrl stored (Hydra's own are skipped)."""
    nodes = configs.store_nodes()
    untyped = [f"{group}/{option}" for group, option, cls in nodes if cls is None]
    if untyped:
        raise RuntimeError(
            f"ConfigStore nodes without a dataclass: {', '.join(untyped)}; tools/config_groups/facts/introspect.py "
            "reads a config's fields from its dataclass"
        )
    return nodes


@lru_cache(maxsize=1)
def config_dataclasses() -> dict[str, type]:
    """Every dataclass the configs module exports, plus any stored in the ConfigStore."""
    module = config_module()
    found = {
        name: value
        for name in module.__all__
        if dataclasses.is_dataclass(value := getattr(module, name)) and isinstance(value, type)
    }
    for _, _, cls in store_nodes():
        found.setdefault(cls.__name__, cls)
    return found


def show_config_value(value) -> str:
    if dataclasses.is_dataclass(value):
        target = getattr(value, "_target_", None)
        return f"{type(value).__name__}(_target_={target!r})" if target else f"{type(value).__name__}()"
    return show_value(value)


def fields_of(cls: type) -> list[ConfigField]:
    from omegaconf import MISSING

    hints = {}
    # Annotations naming TYPE_CHECKING-only types cannot be resolved: fall back to the text.
    with contextlib.suppress(Exception):
        hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        if f.name.startswith("_"):
            continue
        if f.default is not dataclasses.MISSING:
            default = "???" if f.default == MISSING else show_config_value(f.default)
            required = f.default == MISSING
        elif f.default_factory is not dataclasses.MISSING:
            default, required = show_config_value(f.default_factory()), False
        else:
            default, required = "", True
        kind = f.type if isinstance(f.type, str) else inspect.formatannotation(hints.get(f.name, f.type))
        out.append(ConfigField(name=f.name, type=kind, default=default, required=required))
    return out


def import_object(path: str):
    """The object a dotted `_target_` names: the longest importable module, then attributes.

    (Hydra's own lookup logs an error line for a missing target; this one only raises.)
    """
    import importlib

    parts = path.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            obj = getattr(obj, attribute)
        return obj
    raise ImportError(f"no importable module in {path!r}")


def resolve_target(target: str, curated: CuratedConfigs) -> tuple[str, str, str, str]:
    """(kind, resolved class, how it was found, error) for a `_target_` string."""
    if not target:
        return "none", "", "", ""
    try:
        obj = import_object(target)
    except (ImportError, AttributeError) as exc:  # the target does not exist: recorded, shown as such
        return "missing", "", "", error_text(exc)
    if inspect.isclass(obj):
        return "class", f"{obj.__module__}.{obj.__qualname__}", TARGET_IS_THE_CLASS, ""
    hints = typing.get_type_hints(obj)
    returned = hints.get("return")
    if inspect.isclass(returned):
        return "factory", f"{returned.__module__}.{returned.__qualname__}", f"return annotation of {obj.__name__}()", ""
    if target in curated.factory_targets:
        return "factory", curated.factory_targets[target], "curated in data/configs.yaml", ""
    raise CuratedDataError(
        f"the factory {target} has no return annotation; add the class it builds under factory_targets"
    )


def survey(curated: CuratedConfigs, import_warnings: subprocess.Popen | list[str] | None = None) -> ConfigSurvey:
    """``import_warnings``: the import-warnings interpreter when the build started it already, or the
    warnings the build's own first import recorded."""
    if import_warnings is None:
        import_warnings = import_recording_warnings() if first_import_is_ahead() else start_import_warnings()
    classes = config_dataclasses()
    registrations: dict[str, list[str]] = {}
    groups: dict[str, list[GroupEntry]] = {}
    for group, name, cls in store_nodes():
        registrations.setdefault(cls.__name__, []).append(f"{group}/{name}")
        entries = groups.setdefault(group, [])
        if all(e.name != name for e in entries):  # torchrl stores transform/module twice
            entries.append(GroupEntry(name=name, config=cls.__name__))
    records = []
    used_curated = set()
    for name, cls in sorted(classes.items()):
        target_field = {f.name: f for f in dataclasses.fields(cls)}.get("_target_")
        target = target_field.default if target_field and isinstance(target_field.default, str) else ""
        kind, resolved, how, error = resolve_target(target, curated)
        if how.startswith("curated"):
            used_curated.add(target)
        records.append(
            ConfigClass(
                name=name,
                module=cls.__module__,
                target=target,
                target_kind=kind,
                resolved=resolved,
                resolved_how=how,
                error=error,
                fields=fields_of(cls),
                registered_as=sorted(registrations.get(name, [])),
            )
        )
    stale = sorted(set(curated.factory_targets) - used_curated)
    if stale:
        raise CuratedDataError(
            f"factory_targets lists {stale}, which no config targets as an unannotated factory any more; remove them"
        )
    return ConfigSurvey(
        groups=[ConfigGroup(name, entries) for name, entries in sorted(groups.items())],
        classes=records,
        import_warnings=(
            import_warnings if isinstance(import_warnings, list) else finish_import_warnings(import_warnings)
        ),
    )
