"""One record per trainer hook class: its constructor, and where register() attaches it (measured)."""

from __future__ import annotations

from dataclasses import dataclass, field

from tools.core.signatures import Parameter


@dataclass(frozen=True)
class Attachment:
    point: str  # hook point, "" when it is only registered as a module
    callable: str  # "ReplayBufferTrainer.extend", "LogScalar"


@dataclass(frozen=True)
class HookClassRecord:
    name: str
    module: str
    exported: bool  # importable from torchrl.trainers or torchrl.trainers.algorithms
    is_stepper: bool  # an OptimizationStepper (drives the optimization step, not a hook point)
    parameters: list[Parameter]
    register_call: str  # "register(trainer, name='replay_buffer')"
    # Measured by calling register(trainer) on a probe trainer:
    attaches: list[Attachment] = field(default_factory=list)
    module_name: str = ""  # name it takes in trainer._modules ("" when none)
    made: str = ""  # how the instance was made when not by its constructor
    error: str = ""  # what register() raised, if it did
    summary: str = ""  # what it is for: the first paragraph of its upstream docstring (introspected)
    # Parameters whose signature default is None -> what the built hook holds under that name when the
    # construction left it out (measured; only where the hook keeps an attribute of that name).
    effective_defaults: dict[str, str] = field(default_factory=dict)
