"""Measurement: for every loss that uses a value estimator, try every ValueEstimators member.

Each cell starts from a fresh loss and batch out of the loss zoo
(``tools.torchrl.loss_zoo``), calls ``loss.make_value_estimator(member)`` and then
the loss's forward on the zoo's batch.  Whatever raises is recorded with the
step that raised and the error's first line; nothing is left blank.
"""

from __future__ import annotations

from tools.core.silence import quiet
from tools.estimator_matrix.facts.records import Cell, KeyForwarding, Matrix, MatrixRow
from tools.estimators.facts.records import Outcome
from tools.torchrl import loss_zoo as zoo
from tools.torchrl import losses as discover

SIGNALS = ("reward", "done", "terminated")
RENAMED = "renamed_{}"


def uses_value_estimator(cls: type) -> bool:
    """A loss uses an estimator when it names a default one or declares the ones it supports."""
    return getattr(cls, "default_value_estimator", None) is not None or hasattr(cls, "SUPPORTED_VALUE_ESTIMATORS")


def estimator_losses() -> dict[str, type]:

    return {name: cls for name, cls in discover.loss_classes().items() if uses_value_estimator(cls)}


def declared_members(cls: type) -> list[str]:
    return [member.name for member in getattr(cls, "SUPPORTED_VALUE_ESTIMATORS", ())]


def measure_cell(loss_name: str, member_name: str, declared: bool) -> Cell:
    """One fresh loss from the zoo, one estimator, one forward pass."""
    from torchrl.objectives import ValueEstimators

    member = ValueEstimators[member_name]
    case = zoo.build(loss_name)  # a zoo failure is the zoo's bug: let it raise
    stage = "make_value_estimator"
    try:
        with quiet():
            case.loss.make_value_estimator(member)
            stage = "forward"
            case.loss(case.batch.clone())
    except Exception as exc:  # recorded with its text: the cell shows it
        return Cell(member_name, declared, Outcome.from_exception(exc), stage)
    return Cell(member_name, declared, Outcome(ok=True))


def measure_forwarding(case: zoo.LossCase) -> KeyForwarding:
    """Rename reward/done/terminated on a fresh loss; which of them reach its default estimator?"""
    loss = case.loss
    fields = [f for f in SIGNALS if f in loss._AcceptedKeys.__dataclass_fields__]
    try:
        with quiet():
            loss.set_keys(**{f: RENAMED.format(f) for f in fields})
            estimator = loss.value_estimator
    except Exception as exc:
        return KeyForwarding(Outcome.from_exception(exc), "", [], list(fields))
    if estimator is None:
        return KeyForwarding(Outcome(ok=True), "", [], list(fields))
    forwarded = [f for f in fields if getattr(estimator.tensor_keys, f) == RENAMED.format(f)]
    return KeyForwarding(
        Outcome(ok=True), type(estimator).__name__, forwarded, [f for f in fields if f not in forwarded]
    )


def measure_row(name: str) -> MatrixRow | None:
    """Every member on one loss; None when the loss uses no value estimator."""
    from torchrl.objectives import ValueEstimators

    cls = discover.loss_classes()[name]
    if not uses_value_estimator(cls):
        return None
    members = [member.name for member in ValueEstimators]
    declared = declared_members(cls)
    default = getattr(cls, "default_value_estimator", None)
    default = default.name if default is not None else None
    if name not in zoo.names():
        reason = zoo.NOT_BUILT.get(name)
        if reason is None:
            raise RuntimeError(
                f"{name} uses a value estimator but the loss zoo has neither a construction nor a reason for it "
                "(tools/torchrl/loss_zoo/constructions/, zoo.NOT_BUILT)"
            )
        return MatrixRow(name, default, declared, [Cell(m, m in declared, None) for m in members], not_built=reason)
    cells = [measure_cell(name, m, m in declared) for m in members]
    case = zoo.build(name)  # one more fresh loss: its batch's size, then the renaming (which changes the loss)
    batch_size = list(case.batch.batch_size)
    return MatrixRow(name, default, declared, cells, batch_size=batch_size, forwarding=measure_forwarding(case))


def measure_matrix() -> Matrix:
    from torchrl.objectives import ValueEstimators

    return Matrix(
        members=[member.name for member in ValueEstimators], rows=[measure_row(name) for name in estimator_losses()]
    )
