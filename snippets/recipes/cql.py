"""CQL on Pendulum: conservative Q-learning offline from a buffer this file collects first, then online.

The knobs below are small so that the file runs in seconds; raise them for real
training (see the recipe page).
"""

import logging
import time

import torch
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.collectors import Collector
from torchrl.data import LazyTensorStorage, ReplayBuffer
from torchrl.envs import GymEnv, RewardSum, TransformedEnv
from torchrl.envs.utils import ExplorationType, set_exploration_type
from torchrl.modules import MLP, ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import CQLLoss, SoftUpdate

DATASET_FRAMES = 1_000  # the offline dataset: frames of the behaviour policy
EPSILON = 0.5  # the behaviour policy: the scripted controller, its torque replaced by a random one this often
OFFLINE_STEPS = 120  # optimiser steps on the dataset alone
TOTAL_FRAMES = 600  # online frames collected afterwards, by the trained actor
FRAMES_PER_BATCH = 200  # one Pendulum episode per online batch
STEPS_PER_LOG = 40  # offline optimiser steps between two log rows
EVAL_EPISODES = 2  # evaluation episodes per log row
REFERENCE_EPISODES = 5  # episodes of the random policy and of the controller: the normalised score's ends
BUFFER_SIZE = 100_000  # replay capacity: the dataset, then the online frames
BATCH_SIZE = 128  # frames per optimiser step
UPDATES_PER_BATCH = 24  # online optimiser steps after each collected batch
LR = 3e-4  # Adam's learning rate
GAMMA = 0.99  # discount
TAU = 0.005  # SoftUpdate: fraction of the gap to the online weights closed per step
MIN_Q_WEIGHT = 1.0  # weight of the conservative term (loss_cql)
NUM_RANDOM = 10  # random actions per state in the conservative term's log-sum-exp
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
    dataset_frames: int = DATASET_FRAMES,
    offline_steps: int = OFFLINE_STEPS,
    steps_per_log: int = STEPS_PER_LOG,
    batch_size: int = BATCH_SIZE,
    updates_per_batch: int = UPDATES_PER_BATCH,
    lr: float = LR,
    eval_episodes: int = EVAL_EPISODES,
    seed: int = SEED,
) -> list[dict]:
    """Train offline, then online; return one log row per steps_per_log offline steps and per online batch.

    ``episode_return`` is an evaluation return: eval_episodes episodes with
    the actor's deterministic action on a separate environment, after the
    row's updates, also normalised (``normalised_return``: 0 the random policy,
    100 the noise-free controller).  ``frames`` counts every frame collected
    so far, the dataset's included.
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

    actor = ProbabilisticActor(
        TensorDictModule(
            nn.Sequential(MLP(n_obs, 2 * n_act, num_cells=[HIDDEN, HIDDEN]), NormalParamExtractor()),
            in_keys=["observation"],
            out_keys=["loc", "scale"],
        ),
        in_keys=["loc", "scale"],
        spec=env.action_spec,
        distribution_class=TanhNormal,
        # TanhNormal's bounds default to -1 and 1 whatever the spec says: Pendulum's torques reach 2.
        distribution_kwargs={"low": env.action_spec.space.low, "high": env.action_spec.space.high},
    )
    qvalue = ValueOperator(MLP(n_obs + n_act, 1, num_cells=[HIDDEN, HIDDEN]), in_keys=["observation", "action"])

    loss_module = CQLLoss(
        actor, qvalue, action_spec=env.action_spec, min_q_weight=MIN_Q_WEIGHT, num_random=NUM_RANDOM
    )
    loss_module.make_value_estimator(gamma=GAMMA)
    target_updater = SoftUpdate(loss_module, tau=TAU)
    optimizer = torch.optim.Adam(loss_module.parameters(), lr=lr)
    # The learning rate decays to zero along a cosine over every optimiser step of the run, offline and
    # online: the last evaluations then read a policy that has stopped moving, not one caught mid-swing.
    all_updates = offline_steps + (total_frames // FRAMES_PER_BATCH) * updates_per_batch
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=all_updates)
    buffer = ReplayBuffer(storage=LazyTensorStorage(BUFFER_SIZE), batch_size=batch_size)

    # 1. The dataset: the behaviour policy (a TensorDictModule around a plain function) acts in the env.
    behaviour = TensorDictModule(behaviour_torque, in_keys=["observation"], out_keys=["action"])
    dataset = Collector(
        env,
        behaviour,
        frames_per_batch=dataset_frames,
        total_frames=dataset_frames,
        auto_register_policy_transforms=False,
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

    log, start, frames = [], time.perf_counter(), len(buffer)
    updates = 0  # optimiser steps so far: offline, the frames stand still while training goes on

    def update() -> dict:
        nonlocal updates
        updates += 1
        losses = loss_module(buffer.sample())
        # loss_actor_bc (behaviour cloning) is left out: the reference script uses it instead
        # of loss_actor for a first few steps only.
        total = losses["loss_actor"] + losses["loss_qvalue"] + losses["loss_cql"] + losses["loss_alpha"]
        optimizer.zero_grad()
        total.backward()
        optimizer.step()
        schedule.step()
        target_updater.step()  # after every optimiser step
        return losses

    def log_row(phase: str, losses) -> None:
        episode_return = evaluate(eval_env, actor, eval_episodes)
        row = {
            "phase": phase,
            "frames": frames,
            "updates": updates,
            "episode_return": episode_return,
            "episodes": eval_episodes,
            "normalised_return": normalised(episode_return),
            "behaviour_return": behaviour_return,
            "random_return": random_return,
            "reference_return": reference_return,
            "reference_agreement": reference_agreement,
            "loss_actor": losses["loss_actor"].item(),
            "loss_qvalue": losses["loss_qvalue"].item(),
            "loss_cql": losses["loss_cql"].item(),
            "loss_alpha": losses["loss_alpha"].item(),
            "seconds": round(time.perf_counter() - start, 2),
        }
        log.append(row)
        print(
            f"{phase:7s} frames {row['frames']:5d} | eval return {episode_return:8.1f} "
            f"(normalised {row['normalised_return']:4.0f}) "
            f"| actor {row['loss_actor']:+.3f} qvalue {row['loss_qvalue']:.3f} cql {row['loss_cql']:+.3f}"
        )

    # 2. Offline: the actor never acts; the losses only read the dataset.
    for step in range(1, offline_steps + 1):
        losses = update()
        if step % steps_per_log == 0:
            log_row("offline", losses)

    # 3. Online: the trained actor collects into the same buffer, and training goes on.
    collector = Collector(
        env, actor, frames_per_batch=FRAMES_PER_BATCH, total_frames=total_frames, auto_register_policy_transforms=False
    )
    for batch in collector:
        frames += batch.numel()
        buffer.extend(batch.reshape(-1))
        for _ in range(updates_per_batch):
            losses = update()
        log_row("online", losses)
    collector.shutdown()
    return log


if __name__ == "__main__":
    train()
