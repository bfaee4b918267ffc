"""CrossQ on Pendulum: batch-renormalised critics and no target networks at all.

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
from torchrl.modules import MLP, BatchRenorm1d, ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import CrossQLoss

TOTAL_FRAMES = 2_000  # frames collected in all
FRAMES_PER_BATCH = 200  # one Pendulum episode (200 steps) per batch
INIT_RANDOM_FRAMES = 400  # random actions first, to fill the buffer
BUFFER_SIZE = 100_000  # replay capacity, in frames
BATCH_SIZE = 128  # frames per optimiser step
UPDATES_PER_BATCH = 32  # critic steps after each collected batch
POLICY_DELAY = 3  # the actor and the temperature step once every POLICY_DELAY critic steps
LR = 1e-3  # Adam's learning rate for the actor, the Q-networks and the temperature
BETAS = (0.5, 0.999)  # Adam's betas: a short memory for the mean gradient, as CrossQ's authors use
GAMMA = 0.99  # discount
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
    batch (NaN when none did), collected with the stochastic policy.
    """
    torch.manual_seed(seed)
    env = make_env(seed)
    n_obs = env.observation_spec["observation"].shape[-1]
    n_act = env.action_spec.shape[-1]

    # The actor writes "loc" and "scale", then samples a squashed "action" between low and high.
    actor = ProbabilisticActor(
        TensorDictModule(
            nn.Sequential(
                MLP(n_obs, 2 * n_act, num_cells=[HIDDEN, HIDDEN], activation_class=nn.ReLU), NormalParamExtractor()
            ),
            in_keys=["observation"],
            out_keys=["loc", "scale"],
        ),
        in_keys=["loc", "scale"],
        spec=env.action_spec,
        distribution_class=TanhNormal,
        # TanhNormal's bounds default to -1 and 1 whatever the spec says: Pendulum's torques reach 2.
        distribution_kwargs={"low": env.action_spec.space.low, "high": env.action_spec.space.high},
    )
    # The critic normalises its layers with batch renormalisation: CrossQ runs the current
    # and the next state-action pairs through it in one batch, which replaces target networks.
    qvalue = ValueOperator(
        MLP(
            n_obs + n_act,
            1,
            num_cells=[HIDDEN, HIDDEN],
            activation_class=nn.ReLU,
            norm_class=BatchRenorm1d,
            norm_kwargs=[{"num_features": HIDDEN}, {"num_features": HIDDEN}],  # one per hidden layer
        ),
        in_keys=["observation", "action"],
    )

    loss_module = CrossQLoss(actor, qvalue, num_qvalue_nets=2, action_spec=env.action_spec)
    loss_module.make_value_estimator(gamma=GAMMA)
    # One optimiser over the summed terms: each term's gradient reaches only its own
    # parameters (actor, Q-networks, log_alpha), so this equals one optimiser per term.
    optimizer = torch.optim.Adam(loss_module.parameters(), lr=lr, betas=BETAS)

    buffer = ReplayBuffer(storage=LazyTensorStorage(BUFFER_SIZE), batch_size=batch_size)
    collector = Collector(
        env,
        actor,
        frames_per_batch=frames_per_batch,
        total_frames=total_frames,
        init_random_frames=INIT_RANDOM_FRAMES,
        auto_register_policy_transforms=False,
    )

    log, start, frames, updates = [], time.perf_counter(), 0, 0
    for batch in collector:
        frames += batch.numel()
        buffer.extend(batch.reshape(-1))
        if frames < INIT_RANDOM_FRAMES:
            continue
        for _ in range(updates_per_batch):
            updates += 1
            losses = loss_module(buffer.sample())
            total = losses["loss_qvalue"]
            if updates % POLICY_DELAY == 0:
                total = total + losses["loss_actor"] + losses["loss_alpha"]
            optimizer.zero_grad()  # gradients set to None: the terms left out leave their parameters alone
            total.backward()
            optimizer.step()  # no target network: nothing else to step
        ended = batch["next", "done"].squeeze(-1)
        row = {
            "frames": frames,
            "episode_return": batch["next", "episode_reward"][ended].mean().item(),
            "episodes": int(ended.sum()),
            "loss_actor": losses["loss_actor"].item(),
            "loss_qvalue": losses["loss_qvalue"].item(),
            "loss_alpha": losses["loss_alpha"].item(),
            "alpha": losses["alpha"].item(),
            "entropy": losses["entropy"].item(),
            "seconds": round(time.perf_counter() - start, 2),
        }
        log.append(row)
        print(
            f"frames {row['frames']:5d} | return {row['episode_return']:8.1f} | actor {row['loss_actor']:+7.3f} "
            f"qvalue {row['loss_qvalue']:7.3f} alpha-loss {row['loss_alpha']:+.3f} | alpha {row['alpha']:.3f} "
            f"entropy {row['entropy']:+.2f}"
        )
    collector.shutdown()
    return log


if __name__ == "__main__":
    train()
