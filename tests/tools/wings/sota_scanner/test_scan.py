"""The scanner on a small tree written for it: the exact output, and the facts it must get right."""

from __future__ import annotations

import json

from tools.sota.facts.summary import built
from tools.wings.sota_scanner.__main__ import render_json

from .conftest import FIXTURE

REFRESH = "python -m tools.wings.sota_scanner tests/tools/wings/sota_scanner/fixture/rl --commit fixture -o tests/tools/wings/sota_scanner/fixture/expected.json"


def test_output_is_exactly_the_reviewed_one(fixture_map):
    expected = (FIXTURE / "expected.json").read_text()
    assert render_json(fixture_map) == expected, f"the scanner's output changed; review it, then: {REFRESH}"


def test_every_directory_is_mapped_even_without_python(fixture_map):
    assert [d.name for d in fixture_map.directories] == ["alpha", "beta_trainer", "empty"]
    assert fixture_map.directory("empty").scripts == []


def _alpha(fixture_map):
    return fixture_map.directory("alpha").scripts[0]


def test_loss_is_followed_through_the_helper_and_a_class_alias(fixture_map):
    script = _alpha(fixture_map)
    (loss,) = built(script, "loss")
    assert (loss.name, loss.module, loss.file) == ("SACLoss", "torchrl.objectives.sac", "utils.py")
    alpha_init = next(a for a in loss.arguments if a.name == "alpha_init")
    assert (alpha_init.source, alpha_init.value, alpha_init.config_keys) == ("config", 0.5, ["loss.alpha_init"])


def test_unreached_helpers_are_not_counted(fixture_map):
    # utils.unused_helper builds a GymEnv too, but nothing calls it.
    assert len(built(_alpha(fixture_map), "env")) == 1


def test_updater_arguments_are_computed_from_the_config(fixture_map):
    (updater,) = built(_alpha(fixture_map), "target_updater")
    eps = next(a for a in updater.arguments if a.name == "eps")
    assert (eps.source, eps.value, eps.config_keys) == ("computed", 0.99, ["loss.tau"])  # 1 - 0.01
    assert next(a for a in updater.arguments if a.name == "#0").value == "SACLoss"


def test_value_estimator_call_names_its_loss_and_member(fixture_map):
    (call,) = built(_alpha(fixture_map), "make_value_estimator")
    assert call.on == "SACLoss"
    assert [(a.name, a.value) for a in call.arguments] == [("value_type", "ValueEstimators.TD0"), ("gamma", 0.98)]


def test_step_inside_an_if_the_critic_step_is_not_is_conditional(fixture_map):
    (step,) = _alpha(fixture_map).updater_steps
    assert step.placement == "after-optimizer-step" and step.conditional
    assert step.condition_names == ["update_actor"]
    # update_actor is the closure's parameter; its caller passes `delayed`, set from the config.
    assert step.condition_config == {"optim.actor_delay": 3}


def test_branches_say_what_runs_with_the_default_config(fixture_map):
    storages = {c.name: c for c in built(_alpha(fixture_map), "storage", default_only=False)}
    assert storages["LazyTensorStorage"].by_default is True
    assert storages["LazyMemmapStorage"].by_default is False
    assert storages["LazyMemmapStorage"].when == {"buffer.scratch": False}


def test_config_values_are_read_as_hydra_reads_them(fixture_map):
    values = {h.key: h.value for h in _alpha(fixture_map).hyperparameters}
    assert values["optim.lr"] == 0.001  # `1e-3`: a string for PyYAML, a float for Hydra
    assert values["buffer.batch_size"] == 3  # an interpolation, resolved


def test_launchers_smoke_tests_and_requirements(fixture_map):
    alpha = fixture_map.directory("alpha")
    assert [(x.file, x.scripts, x.gpus) for x in alpha.launchers] == [("run_alpha.sh", ["train_alpha.py"], 2)]
    assert alpha.ci_smoke == {"alpha-smoke": "train_alpha.py"}
    assert alpha.requirements == ["gymnasium", "mujoco"]
    assert _alpha(fixture_map).third_party == ["gymnasium"]


def test_the_smoke_tests_command_and_test_ids_are_read_from_the_ci_scripts(fixture_map):
    runner = fixture_map.ci_smoke_runner
    # The command line of run_test.sh that names the smoke file, its shell variables left out.
    assert runner.script == ".github/unittest/linux_sota/scripts/run_test.sh"
    assert runner.command == "python -m pytest .github/unittest/linux_sota/scripts/test_sota.py -v"
    assert (runner.test, runner.parameter) == ("test_smoke", "name")
    # Only the exported variable the smoke file names.
    assert runner.environment == {"FIXTURE_FLAG": "0"}
    # A command spread over continued lines is one line.
    beta = fixture_map.directory("beta_trainer").ci_smoke_commands
    assert beta == {"beta": "python sota-implementations/beta_trainer/train.py trainer.total_frames=10"}


def test_losses_are_recognised_by_torchrl_class_lists_not_by_their_names():
    import pytest

    from tools.sota.facts import classify

    assert classify.kind_of("torchrl.objectives.sac", "SACLoss") == "loss"
    # Not exported by torchrl.objectives, but a LossModule subclass torchrl defines: still a loss.
    assert classify.kind_of("torchrl.objectives.deprecated", "REDQLoss_deprecated") == "loss"
    # Names that read like losses or estimators but are not those classes.
    assert classify.kind_of("torchrl.objectives", "LossModule") is None
    assert classify.kind_of("torchrl.objectives", "ValueEstimators") is None
    assert classify.kind_of("torchrl.objectives.value", "GAE") == "value_estimator"
    assert classify.kind_of("torchrl.objectives", "SoftUpdate") == "target_updater"
    assert classify.kind_of("torchrl.trainers", "ReplayBufferTrainer") is None  # a hook, not a Trainer
    assert classify.kind_of("torchrl.trainers", "Trainer") == "trainer"
    with pytest.raises(classify.NotInstalled, match="VanishedLoss is not in the installed torchrl"):
        classify.kind_of("torchrl.objectives", "VanishedLoss")


def test_trainer_configs_include_the_ones_that_extend_them(fixture_map):
    files = [c.file for c in fixture_map.directory("beta_trainer").trainer_configs]
    assert files == [  # not unrelated.yaml
        "config/broken.yaml",
        "config/config.yaml",
        "config/refused.yaml",
        "config/spare.yaml",
        "config/variant.yaml",
    ]


def test_output_is_json_that_round_trips(fixture_map):
    from tools.sota.facts.records import decode, encode

    assert decode(json.loads(render_json(fixture_map))) == decode(encode(fixture_map))
