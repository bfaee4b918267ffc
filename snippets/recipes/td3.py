"""TD3 on Pendulum: twin Q-networks every step, the actor and the targets only every POLICY_DELAY steps.

The knobs below are small so that the file runs in seconds; raise them for real
training (see the recipe page).
"""

import logging
import time

import torch
from tensordict.nn import TensorDictModule, TensorDictSequential
from torch import nn
from torchrl.collectors import Collector
from torchrl.data import LazyTensorStorage, ReplayBuffer
from torchrl.envs import GymEnv, RewardSum, TransformedEnv
from torchrl.modules import MLP, AdditiveGaussianModule, TanhModule, ValueOperator
from torchrl.objectives import SoftUpdate, TD3Loss

TOTAL_FRAMES = 2_000  # frames collected in all
FRAMES_PER_BATCH = 200  # one Pendulum episode (200 steps) per batch
INIT_RANDOM_FRAMES = 400  # random actions first, to fill the buffer
BUFFER_SIZE = 100_000  # replay capacity, in frames
BATCH_SIZE = 128  # frames per optimiser step
UPDATES_PER_BATCH = 32  # critic steps after each collected batch
POLICY_DELAY = 2  # one actor step (and one target update) every POLICY_DELAY critic steps
LR = 3e-4  # Adam's learning rate, actor and critic
GAMMA = 0.99  # discount
TAU = 0.005  # SoftUpdate: fraction of the gap to the online weights closed per step
POLICY_NOISE, NOISE_CLIP = 0.2, 0.5  # target policy smoothing, inside TD3Loss
EXPLORATION_SIGMA = 0.1  # std of the Gaussian noise added to collected actions (constant)
HIDDEN = 64  # units per hidden layer
SEED = 0  # torch and environment seed

# torchrl logs INFO lines (a storage's first allocation) to stdout; keep stdout to our log.
logging.getLogger("torchrl").setLevel(logging.WARNING)


def make_env(seed: int) -> TransformedEnv:
    # RewardSum writes ("next", "episode_reward"): the return of the episode so far.
    env = TransformedEnv(GymEnv("Pendulum-v1"), RewardSum())
    env.set_seed(seed)
    return env


def train(
    total_frames: int = TOTAL_FRAMES,
    frames_per_batch: int = FRAMES_PER_BATCH,
    batch_size: int = BATCH_SIZE,
    updates_per_batch: int = UPDATES_PER_BATCH,
    lr: float = LR,
    seed: int = SEED,
) -> list[dict]:
    """Train and return one log row per collected batch (after the random frames).

    ``episode_return`` is the mean return of the episodes that ended in the
    batch (NaN when none did), collected with exploration noise.
    """
    torch.manual_seed(seed)
    env = make_env(seed)
    n_obs = env.observation_spec["observation"].shape[-1]
    n_act = env.action_spec.shape[-1]

    # A deterministic actor: an MLP, then TanhModule scales its output into the action bounds.
    actor = TensorDictSequential(
        TensorDictModule(MLP(n_obs, n_act, num_cells=[HIDDEN, HIDDEN]), ["observation"], ["action"]),
        TanhModule(in_keys=["action"], spec=env.action_spec),
    )
    qvalue = ValueOperator(MLP(n_obs + n_act, 1, num_cells=[HIDDEN, HIDDEN]), in_keys=["observation", "action"])
    # Collect with Gaussian noise on the action; sigma_init == sigma_end: no schedule.
    exploration = AdditiveGaussianModule(env.action_spec, sigma_init=EXPLORATION_SIGMA, sigma_end=EXPLORATION_SIGMA)
    policy = TensorDictSequential(actor, exploration)

    loss_module = TD3Loss(
        actor,
        qvalue,
        action_spec=env.action_spec,
        num_qvalue_nets=2,
        policy_noise=POLICY_NOISE,
        noise_clip=NOISE_CLIP,
    )
    loss_module.make_value_estimator(gamma=GAMMA)
    target_updater = SoftUpdate(loss_module, tau=TAU)
    # Two optimisers: the critic steps every time, the actor every POLICY_DELAY steps.
    critic_optimizer = torch.optim.Adam(loss_module.qvalue_network_params.values(True, True), lr=lr)
    actor_optimizer = torch.optim.Adam(loss_module.actor_network_params.values(True, True), lr=lr)

    buffer = ReplayBuffer(storage=LazyTensorStorage(BUFFER_SIZE), batch_size=batch_size)
    collector = Collector(
        env,
        policy,
        frames_per_batch=frames_per_batch,
        total_frames=total_frames,
        init_random_frames=INIT_RANDOM_FRAMES,
        auto_register_policy_transforms=False,
    )

    log, start, frames, critic_steps = [], time.perf_counter(), 0, 0
    for batch in collector:
        frames += batch.numel()
        buffer.extend(batch.reshape(-1))
        if frames < INIT_RANDOM_FRAMES:
            continue
        for _ in range(updates_per_batch):
            losses = loss_module(buffer.sample())
            critic_steps += 1
            update_actor = critic_steps % POLICY_DELAY == 0
            # One backward before any step: the actor term reads the Q-networks (detached),
            # and a critic step in between would modify tensors its graph still needs.
            total = losses["loss_qvalue"] + (losses["loss_actor"] if update_actor else 0)
            critic_optimizer.zero_grad()
            actor_optimizer.zero_grad()
            total.backward()
            critic_optimizer.step()
            if update_actor:
                actor_optimizer.step()
                target_updater.step()  # the targets move at the actor's pace
        ended = batch["next", "done"].squeeze(-1)
        row = {
            "frames": frames,
            "episode_return": batch["next", "episode_reward"][ended].mean().item(),
            "episodes": int(ended.sum()),
            "loss_actor": losses["loss_actor"].item(),
            "loss_qvalue": losses["loss_qvalue"].item(),
            "seconds": round(time.perf_counter() - start, 2),
        }
        log.append(row)
        print(
            f"frames {row['frames']:5d} | return {row['episode_return']:8.1f} "
            f"| actor {row['loss_actor']:+8.3f} qvalue {row['loss_qvalue']:8.3f}"
        )
    collector.shutdown()
    return log


if __name__ == "__main__":
    train()
