"""What a Trainer's hook points are, where they sit in ``train()``, and how they behave."""

from __future__ import annotations

from dataclasses import dataclass, field

# Nesting of the training loop, outermost first.  A point's level is measured
# from how often it fires in a probe run (see measure.py).
LEVELS = ("run", "batch", "epoch", "optim step")


@dataclass(frozen=True)
class HookPoint:
    name: str  # the `dest` accepted by Trainer.register_op
    ops_attribute: str  # the Trainer list register_op appends to (measured)
    level: str  # one of LEVELS (measured)
    calls: int  # times called in the probe run
    receives: list[str]  # types of the positional arguments it was called with (measured)
    # For points whose return value the trainer logs: did a returned dict reach
    # trainer._log_dict? None where the probe returned no dict.
    return_logged: bool | None
    register_warning: str  # warning register_op emits for this point ("" when none)
    ray_backend: str  # "accepted", or the error register_op raises when learner_backend="ray"
    called_with_stepper: bool  # still called when an OptimizationStepper runs the step (measured)
    # What a hook that returns None does at a point that hands it a TensorDict
    # ("ignored", or the measured consequence); "" where no TensorDict is passed.
    none_return: str = ""
    # Where a TensorDict the hook returns shows up next (calls that received it);
    # empty when it is not passed on. Only for points that hand over a TensorDict.
    returned_reaches: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class LoopNode:
    """One line of the loop diagram: a call (hook point or trainer step) or a loop."""

    label: str
    is_point: bool = False
    loop: str = ""  # level name when this node is a loop
    children: list[LoopNode] = field(default_factory=list)


@dataclass(frozen=True)
class HookPointSurvey:
    accepted: list[str]  # register_op's `dest` values, in torchrl's order
    points: list[HookPoint]  # in the order train() first calls them
    trace: list[str]  # every call of the probe run, in order
    loop: list[LoopNode]  # the run as a nested structure
    batches: int
    num_epochs: int
    optim_steps_per_batch: int
    unknown_point_error: str  # what register_op says for a dest it does not know

    def point(self, name: str) -> HookPoint:
        for point in self.points:
            if point.name == name:
                return point
        raise KeyError(name)

    def attribute_to_point(self) -> dict[str, str]:
        return {p.ops_attribute: p.name for p in self.points}
