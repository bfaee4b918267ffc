"""What each loss config's factory does beyond calling the class, measured by instantiating it.

For every loss config whose ``_target_`` is a factory function, the config is
instantiated with Hydra (``instantiate(cfg, actor_network=...)``) with the
tiny networks of the loss zoo's construction for the class the factory is annotated
to return, while ``set_keys``, ``make_value_estimator`` and the loss classes'
constructors are watched.  Each selector the factory reads is varied:

* a ``bool`` field the factory pops (``discrete``): both values;
* a ``str`` field it compares with string literals (``loss_type == "clip"``):
  each literal;
* a field it pops that defaults to ``None``: ``gamma`` with 0.9, a ``*_key``
  with a YAML-style list (``[group, name]``), to see the calls they cause.

Recorded per run: the class built (or the error), the calls made, and the
config fields the class's constructor did not receive (popped by the factory).
"""

from __future__ import annotations

import contextlib
import dataclasses
import re

from tools.config_groups.facts.introspect import config_dataclasses, import_object
from tools.core.errors import error_text
from tools.core.silence import quiet
from tools.losses.facts.probes.arguments import bound_call
from tools.parity.facts.compare import factory_source
from tools.parity.facts.records import FactoryRecord, FactoryRun
from tools.torchrl import loss_zoo as zoo
from tools.torchrl.losses import loss_classes

PROBE_GAMMA = 0.9
PROBE_KEY = ["group", "probe"]  # what Hydra hands over for a YAML list


def _popped(source: str) -> list[str]:
    return list(dict.fromkeys(re.findall(r"""kwargs\.pop\(\s*["'](\w+)["']""", source)))


def _literals(source: str, name: str) -> list[str]:
    return list(dict.fromkeys(re.findall(rf"""\b{name}\s*==\s*["'](\w+)["']""", source)))


def selector_variants(dataclass_type: type, source: str) -> list[dict]:
    """The selector settings to instantiate with: the defaults first, then each variation."""
    fields = {f.name: f for f in dataclasses.fields(dataclass_type)}
    variants: list[dict] = [{}]
    probes: dict = {}
    for name in _popped(source):
        f = fields.get(name)
        if f is None:
            continue
        default = f.default
        if isinstance(default, bool):
            variants.append({name: not default})
        elif isinstance(default, str) and _literals(source, name):
            variants += [{name: v} for v in _literals(source, name) if v != default]
        elif default is None and name == "gamma":
            probes[name] = PROBE_GAMMA
        elif default is None and name.endswith("_key"):
            probes[name] = list(PROBE_KEY)
    for name in fields:  # a str selector compared but not popped (kept in kwargs)
        if name not in _popped(source) and isinstance(fields[name].default, str) and _literals(source, name):
            variants += [{name: v} for v in _literals(source, name) if v != fields[name].default]
    if probes:
        variants.append(probes)
    return variants


@contextlib.contextmanager
def _watching(classes: dict[str, type], calls: dict):
    """Record set_keys / make_value_estimator calls (outermost only) and constructor kwargs."""
    from torchrl.objectives import LossModule

    patched = []
    depth = {"n": 0}

    def wrap(owner, method, label):
        original = owner.__dict__[method]

        def watcher(self, *args, **kwargs):
            outer = depth["n"] == 0
            depth["n"] += 1
            try:
                if outer:
                    shown = ", ".join([*map(repr, args), *(f"{k}={v!r}" for k, v in kwargs.items())])
                    calls[label].append(f"{method}({shown})")
                    if method == "__init__":
                        calls["received"].append((type(self).__name__, set(kwargs)))
                return original(self, *args, **kwargs)
            finally:
                depth["n"] -= 1

        setattr(owner, method, watcher)
        patched.append((owner, method, original))

    try:
        for cls in {LossModule, *classes.values()}:
            for method, label in (
                ("set_keys", "set_keys"),
                ("make_value_estimator", "estimator"),
                ("__init__", "init"),
            ):
                if method in cls.__dict__:
                    wrap(cls, method, label)
        yield
    finally:
        for owner, method, original in reversed(patched):
            setattr(owner, method, original)


def _recipe_arguments(construction: str, config_fields: list[str], cases: dict) -> dict:
    """The construction's constructor arguments that the config has fields for (networks, specs...), by name.

    Built once per construction and shared by the variants: a loss only reads its networks.
    """
    if construction not in cases:
        cases[construction] = zoo.build(construction)
    return {k: v for k, v in bound_call(cases[construction]).arguments.items() if k in config_fields}


def _instantiate(dataclass_type: type, variant: dict, arguments: dict, classes: dict) -> tuple[FactoryRun, list]:
    from hydra.utils import instantiate
    from omegaconf import OmegaConf

    calls = {"set_keys": [], "estimator": [], "init": [], "received": []}
    run = FactoryRun({k: repr(v) for k, v in variant.items()}, "")
    cfg = OmegaConf.structured(dataclass_type(**variant))
    with quiet(), _watching(classes, calls):
        try:
            # The config's own values through Hydra; the objects (networks, specs) given in Python,
            # as a script passes them (OmegaConf cannot hold a spec).
            run.builds = type(instantiate(cfg, _partial_=True)(**arguments)).__name__
        except Exception as exc:  # recorded: a selector value that fails
            run.error = error_text(exc.__cause__ or exc, lines=1, limit=300)
    run.set_keys_calls, run.estimator_calls = calls["set_keys"], calls["estimator"]
    return run, calls["received"]


def measure_factory(
    config_name: str, dataclass_type: type, factory: str, annotated: str, source: str, cases: dict | None = None
) -> FactoryRecord:

    classes = loss_classes()
    cases = {} if cases is None else cases
    construction = annotated.rsplit(".", 1)[-1]
    record = FactoryRecord(config_name, factory, annotated, construction)
    config_fields = [f.name for f in dataclasses.fields(dataclass_type) if not f.name.startswith("_")]
    for variant in selector_variants(dataclass_type, source):
        run, received = _instantiate(
            dataclass_type, variant, _recipe_arguments(construction, config_fields, cases), classes
        )
        attempted = received[0][0] if received else ""
        if run.error and attempted and attempted != construction and attempted in zoo.names():
            # The selector chose another class: give it the networks of that class's own construction.
            run, received = _instantiate(
                dataclass_type, variant, _recipe_arguments(attempted, config_fields, cases), classes
            )
        built = next((kw for name, kw in received if name == run.builds), None)
        if built is not None:
            run.not_passed = [f for f in config_fields if f not in built]
        record.runs.append(run)
    return record


def measure_all(survey) -> list[FactoryRecord]:
    """Every config whose target is a factory building a loss."""
    from torchrl.objectives import LossModule

    out, cases = [], {}
    for config in survey.classes:
        if config.target_kind != "factory":
            continue
        built = import_object(config.resolved)
        if not (isinstance(built, type) and issubclass(built, LossModule)):
            continue
        dataclass_type = config_dataclasses()[config.name]
        out.append(
            measure_factory(
                config.name, dataclass_type, config.target, config.resolved, factory_source(config.target), cases
            )
        )
    return out
