"""Run a tiny Trainer with a recording hook at every point, and read what happened.

Everything here is measured on the installed torchrl: the list of points is
the ``Literal`` type of ``Trainer.register_op``'s ``dest``; which internal list
each point fills is seen by registering into an empty trainer; the order and
nesting come from the calls of one short ``train()``.
"""

from __future__ import annotations

from collections import Counter

from tools.core.errors import error_text
from tools.core.silence import quiet, recording, warning_text
from tools.hook_points.facts.records import LEVELS, HookPoint, HookPointSurvey, LoopNode
from tools.torchrl import trainer_zoo
from tools.torchrl.trainers import register_op_stages

# Steps of train() that are not hook points, recorded so the diagram shows
# where the collector, the loss and the checkpoint sit between the points.
COLLECT = "collector yields a batch"
LOSS = "loss_module(sub_batch)"
SAVE = "save_trainer()"

BATCHES, EPOCHS, STEPS = 2, 2, 3  # distinct counts per level: 1, 2, 4, 12 calls


class MeasurementError(RuntimeError):
    """torchrl behaved in a way this measurement does not model; the message says what changed."""


def accepted_points() -> list[str]:
    from torchrl.trainers import Trainer

    points = register_op_stages(Trainer)
    if not points:
        raise MeasurementError("Trainer.register_op's `dest` is no longer a Literal; read the points another way")
    return points


def _op_lists(trainer) -> dict[str, list]:
    return {name: value for name, value in vars(trainer).items() if name.endswith("_ops") and isinstance(value, list)}


def ops_attributes(points: list[str]) -> dict[str, str]:
    """point -> the Trainer attribute register_op appends to (measured, both directions)."""
    trainer = trainer_zoo.probe_trainer()
    found: dict[str, str] = {}
    with quiet(FutureWarning):  # recorded separately, per point
        for point in points:
            before = {name: len(ops) for name, ops in _op_lists(trainer).items()}
            trainer.register_op(point, _noop)
            grown = [name for name, ops in _op_lists(trainer).items() if len(ops) != before.get(name, 0)]
            if len(grown) != 1:
                raise MeasurementError(f"register_op({point!r}, ...) filled {grown or 'no list'}; expected exactly one")
            found[point] = grown[0]
    unreached = sorted(set(_op_lists(trainer)) - set(found.values()))
    if unreached:
        raise MeasurementError(
            f"Trainer has hook lists {unreached} that no register_op destination fills: torchrl added a point "
            "outside the `dest` Literal; teach tools/hook_points/facts/measure.py where it comes from"
        )
    return found


def _noop(*args, **kwargs):
    return args[0] if args else None


def register_warnings(points: list[str]) -> dict[str, str]:
    trainer = trainer_zoo.probe_trainer()
    out = {}
    for point in points:
        with recording() as caught:
            trainer.register_op(point, _noop)
        out[point] = " ".join(warning_text(w) for w in caught)
    return out


def ray_acceptance(points: list[str]) -> dict[str, str]:
    """register_op's answer per point when the trainer's learner_backend is "ray".

    Ray is not installed here, so no trainer can be built with that backend;
    register_op only reads the attribute, so it is set on a local trainer.
    """
    trainer = trainer_zoo.probe_trainer()
    trainer.learner_backend = "ray"
    out = {}
    with quiet(FutureWarning):
        for point in points:
            try:
                trainer.register_op(point, _noop)
            except RuntimeError as exc:
                out[point] = str(exc)
            else:
                out[point] = "accepted"
    trainer.learner_backend = "local"
    return out


def unknown_point_error() -> str:
    trainer = trainer_zoo.probe_trainer()
    try:
        trainer.register_op("not_a_point", _noop)
    except Exception as exc:  # recorded as the answer torchrl gives
        return error_text(exc)
    raise MeasurementError("register_op accepted an unknown destination 'not_a_point'")


class _RecordingCollector:
    """Delegates to a collector and records each batch it yields."""

    def __init__(self, collector, record):
        self._collector = collector
        self._record = record

    def __iter__(self):
        for batch in self._collector:
            self._record(COLLECT, ())
            yield batch

    def __getattr__(self, name):
        return getattr(self._collector, name)


def _type_name(value) -> str:
    return "None" if value is None else type(value).__name__


def _last_tensordict(args):
    from tensordict import TensorDictBase

    found = [a for a in args if isinstance(a, TensorDictBase)]
    return found[-1] if found else None


MARK = "probe_mark"


def _marked(args) -> bool:
    from tensordict import TensorDictBase

    return any(isinstance(a, TensorDictBase) and MARK in a.keys() for a in args)


def probe_run(points: list[str], *, with_stepper: bool = False, none_at: str | None = None, mark_at: str | None = None):
    """Train a probe trainer with a recording hook at every point; return (trace, args, trainer).

    Each probe hands back the last TensorDict it received (the batch, or the
    losses for ``process_loss`` and ``optimizer``), which leaves the loop as it
    was; logging points return a one-entry dict.  ``none_at`` makes that one
    point return ``None`` instead, to see whether torchrl ignores it;
    ``mark_at`` makes it return a marked copy, to see which later calls get it
    (returned as the third element, in place of the argument types).
    """
    from torchrl.trainers import DefaultOptimizationStepper

    trace: list[str] = []
    received: dict[str, list[str]] = {}
    reached: list[str] = []

    def record(name, args):
        trace.append(name)
        received.setdefault(name, [_type_name(a) for a in args])
        if mark_at and name != mark_at and _marked(args) and name not in reached:
            reached.append(name)

    loss = trainer_zoo.LinearLoss(3, on_call=lambda batch: record(LOSS, (batch,)))
    extra = {"optimization_stepper": DefaultOptimizationStepper()} if with_stepper else {}
    trainer = trainer_zoo.probe_trainer(
        batches=BATCHES, num_epochs=EPOCHS, optim_steps_per_batch=STEPS, loss_module=loss, **extra
    )
    trainer.collector = _RecordingCollector(trainer.collector, record)
    save = trainer.save_trainer

    def recording_save(*args, **kwargs):
        record(SAVE, ())
        return save(*args, **kwargs)

    trainer.save_trainer = recording_save

    def make_probe(point):
        def probe(*args, **kwargs):
            record(point, args)
            if point.endswith("_log"):
                return {f"probe_{point}": 1.0}
            if point == none_at:
                return None
            if point == mark_at:
                import torch

                given = _last_tensordict(args)
                return given.clone().set(MARK, torch.zeros(given.batch_size))
            return _last_tensordict(args)

        return probe

    with quiet(FutureWarning):  # deprecated points still run; recorded elsewhere
        for point in points:
            trainer.register_op(point, make_probe(point))
    trainer.train()
    return trace, (reached if mark_at else received), trainer


def none_return_effects(points: list[str], baseline: list[str], received: dict[str, list[str]]) -> dict[str, str]:
    """For each point handed a TensorDict: does a hook returning None change the run?"""
    effects = {}
    base = Counter(baseline)
    for point in points:
        if point.endswith("_log") or "TensorDict" not in received.get(point, []):
            continue
        trace, _, _ = probe_run(points, none_at=point)
        counts = Counter(trace)
        changed = [name for name in dict.fromkeys(baseline) if counts[name] != base[name]]
        changed.sort(key=lambda name: name != LOSS)  # the loss count tells the story best
        if not changed:
            effects[point] = "ignored"
        else:
            name = changed[0]
            effects[point] = f"{name} ran {counts[name]} times instead of {base[name]}"
    return effects


def returned_reaches(points: list[str], received: dict[str, list[str]]) -> dict[str, list[str]]:
    """For each point handed a TensorDict: which later calls receive a TensorDict its hook returns."""
    out = {}
    for point in points:
        if point.endswith("_log") or "TensorDict" not in received.get(point, []):
            continue
        _, reached, _ = probe_run(points, mark_at=point)
        out[point] = reached
    return out


def _levels(trace: list[str]) -> dict[str, str]:
    counts = Counter(trace)
    by_count = {1: "run", BATCHES: "batch", BATCHES * EPOCHS: "epoch", BATCHES * EPOCHS * STEPS: "optim step"}
    levels = {}
    for name, count in counts.items():
        if count not in by_count:
            raise MeasurementError(
                f"{name!r} ran {count} times in a run of {BATCHES} batches x {EPOCHS} epochs x {STEPS} steps; "
                "it fits no loop level, so train() changed shape"
            )
        levels[name] = by_count[count]
    return levels


def nest(trace: list[str], levels: dict[str, str], points: set[str], depth: int = 0) -> list[LoopNode]:
    """The trace of one iteration at ``depth`` as nodes; deeper loops become one loop node each."""
    rank = {name: LEVELS.index(level) for name, level in levels.items()}
    deeper = [i for i, name in enumerate(trace) if rank[name] > depth]
    if not deeper:
        return [LoopNode(name, is_point=name in points) for name in trace]
    first, last = deeper[0], deeper[-1]
    inside = [name for name in trace[first : last + 1] if rank[name] == depth]
    if inside:
        raise MeasurementError(
            f"{inside} run between iterations of the {LEVELS[depth + 1]} loop; the diagram cannot place them"
        )
    start = trace[first]
    second = next((i for i in range(first + 1, last + 1) if trace[i] == start), last + 1)
    nodes = [LoopNode(name, is_point=name in points) for name in trace[:first]]
    nodes.append(
        LoopNode(
            LEVELS[depth + 1], loop=LEVELS[depth + 1], children=nest(trace[first:second], levels, points, depth + 1)
        )
    )
    nodes += [LoopNode(name, is_point=name in points) for name in trace[last + 1 :]]
    return nodes


def survey() -> HookPointSurvey:
    # Building the probes prints warnings (no tqdm, the deprecated points);
    # those that matter are recorded per point below.
    with trainer_zoo.captured():
        return _survey()


def _survey() -> HookPointSurvey:
    points = accepted_points()
    attributes = ops_attributes(points)
    warned = register_warnings(points)
    ray = ray_acceptance(points)
    trace, received, trainer = probe_run(points)
    stepper_trace, _, _ = probe_run(points, with_stepper=True)
    never = [p for p in points if p not in trace]
    if never:
        raise MeasurementError(f"hook points {never} were never called by train() in the probe run")
    levels = _levels(trace)
    effects = none_return_effects(points, trace, received)
    reaches = returned_reaches(points, received)
    logged = set(trainer._log_dict)
    order = list(dict.fromkeys(name for name in trace if name in points))
    records = [
        HookPoint(
            name=name,
            ops_attribute=attributes[name],
            level=levels[name],
            calls=trace.count(name),
            receives=received[name],
            return_logged=(f"probe_{name}" in logged) if name.endswith("_log") else None,
            register_warning=warned[name],
            ray_backend=ray[name],
            called_with_stepper=name in stepper_trace,
            none_return=effects.get(name, ""),
            returned_reaches=reaches.get(name, []),
        )
        for name in order
    ]
    return HookPointSurvey(
        accepted=points,
        points=records,
        trace=trace,
        loop=nest(trace, levels, set(points)),
        batches=BATCHES,
        num_epochs=EPOCHS,
        optim_steps_per_batch=STEPS,
        unknown_point_error=unknown_point_error(),
    )
