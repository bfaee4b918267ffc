"""Measurement: run every estimator on tiny fake trajectories and record what happened.

For each estimator the build makes one reference run on a seeded trajectory,
then reruns it with one thing changed at a time (a key removed, a value
changed, the time axis moved, ...) and records whether the call raised (with
the error's first line) and whether the advantage or value target moved.
Nothing here writes Markdown.
"""

from __future__ import annotations

from collections.abc import Callable

from tools.core.keys import key_json, key_text
from tools.core.signatures import class_signature
from tools.core.silence import quiet
from tools.estimators.facts import fixtures
from tools.estimators.facts.records import (
    DeprecatedAlias,
    EstimatorRecord,
    ForwardingCase,
    KeyUse,
    Outcome,
)
from tools.estimators.facts.runner import EPISODE_END_STEP, Runner, compare
from tools.estimators.facts.shapes import layout_probes
from tools.torchrl import estimators as classes

# Where an estimator looks up each key-map field: under "next" (what happened
# after the step) or at the root of the transition.
FIELD_LOCATION: dict[str, tuple[str, ...]] = {
    "advantage": (),
    "value_target": (),
    "value": (),
    "reward": ("next",),
    "done": ("next",),
    "terminated": ("next",),
    "steps_to_next_obs": (),
    "sample_log_prob": (),
}
# Fields the estimator writes (advantage, value_target) or computes with its
# value network (value): removing or perturbing them in the input says nothing.
OUTPUT_FIELDS = ("advantage", "value_target", "value")


def _perturbations(layout) -> dict[str, tuple[str, Callable]]:
    """field -> (what the probe changes, function(data, key) changing it in place)."""

    def add_one(data, key):
        data.set(key, data.get(key) + 1.0)

    def truncate(data, key):
        done = data.get(key).clone()
        done[:, EPISODE_END_STEP] = True
        data.set(key, done)

    def terminate(data, key):
        # A terminated step is also done: set both flags, as an environment would.
        for flag in (key, (*key[:-1], "done")):
            value = data.get(flag).clone()
            value[:, EPISODE_END_STEP] = True
            data.set(flag, value)

    def two_steps(data, key):
        import torch

        data.set(key, torch.full((*data.batch_size, 1), 2))

    def lower_log_prob(data, key):
        data.set(key, data.get(key) - 1.0)

    return {
        "reward": ("added 1 to every reward", add_one),
        "done": (f"set done at step {EPISODE_END_STEP} without terminated (a truncation)", truncate),
        "terminated": (f"set done and terminated at step {EPISODE_END_STEP}", terminate),
        "steps_to_next_obs": ("stored steps_to_next_obs = 2 at every step", two_steps),
        "sample_log_prob": ("lowered every stored log-probability by 1", lower_log_prob),
    }


def _located(field: str, key):
    if field not in FIELD_LOCATION:
        raise RuntimeError(
            f"the estimators' key map has a new field {field!r}; say where estimators read it "
            "(FIELD_LOCATION) and how to probe it (_perturbations) in tools/estimators/facts/probe.py"
        )
    key = (key,) if isinstance(key, str) else tuple(key)
    return (*FIELD_LOCATION[field], *key)


def _leaf_keys(data) -> set:
    return {key if isinstance(key, str) else tuple(key) for key in data.keys(True, True)}


def probe(estimator: classes.EstimatorClass, summary: str, layout_name: str) -> EstimatorRecord:
    cls = estimator.cls
    parameters = class_signature(cls).all()
    layouts = {"single-agent": fixtures.single_agent, "multi-agent": fixtures.multi_agent}
    if layout_name not in layouts:
        raise RuntimeError(f"{cls.__name__}: unknown probe layout {layout_name!r}; use one of {sorted(layouts)}")
    layout = layouts[layout_name]()
    runner = Runner(cls, parameters, layout)

    data = runner.data()
    before = _leaf_keys(data)
    outcome, reference = runner.run(data)
    if not outcome.ok:
        raise RuntimeError(
            f"{cls.__name__} failed on the {layout_name} probe trajectory ({outcome.error}); "
            "fix the fixtures in tools/estimators/facts/fixtures.py"
        )
    written = _leaf_keys(data) - before
    output_shapes = {key_text(k): list(data.get(k).shape) for k in sorted(written, key=key_text)}
    forward_kw = classes.forward_keywords(cls)
    return EstimatorRecord(
        name=cls.__name__,
        module=classes.PUBLIC_MODULE,
        member=estimator.member,
        summary=summary,
        layout=layout_name,
        parameters=parameters,
        registry_defaults=estimator.registry_defaults,
        forward_keywords=forward_kw,
        keys=_key_uses(runner, reference, before, written),
        probe_batch=list(data.batch_size),
        output_shapes=output_shapes,
        value_precomputed=_value_precomputed(runner, reference),
        action_changed=_action_changed(runner, reference, parameters),
        shapes=layout_probes(runner, reference, parameters, forward_kw, layout_name),
        deprecated_key_arguments=_deprecated_key_arguments(runner, parameters, classes.key_map(cls)),
        set_keys_with_argument_names=_set_keys_with_argument_names(runner, parameters, classes.key_map(cls)),
        effective_defaults=_effective_defaults(runner, parameters),
    )


def _key_uses(runner: Runner, reference, before: set, written: set) -> list[KeyUse]:
    """Each key-map field: where it is declared, and what removing or perturbing it in the input changed."""
    est = runner.estimator
    keys = est.tensor_keys
    in_keys = {k if isinstance(k, str) else tuple(k) for k in est.in_keys}
    out_keys = {k if isinstance(k, str) else tuple(k) for k in est.out_keys}
    perturbations = _perturbations(runner.layout)
    key_uses = []
    for field, default_key in classes.key_map(runner.estimator_class).items():
        used = getattr(keys, field)
        where = _located(field, used)
        plain = where[0] if len(where) == 1 else where
        declared = "in_keys" if plain in in_keys else "out_keys" if plain in out_keys else ""
        without = perturbed = None
        perturbation = ""
        if field not in OUTPUT_FIELDS:
            if plain in before:
                trimmed = runner.data()
                del trimmed[plain]
                without = compare(*runner.run(trimmed), reference)
            if field not in perturbations:
                raise RuntimeError(f"no perturbation for key-map field {field!r} in tools/estimators/facts/probe.py")
            perturbation, change = perturbations[field]
            changed = runner.data()
            if plain in before or field == "steps_to_next_obs":
                change(changed, plain)
                perturbed = compare(*runner.run(changed), reference)
            else:
                perturbation = ""
        key_uses.append(
            KeyUse(
                field=field,
                default_key=key_json(default_key),
                location=list(FIELD_LOCATION[field]),
                declared=declared,
                written=plain in written,
                without=without,
                perturbed=perturbed,
                perturbation=perturbation,
            )
        )
    return key_uses


def _value_precomputed(runner: Runner, reference) -> Outcome:
    """State values already in the data: used, or recomputed by the value network?"""
    keys = runner.estimator.tensor_keys
    with_values = runner.data()
    for where in (keys.value, ("next", *((keys.value,) if isinstance(keys.value, str) else keys.value))):
        with_values.set(where, reference[0].new_full(reference[0].shape, 5.0))
    return compare(*runner.run(with_values), reference)


def _action_changed(runner: Runner, reference, parameters) -> Outcome | None:
    """For an estimator with an actor: does changing the stored actions change its result?"""
    if not any(p.name == "actor_network" for p in parameters):
        return None
    moved = runner.data()
    action_key = runner.layout.key("action")
    moved.set(action_key, (moved.get(action_key) + 1) % fixtures.ACTIONS)
    return compare(*runner.run(moved), reference)


def _deprecated_key_arguments(runner: Runner, parameters, key_map) -> dict[str, Outcome]:
    found = {}
    for parameter in parameters:
        field = parameter.name.removesuffix("_key")
        if parameter.name.endswith("_key") and field in key_map:
            try:
                runner.build(**{parameter.name: "renamed"})
            except Exception as exc:
                found[parameter.name] = Outcome.from_exception(exc)
            else:
                found[parameter.name] = Outcome(ok=True)
    return found


def _effective_defaults(runner: Runner, parameters) -> dict[str, str]:
    """What the estimator holds for each None-default parameter the probe left out (``vectorized``)."""
    built = runner.build()
    given = set(fixtures.constructor_arguments(runner.estimator_class, runner.parameters, runner.layout))
    out = {}
    for p in parameters:
        if p.default != "None" or p.name in given or p.name.endswith("_key"):
            continue
        try:
            value = getattr(built, p.name)
        except Exception:  # no such attribute, or a property that needs data: not measured
            continue
        if not callable(value):
            out[p.name] = repr(value)
    return out


def _set_keys_with_argument_names(runner: Runner, parameters, key_map) -> dict[str, Outcome]:
    """``set_keys(advantage_key=...)``: what an estimator does with a constructor argument's name."""
    found = {}
    for parameter in parameters:
        if parameter.name.endswith("_key") and parameter.name.removesuffix("_key") in key_map:
            try:
                runner.build().set_keys(**{parameter.name: "renamed"})
            except Exception as exc:
                found[parameter.name] = Outcome.from_exception(exc)
            else:
                found[parameter.name] = Outcome(ok=True)
    return found


def deprecated_aliases(registered: list[classes.EstimatorClass]) -> list[DeprecatedAlias]:
    out = []
    for alias, replacement in classes.deprecated_aliases([e.cls for e in registered]):
        layout = fixtures.single_agent()
        arguments = fixtures.constructor_arguments(replacement, class_signature(replacement).all(), layout)
        try:
            with quiet():
                alias(**arguments)
        except RecursionError as exc:
            constructed = Outcome.from_exception(exc)
        except Exception as exc:
            constructed = Outcome.from_exception(exc)
        else:
            constructed = Outcome(ok=True)
        out.append(DeprecatedAlias(alias.__name__, replacement.__name__, constructed))
    return out


FORWARDING_LOSS = "ClipPPOLoss"
RENAMED_REWARD = "my_reward"


def forwarding_cases() -> list[ForwardingCase]:
    """Does a reward key renamed on the loss reach the estimator?  Measured per order of calls."""
    from torchrl.objectives import ClipPPOLoss, ValueEstimators
    from torchrl.objectives.value import GAE

    layout = fixtures.single_agent()

    def loss():
        with quiet():
            return ClipPPOLoss(layout.actor_network, layout.value_network)

    def standalone():
        with quiet():
            return GAE(gamma=fixtures.GAMMA, lmbda=fixtures.LMBDA, value_network=layout.value_network)

    def set_then_member():
        lm = loss()
        lm.set_keys(reward=RENAMED_REWARD)
        lm.make_value_estimator(ValueEstimators.GAE)
        return lm.value_estimator

    def member_then_set():
        lm = loss()
        lm.make_value_estimator(ValueEstimators.GAE)
        lm.set_keys(reward=RENAMED_REWARD)
        return lm.value_estimator

    def set_then_instance():
        lm = loss()
        lm.set_keys(reward=RENAMED_REWARD)
        lm.make_value_estimator(standalone())
        return lm.value_estimator

    def instance_then_set():
        lm = loss()
        lm.make_value_estimator(standalone())
        lm.set_keys(reward=RENAMED_REWARD)
        return lm.value_estimator

    def default_estimator():
        lm = loss()
        lm.set_keys(reward=RENAMED_REWARD)
        return lm.value_estimator

    def separate():
        lm = loss()
        lm.set_keys(reward=RENAMED_REWARD)
        return standalone()

    cases = [
        ("loss.set_keys(reward=...), then loss.make_value_estimator(ValueEstimators.GAE)", set_then_member),
        ("loss.make_value_estimator(ValueEstimators.GAE), then loss.set_keys(reward=...)", member_then_set),
        ("loss.set_keys(reward=...), then loss.make_value_estimator(GAE(...))", set_then_instance),
        ("loss.make_value_estimator(GAE(...)), then loss.set_keys(reward=...)", instance_then_set),
        ("loss.set_keys(reward=...), default estimator (built on first use)", default_estimator),
        ("loss.set_keys(reward=...), and a GAE(...) called on the data before the loss", separate),
    ]
    out = []
    for order, make in cases:
        with quiet():
            reward_key = make().tensor_keys.reward
        out.append(ForwardingCase(order, key_json(reward_key), reward_key == RENAMED_REWARD))
    return out
