"""Compare each config dataclass with the class it builds, live, and classify every difference.

The rules, in the order they are tried, each with the one-line reason the page shows:

* a config field no parameter of the class names is *by design* when the
  factory that the config targets reads it (found in the factory's source) or
  when the class forwards unnamed arguments through ``**kwargs``; otherwise
  *suspicious*;
* a class parameter the config lacks is *by design* when it is a curated
  call-time parameter (data/configs.yaml) or the factory supplies it;
  otherwise *suspicious*;
* a default the config states differently is *by design* when the class
  requires the argument (the config only gives it a value), or when the built
  object resolves the class's default to the config's value (measured on the
  tiny trainers); otherwise *suspicious*;
* a type is compared only where both sides are plain (``int``, ``float``,
  ``bool``, ``str``, ``None``); any difference is *suspicious*.
"""

from __future__ import annotations

import dataclasses
import inspect
import re

from tools.config_groups.facts.curated import CuratedConfigs, CuratedDataError
from tools.config_groups.facts.factories import factory_source
from tools.config_groups.facts.introspect import config_dataclasses, import_object, show_config_value
from tools.config_groups.facts.records import ConfigClass, ConfigSurvey
from tools.core.errors import error_text
from tools.core.signatures import annotation_text, live_parameters, show_value
from tools.core.values import same_value
from tools.parity.facts.records import (
    BY_DESIGN,
    DEFAULT,
    ONLY_IN_CLASS,
    ONLY_IN_CONFIG,
    SUSPICIOUS,
    TARGET,
    TYPE,
    Difference,
    ParityRow,
)

REQUIRED = object()  # no default on that side
PLAIN_TYPES = {"int", "float", "bool", "str", "None"}


def _mentions(source: str, name: str) -> bool:
    return bool(re.search(rf"""["']{re.escape(name)}["']|\b{re.escape(name)}\s*[=:]""", source))


def _config_default(f: dataclasses.Field):
    from omegaconf import MISSING

    if f.default is not dataclasses.MISSING:
        return REQUIRED if f.default == MISSING else f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return REQUIRED


def _class_default(p: inspect.Parameter):
    return REQUIRED if p.default is inspect.Parameter.empty else p.default


def _show(value) -> str:
    return "required" if value is REQUIRED else show_config_value(value)


def _same_default(config_value, class_value) -> bool:
    if config_value is REQUIRED or class_value is REQUIRED:
        return config_value is class_value
    if dataclasses.is_dataclass(config_value) and hasattr(config_value, "_target_"):
        try:
            return import_object(config_value._target_) is class_value
        except (ImportError, AttributeError):
            return False
    return same_value(config_value, class_value)


def _plain(annotation: str) -> set[str] | None:
    text = annotation.replace(" ", "")
    optional = re.fullmatch(r"Optional\[(.+)\]", text)
    if optional:
        text = f"{optional.group(1)}|None"
    parts = set(text.split("|")) if text else set()
    return parts if parts and parts <= PLAIN_TYPES else None


def compare(
    config: ConfigClass,
    dataclass_type: type,
    cls: type,
    curated: CuratedConfigs,
    effective: dict[str, dict[str, str]],
) -> list[Difference]:
    """Every difference between the config dataclass ``dataclass_type`` (described by ``config``) and ``cls``."""
    fields = {f.name: f for f in dataclasses.fields(dataclass_type) if not f.name.startswith("_")}
    own, via, open_kwargs = live_parameters(cls)
    accepted = {**own, **via}
    factory = config.target if config.target_kind == "factory" else ""
    pair = _Pair(
        target=cls.__name__,
        factory_name=factory.rsplit(".", 1)[-1] + "()" if factory else "",
        source=factory_source(factory) if factory else "",
    )
    return (
        [_only_in_config(name, f, pair, open_kwargs) for name, f in fields.items() if name not in accepted]
        + [_only_in_class(name, p, pair, curated) for name, p in own.items() if name not in fields]
        + [
            difference
            for name, f in fields.items()
            if name in accepted
            for difference in _shared_field(name, f, accepted[name], pair.target, effective.get(pair.target, {}))
        ]
    )


@dataclasses.dataclass(frozen=True)
class _Pair:
    """The class a config builds and, when a factory builds it, the factory's name and source."""

    target: str
    factory_name: str
    source: str

    def factory_reads(self, name: str) -> bool:
        return bool(self.factory_name) and _mentions(self.source, name)


def _only_in_config(name: str, f: dataclasses.Field, pair: _Pair, open_kwargs: bool) -> Difference:
    shown = _show(_config_default(f))
    if pair.factory_reads(name):
        reason, verdict = f"read by {pair.factory_name} to build the arguments of {pair.target}", BY_DESIGN
    elif open_kwargs:
        reason = f"forwarded through **kwargs of {pair.target}; no signature names it, so nothing checks it"
        verdict = BY_DESIGN
    else:
        reason, verdict = f"{pair.target} has no such parameter and takes no **kwargs", SUSPICIOUS
    return Difference(name, ONLY_IN_CONFIG, shown, "", verdict, reason)


def _only_in_class(name: str, p: inspect.Parameter, pair: _Pair, curated: CuratedConfigs) -> Difference:
    shown = _show(_class_default(p))
    if name in curated.call_time_parameters:
        reason, verdict = curated.call_time_parameters[name].strip(), BY_DESIGN
    elif pair.factory_reads(name):
        reason, verdict = f"supplied by {pair.factory_name}", BY_DESIGN
    elif p.default is inspect.Parameter.empty:
        reason = f"{pair.target} requires it and the config cannot set it: pass it when instantiating"
        verdict = SUSPICIOUS
    else:
        reason, verdict = f"not exposed by the config: {pair.target}'s default ({shown}) always applies", SUSPICIOUS
    return Difference(name, ONLY_IN_CLASS, "", shown, verdict, reason)


def _shared_field(
    name: str, f: dataclasses.Field, p: inspect.Parameter, target: str, effective: dict[str, str]
) -> list[Difference]:
    """A field both sides name: its defaults, then its types."""
    out = []
    config_value, class_value = _config_default(f), _class_default(p)
    if not _same_default(config_value, class_value):
        out.append(_default_difference(name, config_value, class_value, target, effective))
    config_types = _plain(annotation_text(f.type, keep_modules=True))
    class_types = _plain(annotation_text(p.annotation, keep_modules=True))
    if config_types is None or class_types is None:
        return out
    # A config narrower than the class is a restriction, not a mismatch;
    # an int where the class takes a float is accepted by Python.
    accepts = class_types | ({"int"} if "float" in class_types else set())
    if config_types <= accepts:
        return out
    config_text, class_text = " | ".join(sorted(config_types)), " | ".join(sorted(class_types))
    reason = (
        f"the config accepts None, {target}'s annotation does not"
        if config_types - class_types == {"None"}
        else f"the config declares {config_text}, {target} declares {class_text}"
    )
    out.append(Difference(name, TYPE, config_text, class_text, SUSPICIOUS, reason))
    return out


def _default_difference(name, config_value, class_value, target, effective: dict[str, str]) -> Difference:
    config_text, class_text = _show(config_value), _show(class_value)
    if class_value is REQUIRED:
        reason = f"the config gives a default where {target} requires the argument"
        return Difference(name, DEFAULT, config_text, class_text, BY_DESIGN, reason)
    if name in effective and effective[name] == config_text:
        reason = f"{target} resolves its default {class_text} to {effective[name]} when built (measured), as the config states"
        return Difference(name, DEFAULT, config_text, class_text, BY_DESIGN, reason)
    if config_value is REQUIRED:
        reason = (
            f"the config has no default (OmegaConf marks it ???; reading it unset raises MissingMandatoryValue); "
            f"{target} defaults to {class_text}"
        )
        return Difference(name, DEFAULT, config_text, class_text, SUSPICIOUS, reason)
    reason = f"instantiating the config passes {config_text}; calling {target} directly uses {class_text}"
    return Difference(name, DEFAULT, config_text, class_text, SUSPICIOUS, reason)


def instantiation_error(config: ConfigClass, dataclass_type: type, differences: list[Difference]) -> str:
    """``instantiate(cfg)`` with the config's defaults, only where it must fail before any code runs.

    Tried when a field is one the class neither names nor accepts through
    ``**kwargs`` (Python rejects the call while binding arguments, before the
    class's ``__init__`` body runs), no field is mandatory (``???``) and no
    default is itself a config to instantiate first.  Nothing is downloaded
    or built.
    """
    import logging

    from hydra.utils import instantiate
    from omegaconf import OmegaConf

    unknown = [
        d
        for d in differences
        if d.kind == ONLY_IN_CONFIG and d.classification == SUSPICIOUS and "takes no **kwargs" in d.reason
    ]
    if config.target_kind != "class" or not unknown:
        return ""
    if any(f.required or "_target_=" in f.default for f in config.fields):
        return ""
    partial = {f.name: f.default for f in dataclasses.fields(dataclass_type)}.get("_partial_")
    if partial is True:  # instantiate() would only return a functools.partial
        return ""
    hydra_log = logging.getLogger("hydra")
    level = hydra_log.level
    hydra_log.setLevel(logging.CRITICAL)  # Hydra logs the failure too; the exception is what we record
    try:
        instantiate(OmegaConf.structured(dataclass_type))
    except Exception as exc:
        cause = exc.__cause__ or exc
        return error_text(cause)
    finally:
        hydra_log.setLevel(level)
    raise RuntimeError(
        f"instantiate({config.name}) succeeded although {unknown[0].field!r} is not a parameter of {config.resolved}"
    )


def apply_overrides(rows: list[ParityRow], curated: CuratedConfigs) -> list[ParityRow]:
    import fnmatch

    out = []
    used = set()
    for row in rows:
        differences = []
        for d in row.differences:
            for index, o in enumerate(curated.overrides):
                if fnmatch.fnmatchcase(row.config, o.config) and (o.field, o.kind) == (d.field, d.kind):
                    d = dataclasses.replace(d, classification=o.classification, reason=o.reason)
                    used.add(index)
            differences.append(d)
        out.append(dataclasses.replace(row, differences=differences))
    unused = [f"{o.config}.{o.field} ({o.kind})" for i, o in enumerate(curated.overrides) if i not in used]
    if unused:
        raise CuratedDataError(f"overrides {unused} match no difference any more; remove or fix them")
    return out


def paired_by_name(name: str, classes: dict[str, type]) -> type | None:
    """A base config without ``_target_`` pairs with the class of its name less "Config" (``OnPolicyTrainerConfig``)."""
    return classes.get(name.removesuffix("Config")) if name.endswith("Config") else None


def audit(
    survey: ConfigSurvey,
    curated: CuratedConfigs,
    effective: dict[str, dict[str, str]],
    factories: dict | None = None,
    pairable: dict[str, type] | None = None,
) -> list[ParityRow]:
    """``factories``: config name -> FactoryRecord (measured); ``pairable``: class name -> class, the classes a
    base config without ``_target_`` may pair with by name (trainers, losses)."""
    rows = []
    factories, pairable = factories or {}, pairable or {}
    missing_call_time = set(curated.call_time_parameters)
    for config in survey.classes:
        if config.target_kind == "none":
            cls = paired_by_name(config.name, pairable)
            if cls is None:
                continue
            dataclass_type = config_dataclasses()[config.name]
            differences = compare(config, dataclass_type, cls, curated, effective)
            missing_call_time -= {d.field for d in differences if d.kind == ONLY_IN_CLASS}
            qualified = f"{cls.__module__}.{cls.__qualname__}"
            via = "a base config without `_target_`, paired with the class of its name"
            rows.append(ParityRow(config.name, qualified, qualified.split(".")[0], via, differences))
            continue
        if config.target_kind == "missing":
            diff = Difference(
                "_target_", TARGET, config.target, "", SUSPICIOUS, f"the target does not exist here: {config.error}"
            )
            rows.append(ParityRow(config.name, config.target, config.target.split(".")[0], "missing", [diff]))
            continue
        cls = import_object(config.resolved)
        via = "the class" if config.target_kind == "class" else f"factory {config.target.rsplit('.', 1)[-1]}()"
        factory = factories.get(config.name)
        target = config.resolved
        if config.annotated:
            # The survey measured the class the factory's defaults build; its annotation names another.
            via += f": with its own defaults it builds {config.resolved_name} (measured; annotated {config.annotated.rsplit('.', 1)[-1]})"
        dataclass_type = config_dataclasses()[config.name]
        differences = compare(config, dataclass_type, cls, curated, effective)
        missing_call_time -= {d.field for d in differences if d.kind == ONLY_IN_CLASS}
        rows.append(
            ParityRow(
                config.name,
                target,
                target.split(".")[0],
                via,
                differences,
                instantiation_error(config, dataclass_type, differences),
                factory,
            )
        )
    if missing_call_time:
        raise CuratedDataError(
            f"call_time_parameters lists {sorted(missing_call_time)}, which no config leaves out any more; remove them"
        )
    return apply_overrides(rows, curated)


__all__ = ["audit", "compare", "show_value"]
