"""Double DQN on CartPole with prioritized replay: TD errors written back as priorities, importance weights in the loss.

The knobs below are small so that the file runs in seconds; raise them for real
training (see the recipe page).
"""

import logging
import time

import numpy as np
import torch
from tensordict.nn import TensorDictSequential
from torchrl.collectors import Collector
from torchrl.data import LazyTensorStorage, TensorDictPrioritizedReplayBuffer
from torchrl.envs import GymEnv, RewardSum, TransformedEnv
from torchrl.modules import MLP, EGreedyModule, QValueActor
from torchrl.objectives import DQNLoss, HardUpdate

TOTAL_FRAMES = 3_000  # frames collected in all
FRAMES_PER_BATCH = 100  # frames collected between two rounds of updates
INIT_RANDOM_FRAMES = 500  # the collector acts uniformly at random for these first frames
BUFFER_SIZE = 10_000  # replay capacity, in frames
BATCH_SIZE = 64  # frames per optimiser step
UPDATES_PER_BATCH = 10  # optimiser steps after each collected batch
LR = 1e-3  # Adam's learning rate
GAMMA = 0.99  # discount
DOUBLE_DQN = True  # pick the next action with the online network, value it with the target
TARGET_UPDATE_INTERVAL = 50  # HardUpdate's value_network_update_interval
ALPHA = 0.6  # prioritisation strength (0: uniform sampling)
BETA = 0.4  # importance-weight correction (1: full correction)
EPS_INIT, EPS_END = 1.0, 0.05  # epsilon-greedy exploration, annealed ...
EPS_FRAMES = 2_000  # ... over this many frames
HIDDEN = 64  # units per hidden layer
SEED = 0  # torch and environment seed

# torchrl logs INFO lines (a storage's first allocation) to stdout; keep stdout to our log.
logging.getLogger("torchrl").setLevel(logging.WARNING)


def make_env(seed: int) -> TransformedEnv:
    # RewardSum writes ("next", "episode_reward"): the return of the episode so far.
    env = TransformedEnv(GymEnv("CartPole-v1"), RewardSum())
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
    """Train and return one log row per collected batch.

    ``episode_return`` is the mean return of the episodes that ended in the
    batch (NaN when none did), exploration included.
    """
    torch.manual_seed(seed)
    np.random.seed(seed)  # the prioritized sampler draws its indices from numpy's global generator
    env = make_env(seed)
    n_obs = env.observation_spec["observation"].shape[-1]
    n_actions = env.action_spec.shape[-1]

    # QValueActor writes "action_value" (one per action), the greedy "action" (one-hot)
    # and "chosen_action_value"; EGreedyModule then replaces "action" with a random one
    # with probability epsilon.
    actor = QValueActor(MLP(n_obs, n_actions, num_cells=[HIDDEN, HIDDEN]), in_keys=["observation"], spec=env.action_spec)
    exploration = EGreedyModule(env.action_spec, eps_init=EPS_INIT, eps_end=EPS_END, annealing_num_steps=EPS_FRAMES)
    policy = TensorDictSequential(actor, exploration)

    loss_module = DQNLoss(actor, action_space=env.action_spec, delay_value=True, double_dqn=DOUBLE_DQN)
    loss_module.make_value_estimator(gamma=GAMMA)  # TD(0), the default estimator, with our discount
    optimizer = torch.optim.Adam(loss_module.parameters(), lr=lr)
    # delay_value=True gave the loss a target copy of the Q-network; HardUpdate copies onto it.
    target_updater = HardUpdate(loss_module, value_network_update_interval=TARGET_UPDATE_INTERVAL)

    # Samples carry "priority_weight" (importance weights, which DQNLoss applies) and
    # "index" (where update_tensordict_priority writes the new priorities back).
    buffer = TensorDictPrioritizedReplayBuffer(
        alpha=ALPHA,
        beta=BETA,
        priority_key="td_error",  # DQNLoss writes each sample's TD error there
        storage=LazyTensorStorage(BUFFER_SIZE),
        batch_size=batch_size,
    )
    collector = Collector(
        env,
        policy,
        frames_per_batch=frames_per_batch,
        total_frames=total_frames,
        init_random_frames=INIT_RANDOM_FRAMES,
        auto_register_policy_transforms=False,
    )

    log, start, frames = [], time.perf_counter(), 0
    for batch in collector:
        frames += batch.numel()
        buffer.extend(batch.reshape(-1))
        exploration.step(batch.numel())  # anneal epsilon by the frames just collected
        if frames < INIT_RANDOM_FRAMES:
            continue
        for _ in range(updates_per_batch):
            sample = buffer.sample()
            losses = loss_module(sample)  # also writes sample["td_error"]
            optimizer.zero_grad()
            losses["loss"].backward()
            optimizer.step()
            buffer.update_tensordict_priority(sample)  # new priorities from the TD errors
            target_updater.step()  # counts optimiser steps; copies every interval + 1 calls
        ended = batch["next", "done"].squeeze(-1)
        row = {
            "frames": frames,
            "episode_return": batch["next", "episode_reward"][ended].mean().item(),
            "episodes": int(ended.sum()),
            "loss": losses["loss"].item(),
            "td_error": sample["td_error"].mean().item(),
            "epsilon": exploration.eps.item(),
            "seconds": round(time.perf_counter() - start, 2),
        }
        log.append(row)
        print(
            f"frames {row['frames']:5d} | return {row['episode_return']:6.1f} | loss {row['loss']:.4f} "
            f"| mean |td| {row['td_error']:.3f} | epsilon {row['epsilon']:.2f}"
        )
    collector.shutdown()
    return log


if __name__ == "__main__":
    train()
