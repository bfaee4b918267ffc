"""Hook class records cover every TrainerHookBase subclass, and attachments match a live register()."""

from __future__ import annotations

from tools import hook_points, hooks, trainer_zoo
from tools.trainers.measure import describe_op


def test_records_cover_every_hook_class_both_ways():
    assert {r.name for r in hooks.records()} == set(trainer_zoo.hook_classes())


def test_every_hook_goes_somewhere_or_says_why():
    for r in hooks.records():
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
    record = next(r for r in hooks.records() if r.name == "ReplayBufferTrainer")
    assert sorted(live) == sorted((a.point, a.callable) for a in record.attaches)
