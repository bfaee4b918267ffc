"""TD3+BC on Pendulum: TD3 plus a behaviour-cloning term, offline on a buffer this file collects first.

The knobs below are small so that the file runs in seconds; raise them for real
training (see the recipe page).
"""

import logging
import time

import torch
from tensordict.nn import TensorDictModule, TensorDictSequential
from torchrl.collectors import Collector
from torchrl.data import LazyTensorStorage, ReplayBuffer
from torchrl.envs import GymEnv, RewardSum, TransformedEnv
from torchrl.envs.utils import ExplorationType, set_exploration_type
from torchrl.modules import MLP, TanhModule, ValueOperator
from torchrl.objectives import SoftUpdate, TD3BCLoss

TOTAL_FRAMES = 1_000  # frames in the offline dataset (no online phase: TD3+BC is offline)
OFFLINE_STEPS = 240  # optimiser steps on the dataset
STEPS_PER_LOG = 40  # optimiser steps between two log rows
POLICY_DELAY = 2  # one actor step (and one target update) every POLICY_DELAY critic steps
BUFFER_SIZE = 100_000  # replay capacity: holds the whole dataset
BATCH_SIZE = 128  # frames per optimiser step
LR = 3e-4  # Adam's learning rate
GAMMA = 0.99  # discount
TAU = 0.005  # SoftUpdate: fraction of the gap to the online weights closed per step
ALPHA = 2.5  # weight of the Q term against the behaviour-cloning term in the actor loss
HIDDEN = 64  # units per hidden layer
SEED = 0  # torch and environment seed

# torchrl logs INFO lines (a storage's first allocation) to stdout; keep stdout to our log.
logging.getLogger("torchrl").setLevel(logging.WARNING)


def make_env(seed: int) -> TransformedEnv:
    # RewardSum writes ("next", "episode_reward"): the return of the episode so far.
    env = TransformedEnv(GymEnv("Pendulum-v1"), RewardSum())
    env.set_seed(seed)
    return env


def evaluate(env, actor) -> float:
    """Return of one episode with the actor's action (deterministic: no noise module here)."""
    with set_exploration_type(ExplorationType.DETERMINISTIC), torch.no_grad():
        rollout = env.rollout(max_steps=1_000, policy=actor)
    return rollout["next", "reward"].sum().item()


def train(
    total_frames: int = TOTAL_FRAMES,
    offline_steps: int = OFFLINE_STEPS,
    batch_size: int = BATCH_SIZE,
    lr: float = LR,
    seed: int = SEED,
) -> list[dict]:
    """Collect the dataset, train on it; return one log row per STEPS_PER_LOG optimiser steps.

    ``episode_return`` is an evaluation return: one episode with the actor's
    action on a separate environment, after the row's updates. ``frames`` is
    the dataset's size.
    """
    torch.manual_seed(seed)
    env, eval_env = make_env(seed), make_env(seed + 1)
    n_obs = env.observation_spec["observation"].shape[-1]
    n_act = env.action_spec.shape[-1]

    actor = TensorDictSequential(
        TensorDictModule(MLP(n_obs, n_act, num_cells=[HIDDEN, HIDDEN]), ["observation"], ["action"]),
        TanhModule(in_keys=["action"], spec=env.action_spec),
    )
    qvalue = ValueOperator(MLP(n_obs + n_act, 1, num_cells=[HIDDEN, HIDDEN]), in_keys=["observation", "action"])

    loss_module = TD3BCLoss(actor, qvalue, action_spec=env.action_spec, alpha=ALPHA)
    loss_module.make_value_estimator(gamma=GAMMA)
    target_updater = SoftUpdate(loss_module, tau=TAU)
    critic_optimizer = torch.optim.Adam(loss_module.qvalue_network_params.values(True, True), lr=lr)
    actor_optimizer = torch.optim.Adam(loss_module.actor_network_params.values(True, True), lr=lr)
    buffer = ReplayBuffer(storage=LazyTensorStorage(BUFFER_SIZE), batch_size=batch_size)

    # The dataset: a collector with no policy acts uniformly at random within the action spec.
    dataset = Collector(env, None, frames_per_batch=total_frames, total_frames=total_frames)
    for batch in dataset:
        buffer.extend(batch.reshape(-1))
    dataset.shutdown()

    log, start = [], time.perf_counter()
    for step in range(1, offline_steps + 1):
        losses = loss_module(buffer.sample())
        update_actor = step % POLICY_DELAY == 0
        # One backward before any step (see the TD3 recipe): the actor term reads the Q-networks.
        total = losses["loss_qvalue"] + (losses["loss_actor"] if update_actor else 0)
        critic_optimizer.zero_grad()
        actor_optimizer.zero_grad()
        total.backward()
        critic_optimizer.step()
        if update_actor:
            actor_optimizer.step()
            target_updater.step()  # the targets move at the actor's pace
        if step % STEPS_PER_LOG == 0:
            row = {
                "frames": len(buffer),
                "episode_return": evaluate(eval_env, actor),
                "loss_actor": losses["loss_actor"].item(),
                "loss_qvalue": losses["loss_qvalue"].item(),
                "bc_loss": losses["bc_loss"].item(),
                "seconds": round(time.perf_counter() - start, 2),
            }
            log.append(row)
            print(
                f"step {step:4d} | eval return {row['episode_return']:8.1f} | actor {row['loss_actor']:+.3f} "
                f"(bc {row['bc_loss']:.3f}) qvalue {row['loss_qvalue']:.3f}"
            )
    return log


if __name__ == "__main__":
    train()
