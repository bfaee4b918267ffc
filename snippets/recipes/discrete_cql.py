"""Discrete CQL on CartPole: a Q-network trained offline with the TD loss plus the conservative term.

The knobs below are small so that the file runs in seconds; raise them for real
training (see the recipe page).
"""

import logging
import time

import torch
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.collectors import Collector
from torchrl.data import LazyTensorStorage, ReplayBuffer
from torchrl.envs import GymEnv, RewardSum, TransformedEnv
from torchrl.envs.utils import ExplorationType, set_exploration_type
from torchrl.modules import MLP, QValueActor
from torchrl.objectives import DiscreteCQLLoss, SoftUpdate

TOTAL_FRAMES = 2_000  # frames in the offline dataset (no online phase)
EPSILON = 0.5  # the behaviour policy: the scripted controller, its action replaced by a random one this often
OFFLINE_STEPS = 600  # optimiser steps on the dataset
STEPS_PER_LOG = 100  # optimiser steps between two log rows
EVAL_EPISODES = 2  # evaluation episodes per log row
REFERENCE_EPISODES = 5  # episodes of the random policy and of the controller: the normalised score's ends
BUFFER_SIZE = 100_000  # replay capacity: holds the whole dataset
BATCH_SIZE = 64  # frames per optimiser step
LR = 1e-3  # Adam's learning rate
GAMMA = 0.99  # discount
TAU = 0.005  # SoftUpdate: fraction of the gap to the online weights closed per step
HIDDEN = 64  # units per hidden layer
SEED = 0  # torch and environment seed

# torchrl logs INFO lines (a storage's first allocation) to stdout; keep stdout to our log.
logging.getLogger("torchrl").setLevel(logging.WARNING)


def make_env(seed: int) -> TransformedEnv:
    # RewardSum writes ("next", "episode_reward"): the return of the episode so far.
    env = TransformedEnv(GymEnv("CartPole-v1"), RewardSum())
    env.set_seed(seed)
    return env


def controller_action(observation: torch.Tensor) -> torch.Tensor:
    """A scripted controller: push the cart towards the side the pole is falling to (one-hot, as the env's)."""
    angle, angular_speed = observation[..., 2], observation[..., 3]
    return nn.functional.one_hot((angle + 0.5 * angular_speed > 0).long(), 2)


def behaviour_action(observation: torch.Tensor) -> torch.Tensor:
    """The behaviour policy: competent but imperfect, the controller with EPSILON of its actions random."""
    action = controller_action(observation)
    random = nn.functional.one_hot(torch.randint(2, observation.shape[:-1]), 2)
    return torch.where(torch.rand(observation.shape[:-1] + (1,)) < EPSILON, random, action)


def evaluate(env, policy, episodes: int) -> float:
    """Mean return over episodes of the policy's action (greedy); ``None``: uniformly random actions."""
    with set_exploration_type(ExplorationType.DETERMINISTIC), torch.no_grad():
        returns = [env.rollout(max_steps=1_000, policy=policy)["next", "reward"].sum().item() for _ in range(episodes)]
    return sum(returns) / len(returns)


def train(
    total_frames: int = TOTAL_FRAMES,
    offline_steps: int = OFFLINE_STEPS,
    steps_per_log: int = STEPS_PER_LOG,
    batch_size: int = BATCH_SIZE,
    lr: float = LR,
    eval_episodes: int = EVAL_EPISODES,
    seed: int = SEED,
) -> list[dict]:
    """Collect the dataset, train on it; return one log row per steps_per_log optimiser steps.

    ``episode_return`` is an evaluation return: eval_episodes episodes with the
    greedy action on a separate environment, after the row's updates, also
    normalised (``normalised_return``: 0 the random policy, 100 the noise-free
    controller).  ``frames`` is the dataset's size.
    """
    torch.manual_seed(seed)
    env, eval_env = make_env(seed), make_env(seed + 1)
    n_obs = env.observation_spec["observation"].shape[-1]
    n_actions = env.action_spec.shape[-1]

    # The two ends of the normalised score, measured on the evaluation environment.
    controller = TensorDictModule(controller_action, in_keys=["observation"], out_keys=["action"])
    random_return = evaluate(eval_env, None, REFERENCE_EPISODES)
    reference_return = evaluate(eval_env, controller, REFERENCE_EPISODES)

    def normalised(value: float) -> float:
        return 100 * (value - random_return) / (reference_return - random_return)

    # QValueActor writes "action_value" (one per action), the greedy "action" (one-hot)
    # and "chosen_action_value"; offline, it only acts in the evaluation episodes.
    network = MLP(n_obs, n_actions, num_cells=[HIDDEN, HIDDEN])
    actor = QValueActor(network, in_keys=["observation"], spec=env.action_spec)

    loss_module = DiscreteCQLLoss(actor, action_space=env.action_spec, delay_value=True)
    loss_module.make_value_estimator(gamma=GAMMA)
    optimizer = torch.optim.Adam(loss_module.parameters(), lr=lr)
    target_updater = SoftUpdate(loss_module, tau=TAU)
    buffer = ReplayBuffer(storage=LazyTensorStorage(BUFFER_SIZE), batch_size=batch_size)

    # The dataset: the behaviour policy, a TensorDictModule around a plain function, acts in the env.
    behaviour = TensorDictModule(behaviour_action, in_keys=["observation"], out_keys=["action"])
    dataset = Collector(
        env, behaviour, frames_per_batch=total_frames, total_frames=total_frames, auto_register_policy_transforms=False
    )
    for batch in dataset:
        buffer.extend(batch.reshape(-1))
    dataset.shutdown()
    # How much of the data is the reference policy's: the share of stored actions that equal
    # the controller's own action on the same observation.
    stored = buffer[:]
    own_actions = controller_action(stored["observation"])
    reference_agreement = torch.isclose(stored["action"], own_actions).all(-1).float().mean().item()
    behaviour_return = batch["next", "episode_reward"][batch["next", "done"]].mean().item()  # its whole episodes
    print(
        f"behaviour policy return {behaviour_return:.1f} (normalised {normalised(behaviour_return):.0f}) | "
        f"random policy {random_return:.1f} (0) | controller {reference_return:.1f} (100)"
    )

    log, start = [], time.perf_counter()
    for step in range(1, offline_steps + 1):
        losses = loss_module(buffer.sample())
        optimizer.zero_grad()
        # The TD loss and the conservative term (log-sum-exp of Q minus Q of the data's action).
        (losses["loss_qvalue"] + losses["loss_cql"]).backward()
        optimizer.step()
        target_updater.step()  # after every optimiser step
        if step % steps_per_log == 0:
            episode_return = evaluate(eval_env, actor, eval_episodes)
            row = {
                "frames": len(buffer),
                "updates": step,  # the frames stand still: the dataset is collected once
                "episode_return": episode_return,
                "episodes": eval_episodes,
                "normalised_return": normalised(episode_return),
                "behaviour_return": behaviour_return,
                "random_return": random_return,
                "reference_return": reference_return,
                "reference_agreement": reference_agreement,
                "loss_qvalue": losses["loss_qvalue"].item(),
                "loss_cql": losses["loss_cql"].item(),
                "seconds": round(time.perf_counter() - start, 2),
            }
            log.append(row)
            print(
                f"step {step:4d} | eval return {episode_return:6.1f} (normalised {row['normalised_return']:4.0f}) "
                f"| qvalue {row['loss_qvalue']:.4f} cql {row['loss_cql']:.4f}"
            )
    return log


if __name__ == "__main__":
    train()
