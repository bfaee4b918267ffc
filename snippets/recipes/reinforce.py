"""REINFORCE on CartPole: ReinforceLoss with a learned baseline, Monte-Carlo returns from TD(lambda=1).

The knobs below are small so that the file runs in seconds; raise them for real
training (see the recipe page).
"""

import logging
import time

import torch
from tensordict.nn import TensorDictModule
from torchrl.collectors import Collector
from torchrl.envs import GymEnv, RewardSum, TransformedEnv
from torchrl.modules import MLP, OneHotCategorical, ProbabilisticActor, ValueOperator
from torchrl.objectives import ReinforceLoss, ValueEstimators

TOTAL_FRAMES = 2_560  # frames collected in all
FRAMES_PER_BATCH = 256  # one on-policy batch, used for one optimiser step and dropped
LR = 1e-3  # Adam's learning rate, actor and critic alike
GAMMA = 0.99  # discount
MAX_GRAD_NORM = 1.0  # gradient clipping
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
    lr: float = LR,
    seed: int = SEED,
) -> list[dict]:
    """Train and return one log row per collected batch.

    ``episode_return`` is the mean return of the episodes that ended in the
    batch (NaN when none did).
    """
    torch.manual_seed(seed)
    env = make_env(seed)
    n_obs = env.observation_spec["observation"].shape[-1]
    n_actions = env.action_spec.shape[-1]  # CartPole's action is one-hot, of size 2

    # The actor writes "logits", then samples "action" and its "action_log_prob".
    actor = ProbabilisticActor(
        TensorDictModule(MLP(n_obs, n_actions, num_cells=[HIDDEN, HIDDEN]), ["observation"], ["logits"]),
        in_keys=["logits"],
        spec=env.action_spec,
        distribution_class=OneHotCategorical,
        return_log_prob=True,  # PPO's ratio needs the log-prob of the collected action
    )
    # The baseline: a critic writing "state_value". ReinforceLoss always trains it (loss_value).
    critic = ValueOperator(MLP(n_obs, 1, num_cells=[HIDDEN, HIDDEN]), in_keys=["observation"])

    loss_module = ReinforceLoss(actor, critic)
    # TD(lambda) with lambda=1: the value target is the discounted return to the end of
    # the episode (bootstrapped from the critic only where the batch cuts an episode),
    # and the advantage is that return minus the baseline.
    loss_module.make_value_estimator(ValueEstimators.TDLambda, gamma=GAMMA, lmbda=1.0)
    optimizer = torch.optim.Adam(loss_module.parameters(), lr=lr)

    collector = Collector(
        env,
        actor,
        frames_per_batch=frames_per_batch,
        total_frames=total_frames,
        auto_register_policy_transforms=False,  # keep the env as built above
    )
    log, start, frames = [], time.perf_counter(), 0
    for batch in collector:
        frames += batch.numel()
        losses = loss_module(batch)  # the whole [time] batch: GAE needs consecutive steps
        total = losses["loss_actor"] + losses["loss_value"]
        optimizer.zero_grad()
        total.backward()
        torch.nn.utils.clip_grad_norm_(loss_module.parameters(), MAX_GRAD_NORM)
        optimizer.step()
        # A Collector in this process runs the very actor being trained: nothing to sync.
        ended = batch["next", "done"].squeeze(-1)
        row = {
            "frames": frames,
            "episode_return": batch["next", "episode_reward"][ended].mean().item(),
            "episodes": int(ended.sum()),
            "loss_actor": losses["loss_actor"].item(),
            "loss_value": losses["loss_value"].item(),
            "seconds": round(time.perf_counter() - start, 2),
        }
        log.append(row)
        print(
            f"frames {row['frames']:6d} | return {row['episode_return']:7.1f} ({row['episodes']} episodes) "
            f"| actor {row['loss_actor']:+.3f} value {row['loss_value']:.3f}"
        )
    collector.shutdown()
    return log


if __name__ == "__main__":
    train()
