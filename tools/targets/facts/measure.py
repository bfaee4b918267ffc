"""Measurement: run SoftUpdate and HardUpdate on losses from the zoo and record what moved.

Targets are compared leaf by leaf before and after each call; every error is
recorded with its first line.
"""

from __future__ import annotations

from tools.core.errors import first_line
from tools.core.signatures import class_signature
from tools.core.silence import quiet, recording, warning_text
from tools.estimators.facts.records import Outcome
from tools.losses.facts.introspect import TARGET_PREFIX, delay_flags, target_groups
from tools.targets.facts.records import ForwardWarning, HardCount, LossTargets, SoftMeasure, TargetsReference, Updater
from tools.torchrl import loss_zoo as zoo
from tools.torchrl import losses as discover
from tools.torchrl import updaters

MECHANICS_LOSS = "DQNLoss"  # the zoo loss the updaters' mechanics are measured on
TAU = 0.25  # large, so one step moves the targets a visible fraction
TAUS = (0.005, TAU)
LOW_EPS = 0.1
HARD_INTERVALS = (1, 3, 5)
PERTURBATION = 1.0
LEARNING_RATE = 0.1


def _build(name: str):
    with quiet():
        return zoo.build(name)


def _pairs(loss):
    """(source params, target params) TensorDicts of every target group of the loss."""
    for group in target_groups(loss):
        source = group[len(TARGET_PREFIX) :]
        yield group, getattr(loss, source), getattr(loss, group)


def _snapshot(loss) -> dict:
    return {group: target.detach().clone() for group, _, target in _pairs(loss)}


def _changed(before, after) -> bool:
    import torch

    return any(not torch.equal(before.get(key), after.get(key)) for key in before.keys(True, True))


def _perturb_sources(loss, delta: float = PERTURBATION) -> None:
    import torch

    with torch.no_grad():
        for _, source, _ in _pairs(loss):
            for value in source.values(True, True):
                if value.is_floating_point():
                    value.data.add_(delta)


def _targets_equal_sources(loss) -> bool:
    import torch

    for _, source, target in _pairs(loss):
        for key in target.keys(True, True):
            if not torch.equal(source.get(key).data, target.get(key).data):
                return False
    return True


def _error_of(build) -> Outcome:
    try:
        with quiet():
            build()
    except Exception as exc:  # recorded: the page shows the text
        return Outcome.from_exception(exc)
    return Outcome(ok=True)


def measure_soft() -> SoftMeasure:
    import torch
    from torchrl.objectives import SoftUpdate

    eps_from_tau = []
    for tau in TAUS:
        updater = SoftUpdate(_build(MECHANICS_LOSS).loss, tau=tau)
        eps_from_tau.append((tau, float(updater.eps)))

    def one_step(**kwargs):
        loss = _build(MECHANICS_LOSS).loss
        updater = SoftUpdate(loss, **kwargs)
        before = _snapshot(loss)
        _perturb_sources(loss)
        sources = {group: source.detach().clone() for group, source, _ in _pairs(loss)}
        updater.step()
        return before, sources, _snapshot(loss)

    before, sources, after = one_step(tau=TAU)
    fractions = []
    for group in before:
        for key in before[group].keys(True, True):
            gap = sources[group].get(key) - before[group].get(key)
            moved = after[group].get(key) - before[group].get(key)
            mask = gap.abs() > 1e-6
            fractions.append((moved[mask] / gap[mask]).mean())
    fraction = float(torch.stack(fractions).mean())
    _, _, after_eps = one_step(eps=1 - TAU)
    same = all(torch.allclose(after[g].get(k), after_eps[g].get(k)) for g in after for k in after[g].keys(True, True))

    with recording() as caught:
        SoftUpdate(_build(MECHANICS_LOSS).loss, eps=LOW_EPS)
    low = [first_line(str(w.message)) for w in caught if "eps" in str(w.message)]
    return SoftMeasure(
        loss=MECHANICS_LOSS,
        eps_from_tau=eps_from_tau,
        fraction_moved=round(fraction, 6),
        tau=TAU,
        same_as_eps=same,
        both_given=_error_of(lambda: SoftUpdate(_build(MECHANICS_LOSS).loss, eps=0.9, tau=0.1)),
        neither_given=_error_of(lambda: SoftUpdate(_build(MECHANICS_LOSS).loss)),
        low_eps_warning=low[0] if low else "",
    )


def measure_hard(interval: int) -> HardCount:
    """Which step() call copies the sources onto the targets, and how often after that."""
    from torchrl.objectives import HardUpdate

    loss = _build(MECHANICS_LOSS).loss
    updater = HardUpdate(loss, value_network_update_interval=interval)
    budget = 4 * (interval + 2)
    copies = []
    _perturb_sources(loss)
    for call in range(1, budget + 1):
        updater.step()
        if _targets_equal_sources(loss):
            copies.append(call)
            _perturb_sources(loss)  # move the sources again, to see the next copy
            if len(copies) == 2:
                break
    first = copies[0] if copies else None
    period = copies[1] - copies[0] if len(copies) == 2 else None
    return HardCount(interval, first, period, budget)


def measure_loss(name: str) -> LossTargets:
    import torch
    from torchrl.objectives import SoftUpdate

    case = _build(name)
    loss = case.loss
    groups = target_groups(loss)
    flags = delay_flags(type(loss))
    soft = _error_of(lambda: SoftUpdate(_build(name).loss, tau=TAU))
    if not groups:
        return LossTargets(name, groups, flags, soft_update=soft)

    updater = SoftUpdate(loss, tau=TAU)
    before = _snapshot(loss)
    sources_before = {g: source.detach().clone() for g, source, _ in _pairs(loss)}
    try:
        with quiet():
            out = loss(case.batch.clone())
            # Not every loss names its terms loss_*: DQNLoss returns a single "loss".
            total = sum(v.sum() for k, v in out.items() if k.startswith("loss") and v.requires_grad)
            optimizer = torch.optim.SGD(loss.parameters(), lr=LEARNING_RATE)
            optimizer.zero_grad()
            total.backward()
            optimizer.step()
        step = Outcome(ok=True)
    except Exception as exc:
        step = Outcome.from_exception(exc)
    after_optimizer = _snapshot(loss)
    moved_without = any(_changed(before[g], after_optimizer[g]) for g in groups)
    sources_moved = any(_changed(sources_before[g], source) for g, source, _ in _pairs(loss))
    # Make sure every source differs from its target, whatever the gradients did.
    _perturb_sources(loss)
    updater.step()
    after_updater = _snapshot(loss)
    moved = {g: _changed(after_optimizer[g], after_updater[g]) for g in groups}
    return LossTargets(
        name,
        groups,
        flags,
        soft_update=soft,
        optimizer_step=step,
        sources_moved_by_optimizer=sources_moved,
        moved_without_updater=moved_without,
        moved_by_updater=moved,
    )


def _forward_warnings(loss, batch, text: str | None = None) -> tuple[int, str]:
    """(how many warnings one forward call raised with ``text`` (or the first text seen), that text)."""
    with recording() as caught:
        loss(batch.clone())
    texts = [warning_text(w) for w in caught]
    text = text if text is not None else next((t for t in texts if "updater" in t.lower()), "")
    return sum(t == text for t in texts), text


def measure_no_updater_warning() -> ForwardWarning:
    """A loss with target parameters and no updater built: what its forward pass warns, how often, and what
    stops it (an updater built on the loss; torchrl's RL_WARNINGS flag, which the variable sets at import)."""
    import torchrl._utils as rl_utils

    case = _build(MECHANICS_LOSS)
    per_forward, text = _forward_warnings(case.loss, case.batch)
    if not text:
        raise RuntimeError(
            f"{MECHANICS_LOSS} without an updater warned nothing at forward time; "
            "tools/targets/facts/measure.py expects torchrl's no-updater warning"
        )
    after = {}
    for name, make in (
        ("SoftUpdate", lambda loss: updaters.updater_classes()["SoftUpdate"](loss, tau=TAU)),
        ("HardUpdate", lambda loss: updaters.updater_classes()["HardUpdate"](loss, value_network_update_interval=1)),
    ):
        fresh = _build(MECHANICS_LOSS)
        make(fresh.loss)
        after[name] = _forward_warnings(fresh.loss, fresh.batch, text)[0]
    saved = rl_utils.RL_WARNINGS
    rl_utils.RL_WARNINGS = False
    try:
        quiet_count = _forward_warnings(case.loss, case.batch, text)[0]
    finally:
        rl_utils.RL_WARNINGS = saved
    silenced = "RL_WARNINGS=0 (torchrl reads it once, into torchrl._utils.RL_WARNINGS)" if quiet_count == 0 else ""
    return ForwardWarning(MECHANICS_LOSS, text, per_forward, after, silenced)


def measure_all() -> TargetsReference:
    built = set(zoo.names())
    losses = []
    for name, cls in discover.loss_classes().items():
        if name in built:
            losses.append(measure_loss(name))
        else:
            losses.append(LossTargets(name, [], delay_flags(cls), not_built=zoo.NOT_BUILT.get(name, "")))
    return TargetsReference(
        updaters=[Updater(name, class_signature(cls).all()) for name, cls in updaters.updater_classes().items()],
        soft=measure_soft(),
        hard=[measure_hard(interval) for interval in HARD_INTERVALS],
        hard_loss=MECHANICS_LOSS,
        losses=losses,
        no_updater_warning=measure_no_updater_warning(),
    )
