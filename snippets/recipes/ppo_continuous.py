"""PPO with GAE on Pendulum: ClipPPOLoss, a TanhNormal actor bounded by the action spec, epochs of minibatches.

The knobs below are small so that the file runs in seconds; raise them for real
training (see the recipe page).
"""

import logging
import time

import torch
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.collectors import Collector
from torchrl.envs import GymEnv, RewardSum, TransformedEnv
from torchrl.modules import MLP, ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss
from torchrl.objectives.value import GAE

TOTAL_FRAMES = 2_000  # frames collected in all
FRAMES_PER_BATCH = 1_000  # one on-policy batch: five Pendulum episodes of 200 steps
MINIBATCH = 100  # frames per optimiser step
EPOCHS = 10  # passes over each batch
LR = 3e-4  # Adam's learning rate, actor and critic alike
GAMMA = 0.9  # discount: Pendulum's reward is dense, a short horizon is enough and easier to estimate
LMBDA = 0.95  # GAE's lambda: bias (0) to variance (1) of the advantage
REWARD_SCALE = 0.1  # rewards reach -16 per step; scaled down, the critic's targets stay near 1
CLIP_EPSILON = 0.2  # how far the probability ratio may move before the objective is clipped
ENTROPY_COEFF = 1e-3  # weight of the entropy bonus
INIT_LOG_SCALE = 0.0  # the Gaussian's log standard deviation at the start, before the tanh
MAX_GRAD_NORM = 0.5  # gradient clipping
HIDDEN = 64  # units per hidden layer
SEED = 0  # torch and environment seed

# torchrl logs INFO lines (a storage's first allocation) to stdout; keep stdout to our log.
logging.getLogger("torchrl").setLevel(logging.WARNING)


def make_env(seed: int) -> TransformedEnv:
    # RewardSum writes ("next", "episode_reward"): the return of the episode so far.
    env = TransformedEnv(GymEnv("Pendulum-v1"), RewardSum())
    env.set_seed(seed)
    return env


class StateIndependentScale(nn.Module):
    """Pass the mean through and add a learned scale that does not depend on the observation."""

    def __init__(self, n_act: int):
        super().__init__()
        self.log_scale = nn.Parameter(torch.full((n_act,), INIT_LOG_SCALE))

    def forward(self, loc: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return loc, self.log_scale.exp().expand_as(loc)


def train(
    total_frames: int = TOTAL_FRAMES,
    frames_per_batch: int = FRAMES_PER_BATCH,
    minibatch: int = MINIBATCH,
    epochs: int = EPOCHS,
    lr: float = LR,
    seed: int = SEED,
) -> list[dict]:
    """Train and return one log row per collected batch.

    ``episode_return`` is the mean return of the episodes that ended in the
    batch, collected with the stochastic policy (NaN when none did).
    """
    torch.manual_seed(seed)
    env = make_env(seed)
    n_obs = env.observation_spec["observation"].shape[-1]
    n_act = env.action_spec.shape[-1]

    scale_head = StateIndependentScale(n_act)
    # The actor writes "loc" and "scale", then samples "action" within the spec's bounds
    # and its "action_log_prob".
    actor = ProbabilisticActor(
        TensorDictModule(
            nn.Sequential(MLP(n_obs, n_act, num_cells=[HIDDEN, HIDDEN], activation_class=nn.Tanh), scale_head),
            in_keys=["observation"],
            out_keys=["loc", "scale"],
        ),
        in_keys=["loc", "scale"],
        spec=env.action_spec,
        distribution_class=TanhNormal,
        # TanhNormal's bounds default to -1 and 1 whatever the spec says: Pendulum's torques reach 2.
        distribution_kwargs={"low": env.action_spec.space.low, "high": env.action_spec.space.high},
        return_log_prob=True,  # PPO's ratio needs the log-prob of the collected action
    )
    # The critic writes "state_value"; GAE runs it on "observation" and ("next", "observation").
    critic = ValueOperator(MLP(n_obs, 1, num_cells=[HIDDEN, HIDDEN], activation_class=nn.Tanh), in_keys=["observation"])

    advantage = GAE(gamma=GAMMA, lmbda=LMBDA, value_network=critic, average_gae=True)
    loss_module = ClipPPOLoss(
        actor,
        critic,
        clip_epsilon=CLIP_EPSILON,
        entropy_coeff=ENTROPY_COEFF,
        loss_critic_type="l2",
    )
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
        # The return logged below reads "episode_reward", which RewardSum summed unscaled.
        batch["next", "reward"] = batch["next", "reward"] * REWARD_SCALE
        # Pendulum's episodes end by truncation after 200 steps: "terminated" stays False,
        # so GAE bootstraps from the value of the last next state instead of taking it as 0.
        for _ in range(epochs):
            # Advantages from the current critic, on the whole batch while its time dimension is
            # intact; the loss then finds "advantage" and "value_target" and does not recompute them.
            with torch.no_grad():
                advantage(batch)
            frames_of_batch = batch.reshape(-1)
            # One epoch: every frame of the batch once, in shuffled minibatches.
            for indices in torch.randperm(frames_of_batch.numel()).split(minibatch):
                losses = loss_module(frames_of_batch[indices])
                total = losses["loss_objective"] + losses["loss_critic"] + losses["loss_entropy"]
                optimizer.zero_grad()
                total.backward()
                torch.nn.utils.clip_grad_norm_(loss_module.parameters(), MAX_GRAD_NORM)
                optimizer.step()
        ended = batch["next", "done"].squeeze(-1)
        row = {
            "frames": frames,
            "episode_return": batch["next", "episode_reward"][ended].mean().item(),
            "episodes": int(ended.sum()),
            "loss_objective": losses["loss_objective"].item(),
            "loss_critic": losses["loss_critic"].item(),
            "loss_entropy": losses["loss_entropy"].item(),
            "scale": scale_head.log_scale.exp().mean().item(),
            "seconds": round(time.perf_counter() - start, 2),
        }
        log.append(row)
        print(
            f"frames {row['frames']:6d} | return {row['episode_return']:7.1f} ({row['episodes']} episodes) "
            f"| objective {row['loss_objective']:+.3f} critic {row['loss_critic']:.3f} "
            f"entropy {row['loss_entropy']:+.4f} | scale {row['scale']:.3f}"
        )
    collector.shutdown()
    return log


if __name__ == "__main__":
    train()
