"""TD3+BC on Pendulum: TD3 plus a behaviour-cloning term, offline on a dataset this file collects first.

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
EPSILON = 0.5  # the behaviour policy: the scripted controller, its torque replaced by a random one this often
OFFLINE_STEPS = 240  # optimiser steps on the dataset
STEPS_PER_LOG = 40  # optimiser steps between two log rows
EVAL_EPISODES = 2  # evaluation episodes per log row
REFERENCE_EPISODES = 5  # episodes of the random policy and of the controller: the normalised score's ends
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


def controller_torque(observation: torch.Tensor) -> torch.Tensor:
    """A scripted swing-up: pump energy into the swing until the pole can reach the top, then hold it there."""
    cos, sin, speed = observation.unbind(-1)
    # Pendulum-v1 accelerates by 15 sin(angle) + 3 torque per unit of time: this energy is 0 upright at rest.
    energy = 0.5 * speed**2 + 15 * (cos - 1)
    pump = torch.where(energy < 0, torch.where(speed >= 0, 2.0, -2.0), 0.0)  # push along the swing: max torque
    hold = (-10 * torch.atan2(sin, cos) - 2 * speed).clamp(-2.0, 2.0)  # near the top: a PD controller
    return torch.where(cos > 0.9, hold, pump).unsqueeze(-1)


def behaviour_torque(observation: torch.Tensor) -> torch.Tensor:
    """The behaviour policy: competent but imperfect, the controller with EPSILON of its torques random."""
    torque = controller_torque(observation)
    random = torch.empty_like(torque).uniform_(-2.0, 2.0)  # Pendulum-v1's torque bounds
    return torch.where(torch.rand_like(torque) < EPSILON, random, torque)


def evaluate(env, policy, episodes: int) -> float:
    """Mean return over episodes of the policy's action (deterministic); ``None``: uniformly random actions."""
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
    actor's action on a separate environment, after the row's updates, also
    normalised (``normalised_return``: 0 the random policy, 100 the noise-free
    controller).  ``frames`` is the dataset's size.
    """
    torch.manual_seed(seed)
    env, eval_env = make_env(seed), make_env(seed + 1)
    n_obs = env.observation_spec["observation"].shape[-1]
    n_act = env.action_spec.shape[-1]

    # The two ends of the normalised score, measured on the evaluation environment.
    controller = TensorDictModule(controller_torque, in_keys=["observation"], out_keys=["action"])
    random_return = evaluate(eval_env, None, REFERENCE_EPISODES)
    reference_return = evaluate(eval_env, controller, REFERENCE_EPISODES)

    def normalised(value: float) -> float:
        return 100 * (value - random_return) / (reference_return - random_return)

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

    # The dataset: the behaviour policy (a TensorDictModule around a plain function) acts in the env.
    behaviour = TensorDictModule(behaviour_torque, in_keys=["observation"], out_keys=["action"])
    dataset = Collector(
        env, behaviour, frames_per_batch=total_frames, total_frames=total_frames, auto_register_policy_transforms=False
    )
    for batch in dataset:
        buffer.extend(batch.reshape(-1))
    dataset.shutdown()
    # How much of the data is the reference policy's: the share of stored actions that equal
    # the controller's own action on the same observation.
    stored = buffer[:]
    own_actions = controller_torque(stored["observation"])
    reference_agreement = torch.isclose(stored["action"], own_actions).all(-1).float().mean().item()
    behaviour_return = batch["next", "episode_reward"][batch["next", "done"]].mean().item()  # its whole episodes
    print(
        f"behaviour policy return {behaviour_return:.1f} (normalised {normalised(behaviour_return):.0f}) | "
        f"random policy {random_return:.1f} (0) | controller {reference_return:.1f} (100)"
    )

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
                "loss_actor": losses["loss_actor"].item(),
                "loss_qvalue": losses["loss_qvalue"].item(),
                "bc_loss": losses["bc_loss"].item(),
                "seconds": round(time.perf_counter() - start, 2),
            }
            log.append(row)
            print(
                f"step {step:4d} | eval return {episode_return:8.1f} (normalised {row['normalised_return']:4.0f}) "
                f"| actor {row['loss_actor']:+.3f} (bc {row['bc_loss']:.3f}) qvalue {row['loss_qvalue']:.3f}"
            )
    return log


if __name__ == "__main__":
    train()
