"""Hook class records cover every TrainerHookBase subclass, and attachments match a live register()."""

from __future__ import annotations

from tools.hook_points import facts as hook_points
from tools.hooks import facts as hooks
from tools.torchrl import trainer_zoo
from tools.trainers.facts.measure import describe_op


def test_records_cover_every_exported_hook_class_and_only_hook_classes():
    # Independent of the discovery the records were built from (a walk of TrainerHookBase's
    # subclasses): what torchrl exports, read from the __all__ of its trainer namespaces.
    import importlib

    from torchrl.trainers import TrainerHookBase

    exported = set()
    for namespace in ("torchrl.trainers", "torchrl.trainers.algorithms"):
        module = importlib.import_module(namespace)
        for name in module.__all__:
            obj = getattr(module, name)
            if isinstance(obj, type) and issubclass(obj, TrainerHookBase) and obj is not TrainerHookBase:
                exported.add(name)
    recorded = {r.name: r for r in hooks.hook_records()}
    assert exported - set(recorded) == set(), "hook classes torchrl exports that the hooks page misses"
    for record in recorded.values():
        cls = getattr(importlib.import_module(record.module), record.name)
        assert issubclass(cls, TrainerHookBase), f"{record.name} is not a TrainerHookBase subclass"


def test_every_hook_goes_somewhere_or_says_why():
    for r in hooks.hook_records():
        assert r.attaches or r.is_stepper or r.error, f"{r.name}: no attachment recorded"
        assert r.module_name or r.attaches or r.error, r.name


def test_replay_buffer_trainer_attachments_match_a_live_register():
    from torchrl.trainers import ReplayBufferTrainer

    attribute_to_point = hook_points.survey().attribute_to_point()
    with trainer_zoo.captured():
        trainer = trainer_zoo.probe_trainer()
        before = {id(op) for a in attribute_to_point for op, _ in getattr(trainer, a)}
        ReplayBufferTrainer(trainer_zoo.replay_buffer()).register(trainer)
    live = [
        (point, ".".join(x for x in describe_op(op)[:2] if x))
        for a, point in attribute_to_point.items()
        for op, _ in getattr(trainer, a)
        if id(op) not in before
    ]
    record = next(r for r in hooks.hook_records() if r.name == "ReplayBufferTrainer")
    assert sorted(live) == sorted((a.point, a.callable) for a in record.attaches)
