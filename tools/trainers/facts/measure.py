"""Build every trainer on tiny parts (tools/torchrl/trainer_zoo/) and read what it wired up."""

from __future__ import annotations

import inspect

from tools.core.errors import error_text
from tools.core.signatures import show_value
from tools.hook_points.facts import survey as hook_point_survey
from tools.torchrl import trainer_zoo
from tools.torchrl.trainers import public_module, trainer_classes
from tools.trainers.facts import curated, introspect
from tools.trainers.facts.records import EffectiveDefault, Omission, RegisteredOp, TrainerRecord

# Attributes of LogScalar-like hooks that tell two registrations apart.
DETAIL_ATTRIBUTES = ("logname", "key", "reduction")


def describe_op(op) -> tuple[str, str, str]:
    """(owner class, method name or "", detail) for a registered callable."""
    op = getattr(op, "__wrapped__", op)  # register_op wraps every op in a timing closure
    if inspect.ismethod(op):
        return type(op.__self__).__name__, op.__func__.__name__, ""
    if inspect.isfunction(op):
        return op.__qualname__, "", ""
    detail = ", ".join(f"{name}={getattr(op, name)!r}" for name in DETAIL_ATTRIBUTES if hasattr(op, name))
    return type(op).__name__, "", detail


def registered_ops(trainer, attribute_to_point: dict[str, str]) -> list[RegisteredOp]:
    ops = []
    for attribute, point in attribute_to_point.items():
        for op, _kwargs in getattr(trainer, attribute):
            owner, method, detail = describe_op(op)
            ops.append(RegisteredOp(point=point, owner=owner, method=method, detail=detail))
    return ops


def _simple(value) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


def effective_defaults(trainer, record_params, given: set[str]) -> list[EffectiveDefault]:
    """Declared defaults the constructor replaced (None resolved to a value, a flag turned off)."""
    import ast

    found = []
    for p in record_params:
        if p.required or p.name in given or not hasattr(trainer, p.name):
            continue
        try:
            declared = ast.literal_eval(p.default)
        except (ValueError, SyntaxError):
            continue
        actual = getattr(trainer, p.name)
        if not _simple(actual) or not _simple(declared) or actual == declared:
            continue
        if declared is None or isinstance(declared, bool):
            found.append(EffectiveDefault(p.name, p.default, show_value(actual)))
    return found


def omissions(trainer_name: str, params) -> list[Omission]:
    """Rebuild without each optional part the tiny build passes: accepted, or the error torchrl raises.

    Every rebuild gets fresh parts: a dropped Trainer shuts its collector down
    (``Trainer.__del__``), so parts are never shared between builds.
    """
    out = []
    declared = {p.name: p for p in params}
    for name in trainer_zoo.construction(trainer_name).parts:
        p = declared.get(name)
        if p is None or p.required:
            continue
        with trainer_zoo.captured():
            try:
                trainer_zoo.construction(trainer_name).build(omit=(name,))
            except Exception as exc:  # the answer torchrl gives is the measurement
                outcome = error_text(exc)
            else:
                outcome = "accepted"
        out.append(Omission(name=name, declared_default=p.default, outcome=outcome))
    return out


def ray_backend(trainer_name: str, params) -> str:
    if not any(p.name == "learner_backend" for p in params):
        return ""
    with trainer_zoo.captured():
        try:
            trainer_zoo.construction(trainer_name).build(learner_backend="ray")
        except Exception as exc:  # recorded: this is what a user without Ray sees
            return error_text(exc)
    return "accepted"


def checkpoint_components(trainer) -> list[str]:
    from torchrl.checkpoint import Checkpoint

    with trainer_zoo.captured():
        return sorted(trainer._sync_checkpoint_components(Checkpoint()).components)


def measure_trainer(
    name: str, cls: type, loss_entry: curated.TrainerLoss, reference_only: dict[str, str]
) -> TrainerRecord:
    params = introspect.parameters(cls)
    attribute_to_point = hook_point_survey().attribute_to_point()
    with trainer_zoo.captured():
        construction = trainer_zoo.construction(name)
    used_loss = type(construction.parts["loss_module"]).__name__
    if used_loss != loss_entry.loss and not construction.stand_in:
        raise curated.CuratedDataError(
            f"data/trainers.yaml pairs {name} with {loss_entry.loss}, but tools/torchrl/trainer_zoo/trainers.py builds it with "
            f"{used_loss}; make them agree or give the construction a stand_in reason"
        )
    with trainer_zoo.captured() as said:
        trainer = construction.build()
    given = set(construction.parts) | set(construction.common)
    return TrainerRecord(
        name=name,
        module=public_module(cls),
        bases=[k.__name__ for k in cls.__mro__[1:] if k is not object],
        parameters=params,
        built_with=construction.given(),
        stand_in=construction.stand_in,
        construction_warnings=said.texts(),
        default_ops=registered_ops(trainer, attribute_to_point),
        modules={key: type(value).__name__ for key, value in trainer._modules.items()},
        effective_defaults=effective_defaults(trainer, params, given),
        omissions=omissions(name, params),
        checkpoint_components=checkpoint_components(trainer),
        ray_backend=ray_backend(name, params),
        methods=introspect.methods(cls),
        loss=loss_entry.loss,
        other_losses=list(loss_entry.also),
        loss_note=loss_entry.note,
        reference_only={p.name: reference_only[p.name] for p in params if p.name in reference_only},
    )


def measure_all() -> list[TrainerRecord]:
    with trainer_zoo.captured():  # each build records its own messages; this catches the imports around them
        return _measure_all()


def _measure_all() -> list[TrainerRecord]:
    classes = trainer_classes()
    data = curated.load()
    curated.validate(
        data, list(classes), {name: [p.name for p in introspect.parameters(c)] for name, c in classes.items()}
    )
    unbuildable = sorted(set(classes) - set(trainer_zoo.CONSTRUCTIONS))
    if unbuildable:
        raise trainer_zoo.NoConstruction(
            f"torchrl has trainer classes {unbuildable} that tools/torchrl/trainer_zoo/trainers.py cannot build; add constructions to RECIPES there"
        )
    # Without their parameters' descriptions: those are read from the build's griffe parse (descriptions.described).
    return [measure_trainer(name, cls, data.losses[name], data.reference_only) for name, cls in sorted(classes.items())]
