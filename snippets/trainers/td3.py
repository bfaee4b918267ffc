"""Train TD3 on Pendulum with TD3Trainer.

A custom hook, request_stop, a checkpoint, and a fresh trainer that restores it.

Runs on a CPU in a few seconds. For real training raise TOTAL_FRAMES (Pendulum
needs tens of thousands of frames) and OPTIM_STEPS_PER_BATCH.
"""

import tempfile
from pathlib import Path

import torch
from tensordict.nn import TensorDictSequential
from torchrl.checkpoint import Checkpoint
from torchrl.collectors import Collector
from torchrl.data import LazyTensorStorage, ReplayBuffer
from torchrl.envs import GymEnv
from torchrl.modules import MLP, Actor, AdditiveGaussianModule, ValueOperator
from torchrl.objectives import SoftUpdate, TD3Loss, ValueEstimators
from torchrl.trainers.algorithms import TD3Trainer
from torchrl.trainers.algorithms.td3 import TD3OptimizationStepper

FRAMES_PER_BATCH = 50  # frames collected between two optimization phases
TOTAL_FRAMES = 300  # the whole budget of the first run
STOP_AT_FRAMES = 200  # our hook asks the trainer to stop here
RANDOM_FRAMES = 50  # the collector acts randomly for these first frames
OPTIM_STEPS_PER_BATCH = 10
BATCH_SIZE = 32
HIDDEN = 32
SEED = 0


def make_trainer(
    save_to: Path, stop_at_frames: int | None, progress: list
) -> TD3Trainer:
    """Everything a TD3Trainer needs, from scratch (called twice: train, restore)."""
    torch.manual_seed(SEED)
    env = GymEnv("Pendulum-v1")
    env.set_seed(SEED)
    n_obs = env.observation_spec["observation"].shape[-1]
    n_act = env.action_spec.shape[-1]

    # A deterministic actor and a Q-value network on (observation, action).
    actor = Actor(
        MLP(in_features=n_obs, out_features=n_act, num_cells=[HIDDEN]),
        spec=env.action_spec,
    )
    qvalue = ValueOperator(
        MLP(in_features=n_obs + n_act, out_features=1, num_cells=[HIDDEN]),
        in_keys=["observation", "action"],
    )
    # Gaussian noise on the actions the collector takes (not on the ones the loss sees).
    noise = AdditiveGaussianModule(spec=env.action_spec, sigma_init=0.3, sigma_end=0.3)

    loss = TD3Loss(actor, qvalue, action_spec=env.action_spec)
    # Build the value estimator now: a loss builds it lazily on its first call, and a
    # checkpoint of a trained loss then has a buffer a fresh loss lacks.
    loss.make_value_estimator(ValueEstimators.TD0, gamma=0.99)

    collector = Collector(
        env,
        TensorDictSequential(actor, noise),
        frames_per_batch=FRAMES_PER_BATCH,
        total_frames=TOTAL_FRAMES,
        init_random_frames=RANDOM_FRAMES,
        # Keep the env as given (no FutureWarning from torchrl 0.14).
        auto_register_policy_transforms=False,
    )
    # TD3's delayed updates: the critic steps every time, the actor every second step.
    stepper = TD3OptimizationStepper(
        torch.optim.Adam(loss.actor_network_params.values(True, True), lr=1e-3),
        torch.optim.Adam(loss.qvalue_network_params.values(True, True), lr=1e-3),
        policy_update_delay=2,
    )
    trainer = TD3Trainer(
        collector=collector,
        total_frames=TOTAL_FRAMES,
        frame_skip=1,
        optim_steps_per_batch=OPTIM_STEPS_PER_BATCH,
        loss_module=loss,
        optimization_stepper=stepper,
        replay_buffer=ReplayBuffer(
            storage=LazyTensorStorage(10_000), batch_size=BATCH_SIZE
        ),
        target_net_updater=SoftUpdate(loss, tau=0.05),
        exploration_module=noise,  # part of the weights sent to the collector
        progress_bar=False,  # needs tqdm, which the pinned packages do not include
        save_trainer_file=save_to,
        checkpoint=Checkpoint(),  # the unified format (the legacy one is deprecated)
    )

    # A custom hook at the `post_steps` point: it runs once per collected batch,
    # after the optimization phase. It records progress and stops the run early.
    def after_each_batch():
        progress.append((trainer.collected_frames, len(trainer.replay_buffer)))
        if stop_at_frames is not None and trainer.collected_frames >= stop_at_frames:
            trainer.request_stop(f"reached {stop_at_frames} frames")

    trainer.register_op("post_steps", after_each_batch)
    return trainer


with tempfile.TemporaryDirectory() as tmp:
    checkpoint_path = Path(tmp) / "td3-checkpoint"

    progress = []
    trainer = make_trainer(checkpoint_path, STOP_AT_FRAMES, progress)
    trainer.train()  # stops at STOP_AT_FRAMES, saving the checkpoint on the way out
    for frames, stored in progress:
        print(f"collected {frames:4d} frames, replay buffer holds {stored}")
    assert trainer.collected_frames == STOP_AT_FRAMES < TOTAL_FRAMES
    assert checkpoint_path.exists(), "request_stop() saves before train() returns"
    # train() shut the collector down on its way out: this trainer cannot run again.
    try:
        trainer.train()
    except AttributeError as error:  # the shut-down collector has dropped its buffers
        print("a second train() on the same trainer fails:", error)
    else:
        raise AssertionError("expected a second train() to fail")

    # A fresh trainer, built the same way, picks up where the first one stopped.
    restored_progress = []
    restored = make_trainer(checkpoint_path, None, restored_progress)
    restored.load_from_file(checkpoint_path)
    assert restored.collected_frames == STOP_AT_FRAMES
    assert (
        len(restored.replay_buffer) == STOP_AT_FRAMES
    )  # the replay buffer is a checkpoint component too
    for name, weight in trainer.loss_module.state_dict().items():
        assert torch.equal(weight, restored.loss_module.state_dict()[name]), name
    # The optimizers live in the stepper, which the trainer saves as a module.
    trained_adam = trainer.optimization_stepper.optimizer_critic.state_dict()["state"]
    restored_adam = restored.optimization_stepper.optimizer_critic.state_dict()["state"]
    assert all(
        torch.equal(trained_adam[i]["exp_avg"], restored_adam[i]["exp_avg"])
        for i in trained_adam
    )

    restored.train()  # continues to TOTAL_FRAMES
    print(f"resumed run ended at {restored.collected_frames} frames")
    assert restored.collected_frames == TOTAL_FRAMES
