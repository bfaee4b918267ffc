"""Behaviour cloning on CartPole: BCLoss imitates a scripted expert, from a dataset this file collects first.

The knobs below are small so that the file runs in seconds; raise them for real
training (see the recipe page).
"""

import logging
import time

import torch
from tensordict.nn import TensorDictModule
from torchrl.collectors import Collector
from torchrl.data import LazyTensorStorage, ReplayBuffer
from torchrl.envs import DTypeCastTransform, GymEnv, TransformedEnv
from torchrl.envs.utils import ExplorationType, set_exploration_type
from torchrl.modules import MLP, OneHotCategorical, ProbabilisticActor
from torchrl.objectives import BCLoss

TOTAL_FRAMES = 2_000  # frames in the expert dataset (no online phase: behaviour cloning is offline)
OFFLINE_STEPS = 600  # optimiser steps on the dataset
STEPS_PER_LOG = 100  # optimiser steps between two log rows
BATCH_SIZE = 64  # frames per optimiser step
LR = 1e-3  # Adam's learning rate
HIDDEN = 64  # units per hidden layer
SEED = 0  # torch and environment seed

# torchrl logs INFO lines (a storage's first allocation) to stdout; keep stdout to our log.
logging.getLogger("torchrl").setLevel(logging.WARNING)


def make_env(seed: int) -> TransformedEnv:
    # CartPole's one-hot actions are integers; BCLoss would read integer actions as class
    # indices (see the recipe page). The cast keeps them float on our side of the env.
    env = TransformedEnv(GymEnv("CartPole-v1"), DTypeCastTransform(torch.long, torch.float32, in_keys_inv=["action"]))
    env.set_seed(seed)
    return env


def expert_action(observation: torch.Tensor) -> torch.Tensor:
    """The demonstrator: push the cart towards the side the pole is falling to."""
    angle, angular_speed = observation[..., 2], observation[..., 3]
    push_right = (angle + 0.5 * angular_speed > 0).long()
    return torch.nn.functional.one_hot(push_right, 2).float()


def evaluate(env, actor) -> float:
    """Return of one episode with the actor's most likely action."""
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
    """Collect the expert's dataset, clone it; return one log row per STEPS_PER_LOG optimiser steps.

    ``episode_return`` is an evaluation return: one episode with the actor's
    most likely action on a separate environment, after the row's updates.
    ``frames`` is the dataset's size.
    """
    torch.manual_seed(seed)
    env, eval_env = make_env(seed), make_env(seed + 1)
    n_obs = env.observation_spec["observation"].shape[-1]
    n_act = env.action_spec.shape[-1]

    # A stochastic actor: BCLoss sees its "logits" out_key and minimises -log pi(expert action).
    actor = ProbabilisticActor(
        TensorDictModule(MLP(n_obs, n_act, num_cells=[HIDDEN, HIDDEN]), ["observation"], ["logits"]),
        in_keys=["logits"],
        distribution_class=OneHotCategorical,
        spec=env.action_spec,
    )
    loss_module = BCLoss(actor)
    optimizer = torch.optim.Adam(loss_module.parameters(), lr=lr)
    buffer = ReplayBuffer(storage=LazyTensorStorage(total_frames), batch_size=batch_size)

    # The dataset: the scripted expert, wrapped as a policy with no parameters, acts in the env.
    expert = TensorDictModule(expert_action, in_keys=["observation"], out_keys=["action"])
    dataset = Collector(env, expert, frames_per_batch=total_frames, total_frames=total_frames)
    for batch in dataset:
        buffer.extend(batch.reshape(-1))
    dataset.shutdown()

    log, start = [], time.perf_counter()
    for step in range(1, offline_steps + 1):
        losses = loss_module(buffer.sample())
        optimizer.zero_grad()
        losses["loss_bc"].backward()
        optimizer.step()
        if step % STEPS_PER_LOG == 0:
            row = {
                "frames": len(buffer),
                "updates": step,  # the frames stand still: the dataset is collected once
                "episode_return": evaluate(eval_env, actor),
                "loss_bc": losses["loss_bc"].item(),
                "seconds": round(time.perf_counter() - start, 2),
            }
            log.append(row)
            print(f"step {step:4d} | eval return {row['episode_return']:6.1f} | bc {row['loss_bc']:.4f}")
    return log


if __name__ == "__main__":
    train()
