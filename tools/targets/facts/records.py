"""Records about target networks and their updaters: plain, JSON-able dataclasses."""

from __future__ import annotations

from dataclasses import dataclass

from tools.core.codec import record_codec
from tools.core.signatures import Parameter
from tools.estimators.facts.records import Outcome


@dataclass(frozen=True)
class Updater:
    name: str  # SoftUpdate, HardUpdate
    parameters: list[Parameter]  # introspected (the loss module first)


@dataclass(frozen=True)
class SoftMeasure:
    """SoftUpdate, measured on a tiny loss."""

    loss: str  # the zoo loss it ran on
    eps_from_tau: list[tuple[float, float]]  # (tau given, eps the updater kept)
    fraction_moved: float  # after one step(), with TAU: (target' - target) / (source - target)
    tau: float
    same_as_eps: bool  # SoftUpdate(tau=TAU) and SoftUpdate(eps=1 - TAU) moved the targets alike
    both_given: Outcome
    neither_given: Outcome
    low_eps_warning: str  # warning text for an eps below 0.5, "" when none


@dataclass(frozen=True)
class HardCount:
    interval: int  # value_network_update_interval
    first_copy_call: int | None  # the step() call (1-based) that first copied; None: none within the budget
    period: int | None  # calls between that copy and the next one
    calls_tried: int


@dataclass(frozen=True)
class LossTargets:
    """One loss from the zoo: its target parameters, and what an updater does to them."""

    loss: str
    target_groups: list[str]  # introspected: children named target_*_params
    delay_flags: dict[str, str]  # introspected: constructor delay_* parameter -> default (repr)
    not_built: str = ""  # the zoo's reason when it cannot build the loss
    soft_update: Outcome | None = None  # measured: SoftUpdate(loss, tau=...) constructed?
    optimizer_step: Outcome | None = None  # measured: forward, backward, optimizer step
    sources_moved_by_optimizer: bool | None = None  # did that step change the online (source) parameters?
    moved_without_updater: bool | None = None  # did any target change after the optimizer step alone?
    moved_by_updater: dict[str, bool] | None = None  # target group -> changed after updater.step()


@dataclass(frozen=True)
class ForwardWarning:
    """What a loss with target parameters says at forward time when no target updater was built (measured)."""

    loss: str  # the zoo loss it was measured on
    text: str  # "UserWarning: <message>" (every warning with the same text counted below)
    per_forward: int  # warnings with that text in one forward call, every warning shown
    per_forward_after: dict[str, int]  # updater built on the loss first -> the same count
    silenced_by: str  # what the measurement set to make one forward call say nothing ("" when nothing did)


@dataclass(frozen=True)
class TargetsReference:
    updaters: list[Updater]
    soft: SoftMeasure
    hard: list[HardCount]
    hard_loss: str
    losses: list[LossTargets]
    no_updater_warning: ForwardWarning | None = None

    def loss(self, name: str) -> LossTargets:
        for row in self.losses:
            if row.loss == name:
                return row
        raise KeyError(name)

    def updater(self, name: str) -> Updater:
        for updater in self.updaters:
            if updater.name == name:
                return updater
        raise KeyError(name)


encode, decode = record_codec(TargetsReference)
