"""Train PPO on Pendulum with PPOTrainer.

Custom hooks, request_stop, a checkpoint, and a fresh trainer that restores it.

Runs on a CPU in a few seconds. For real training raise TOTAL_FRAMES (Pendulum
needs about a million frames with PPO) and FRAMES_PER_BATCH.
"""

import tempfile
from pathlib import Path

import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.checkpoint import Checkpoint
from torchrl.collectors import Collector
from torchrl.data import LazyTensorStorage, ReplayBuffer, SamplerWithoutReplacement
from torchrl.envs import GymEnv
from torchrl.modules import MLP, ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss
from torchrl.trainers.algorithms import PPOTrainer

FRAMES_PER_BATCH = 64  # one on-policy batch
MINIBATCH = 16  # sub-batch size of each optimizer step
NUM_EPOCHS = 4  # passes over each batch (PPOTrainer's own default is 4 too)
TOTAL_FRAMES = 320
STOP_AT_FRAMES = 192
HIDDEN = 32
SEED = 0


def make_trainer(
    save_to: Path, stop_at_frames: int | None, optimizer_steps: list
) -> PPOTrainer:
    """Everything a PPOTrainer needs, from scratch (called twice: train, restore)."""
    torch.manual_seed(SEED)
    env = GymEnv("Pendulum-v1")
    env.set_seed(SEED)
    n_obs = env.observation_spec["observation"].shape[-1]
    n_act = env.action_spec.shape[-1]

    # A Gaussian policy squashed into the action bounds, and a state-value critic.
    # TanhNormal squashes into [-1, 1] unless given low and high: Pendulum's are [-2, 2].
    policy_net = nn.Sequential(
        MLP(in_features=n_obs, out_features=2 * n_act, num_cells=[HIDDEN]),
        NormalParamExtractor(),
    )
    actor = ProbabilisticActor(
        TensorDictModule(
            policy_net, in_keys=["observation"], out_keys=["loc", "scale"]
        ),
        in_keys=["loc", "scale"],
        spec=env.action_spec,
        distribution_class=TanhNormal,
        distribution_kwargs={
            "low": env.action_spec.space.low,
            "high": env.action_spec.space.high,
        },
        return_log_prob=True,  # the loss needs the log-prob of the collected actions
    )
    critic = ValueOperator(
        MLP(in_features=n_obs, out_features=1, num_cells=[HIDDEN]),
        in_keys=["observation"],
    )
    loss = ClipPPOLoss(actor, critic, entropy_coeff=0.01)

    collector = Collector(
        env,
        actor,
        frames_per_batch=FRAMES_PER_BATCH,
        total_frames=TOTAL_FRAMES,
        # Keep the env as given (no FutureWarning from torchrl 0.14).
        auto_register_policy_transforms=False,
    )
    # Each epoch reads the whole batch once, in minibatches, without replacement.
    buffer = ReplayBuffer(
        storage=LazyTensorStorage(FRAMES_PER_BATCH),
        sampler=SamplerWithoutReplacement(),
        batch_size=MINIBATCH,
    )
    trainer = PPOTrainer(
        collector=collector,
        total_frames=TOTAL_FRAMES,
        frame_skip=1,
        # None: each epoch runs until the buffer is exhausted. An integer equal to the
        # number of minibatches would leave every second epoch empty (see the page).
        optim_steps_per_batch=None,
        num_epochs=NUM_EPOCHS,
        loss_module=loss,
        optimizer=torch.optim.Adam(loss.parameters(), lr=3e-4),
        replay_buffer=buffer,
        progress_bar=False,  # needs tqdm, which the pinned packages do not include
        save_trainer_file=save_to,
        checkpoint=Checkpoint(),
    )

    # `post_optim` runs after every optimizer step: count them.
    trainer.register_op(
        "post_optim", lambda: optimizer_steps.append(trainer.collected_frames)
    )

    # `post_steps` runs once per batch, after the optimization phase.
    def maybe_stop():
        if stop_at_frames is not None and trainer.collected_frames >= stop_at_frames:
            trainer.request_stop(f"reached {stop_at_frames} frames")

    trainer.register_op("post_steps", maybe_stop)
    return trainer


with tempfile.TemporaryDirectory() as tmp:
    checkpoint_path = Path(tmp) / "ppo-checkpoint"

    steps = []
    trainer = make_trainer(checkpoint_path, STOP_AT_FRAMES, steps)
    trainer.train()
    batches = trainer.collected_frames // FRAMES_PER_BATCH
    print(f"stopped at {trainer.collected_frames} frames, {len(steps)} optimizer steps")
    # Every epoch made a full pass: NUM_EPOCHS x FRAMES_PER_BATCH / MINIBATCH per batch.
    assert len(steps) == batches * NUM_EPOCHS * (FRAMES_PER_BATCH // MINIBATCH)
    assert trainer.collected_frames == STOP_AT_FRAMES and checkpoint_path.exists()

    restored_steps = []
    restored = make_trainer(checkpoint_path, None, restored_steps)
    restored.load_from_file(checkpoint_path)
    assert restored.collected_frames == STOP_AT_FRAMES
    actor_weights = restored.loss_module.actor_network_params.flatten_keys()
    for key, value in trainer.loss_module.actor_network_params.flatten_keys().items():
        assert torch.equal(value, actor_weights[key]), key

    restored.train()  # the remaining batches
    print(f"resumed run ended at {restored.collected_frames} frames")
    assert restored.collected_frames == TOTAL_FRAMES

    # The policy's actions use Pendulum's whole range, past the [-1, 1] of a bare TanhNormal.
    with torch.no_grad():
        observations = TensorDict({"observation": torch.randn(256, 3)}, [256])
        actions = restored.loss_module.actor_network(observations)["action"]
    print(f"actions reach {actions.abs().max():.2f} (Pendulum's bound: 2)")
    assert 1 < actions.abs().max() <= 2
