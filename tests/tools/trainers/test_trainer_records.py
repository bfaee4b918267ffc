"""The trainer records cover torchrl's trainer classes and agree with a live build."""

from __future__ import annotations

import pytest

from tools.torchrl.trainers import trainer_classes
from tools.trainers import facts as trainers
from tools.trainers.facts import curated
from tools.trainers.views.render import METHOD_PURPOSE, render_page


def test_records_cover_every_exported_trainer_class():
    # Independent of the subclass walk the records were built from: torchrl's exports.
    import importlib

    from torchrl.trainers import Trainer

    exported = {
        name
        for namespace in ("torchrl.trainers", "torchrl.trainers.algorithms")
        for name in importlib.import_module(namespace).__all__
        if isinstance(obj := getattr(importlib.import_module(namespace), name), type) and issubclass(obj, Trainer)
    }
    assert exported <= {r.name for r in trainers.trainer_records()}
    assert {r.name for r in trainers.trainer_records()} == set(trainer_classes())


def test_parameters_match_the_live_signature():
    import inspect

    for r in trainers.trainer_records():
        cls = trainer_classes()[r.name]
        live = [p for p in inspect.signature(cls.__init__).parameters.values() if p.name != "self"]
        assert [p.name for p in r.parameters] == [p.name for p in live if p.kind is not p.VAR_KEYWORD]


@pytest.mark.parametrize("name", ["PPOTrainer", "TD3Trainer", "CQLTrainer"])
def test_default_hooks_match_a_fresh_build(name):
    from tools.hook_points import facts as hook_points
    from tools.torchrl import trainer_zoo
    from tools.trainers.facts.measure import registered_ops

    with trainer_zoo.captured():
        trainer = trainer_zoo.construction(name).build()
    live = registered_ops(trainer, hook_points.survey().attribute_to_point())
    assert [(op.point, op.label) for op in live] == [(op.point, op.label) for op in trainers.record(name).default_ops]


def test_ppo_resolves_num_epochs_to_its_class_default():
    from torchrl.trainers.algorithms import PPOTrainer

    effective = {e.name: e.effective for e in trainers.record("PPOTrainer").effective_defaults}
    assert effective["num_epochs"] == str(PPOTrainer._default_num_epochs)


def test_every_described_method_exists_on_trainer():
    from torchrl.trainers import Trainer

    missing = [name for name in METHOD_PURPOSE if not callable(getattr(Trainer, name, None))]
    assert not missing, f"METHOD_PURPOSE describes methods Trainer lacks: {missing}"


def test_curated_data_is_checked_both_ways():
    data = curated.load()
    names = list(trainer_classes())
    params = {"Trainer": ["learner_backend"]}
    with pytest.raises(curated.CuratedDataError, match="without a `losses` entry: \\['NewTrainer'\\]"):
        curated.validate(data, [*names, "NewTrainer"], {**params, **{n: list(data.reference_only) for n in names}})
    with pytest.raises(curated.CuratedDataError, match="for classes torchrl does not have: \\['PPOTrainer'\\]"):
        curated.validate(data, [n for n in names if n != "PPOTrainer"], {n: list(data.reference_only) for n in names})
    bad = curated.CuratedTrainers(
        losses={**data.losses, "Trainer": curated.TrainerLoss("NoSuchLoss")}, reference_only={}
    )
    with pytest.raises(curated.CuratedDataError, match="'NoSuchLoss', which is not a LossModule"):
        curated.validate(bad, names, {})


def test_page_lists_every_parameter_and_point():
    from tools.config_groups import facts as config_groups
    from tools.hook_points import facts as hook_points

    record = trainers.record("TD3Trainer")
    page = render_page(record, config_groups.survey(), hook_points.survey())
    assert all(f"| `{p.name}` |" in page for p in record.parameters)
    assert all(f"[`{op.point}`](loop.md#point-{op.point})" in page for op in record.default_ops)


def test_checkpoint_load_defaults_are_the_ones_torchrl_declares():
    from torchrl.trainers.trainers import _torch_load_defaults

    facts = trainers.checkpoint_facts()
    torch_run = next(r for r in facts.runs if r.how == "CKPT_BACKEND=torch" and not r.fresh)
    shown = ", ".join(f"{k}={v!r}" for k, v in sorted(_torch_load_defaults().items()))
    assert torch_run.load_calls == [f"torch.load({shown})"]
    unified = [r for r in facts.runs if r.how == "checkpoint=Checkpoint()"]
    assert any(r.weights_restored and r.counters_restored for r in unified)
