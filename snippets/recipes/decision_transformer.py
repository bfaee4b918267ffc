"""Decision Transformer on CartPole: DTLoss trains a tiny causal transformer, offline, on episodes this file collects first.

The knobs below are small so that the file runs in seconds; raise them for real
training (see the recipe page).
"""

import logging
import time

import torch
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.data import LazyTensorStorage, ReplayBuffer, SliceSampler
from torchrl.envs import DTypeCastTransform, GymEnv, Reward2GoTransform, TransformedEnv
from torchrl.objectives import DTLoss

TOTAL_FRAMES = 3_000  # frames in the offline dataset (whole episodes: the last one may go past it)
# The behaviour policy: scripted demonstrators, one episode each in turn, pushing right when
# w_angle x angle + w_speed x angular speed > 0. The first balances the pole to the end; the others drop it.
DEMONSTRATORS = ((1.0, 0.5), (0.0, 1.0), (1.0, 0.0))
REFERENCE_EPISODES = 5  # episodes of the random policy and of the first demonstrator: the normalised score's ends
OFFLINE_STEPS = 400  # optimiser steps on the dataset
EVAL_EPISODES = 1  # evaluation episodes per log row and asked-for return
STEPS_PER_LOG = 100  # optimiser steps between two log rows
BUFFER_SIZE = 10_000  # replay capacity: holds the whole dataset
CONTEXT = 10  # steps per training sequence, and steps the policy sees when it acts
BATCH_SIZE = 32  # sequences per optimiser step
LR = 1e-3  # Adam's learning rate
EMBED = 32  # transformer width
RETURN_SCALE = 500.0  # returns-to-go are divided by this before the network reads them
TARGET_RETURN = 500.0  # the return the evaluation asks for: CartPole-v1's longest episode
LOW_TARGET_RETURN = 50.0  # a poorer return, asked for in a second evaluation episode
SEED = 0  # torch and environment seed

# torchrl logs INFO lines (a storage's first allocation) to stdout; keep stdout to our log.
logging.getLogger("torchrl").setLevel(logging.WARNING)


def make_env(seed: int) -> TransformedEnv:
    # CartPole's one-hot actions are integers; the cast keeps them float on our side, as the model writes them.
    env = TransformedEnv(GymEnv("CartPole-v1"), DTypeCastTransform(torch.long, torch.float32, in_keys_inv=["action"]))
    env.set_seed(seed)
    return env


def demonstrator_action(observation: torch.Tensor, weights: tuple[float, float]) -> torch.Tensor:
    angle, angular_speed = observation[..., 2], observation[..., 3]
    push_right = (weights[0] * angle + weights[1] * angular_speed > 0).long()
    return nn.functional.one_hot(push_right, 2).float()


class CausalTransformer(nn.Module):
    """Step t reads (return-to-go_t, observation_t, action_{t-1}) and, through a causal mask, steps before t."""

    def __init__(self, n_obs: int, n_act: int) -> None:
        super().__init__()
        self.embed = nn.Linear(1 + n_obs + n_act, EMBED)
        self.position = nn.Parameter(torch.zeros(CONTEXT, EMBED))
        layer = nn.TransformerEncoderLayer(EMBED, nhead=2, dim_feedforward=4 * EMBED, dropout=0.0, batch_first=True)
        self.body = nn.TransformerEncoder(layer, num_layers=1, enable_nested_tensor=False)
        self.head = nn.Linear(EMBED, n_act)

    def forward(self, observation, action, return_to_go):
        steps = observation.shape[-2]
        # The action input is shifted one step: the prediction at step t never sees action t.
        previous = torch.cat([torch.zeros_like(action[..., :1, :]), action[..., :-1, :]], dim=-2)
        tokens = self.embed(torch.cat([return_to_go / RETURN_SCALE, observation, previous], dim=-1))
        tokens = (tokens + self.position[:steps]).reshape(-1, steps, EMBED)
        mask = nn.Transformer.generate_square_subsequent_mask(steps)
        hidden = self.body(tokens, mask=mask, is_causal=True)
        # Probabilities of each action: DTLoss's default "l2" pulls them towards the dataset's one-hot action.
        return torch.softmax(self.head(hidden), dim=-1).reshape(action.shape)


def demonstrator(weights: tuple[float, float]) -> TensorDictModule:
    """One demonstrator as a policy: a TensorDictModule around a plain function."""
    return TensorDictModule(lambda obs: demonstrator_action(obs, weights), in_keys=["observation"], out_keys=["action"])


@torch.no_grad()
def policy_return(env, policy, episodes: int) -> float:
    """Mean return over episodes of a policy (``None``: uniformly random actions)."""
    returns = [env.rollout(max_steps=1_000, policy=policy)["next", "reward"].sum().item() for _ in range(episodes)]
    return sum(returns) / len(returns)


@torch.no_grad()
def evaluate(env, model, target_return: float) -> float:
    """One episode asking for ``target_return``; the policy sees the last CONTEXT steps."""
    td = env.reset()
    observations, actions, returns_to_go = [], [], []
    to_go, total = torch.tensor([target_return]), 0.0
    while True:
        observations.append(td["observation"])
        actions.append(torch.zeros(env.action_spec.shape))  # placeholder: the model ignores the last action
        returns_to_go.append(to_go)
        sequence = [torch.stack(x[-CONTEXT:]) for x in (observations, actions, returns_to_go)]
        probabilities = model(*sequence)[-1]
        td["action"] = actions[-1] = nn.functional.one_hot(probabilities.argmax(), probabilities.shape[-1]).float()
        td = env.step(td)
        reward = td["next", "reward"]
        total, to_go = total + reward.item(), to_go - reward
        if td["next", "done"].any():
            return total
        td = td["next"]


def mean_return(env, model, target_return: float, episodes: int) -> float:
    """The mean of ``episodes`` evaluation returns asking for ``target_return``."""
    return sum(evaluate(env, model, target_return) for _ in range(episodes)) / episodes


def train(
    total_frames: int = TOTAL_FRAMES,
    offline_steps: int = OFFLINE_STEPS,
    batch_size: int = BATCH_SIZE,
    lr: float = LR,
    eval_episodes: int = EVAL_EPISODES,
    seed: int = SEED,
) -> list[dict]:
    """Collect the dataset, train on it; return one log row per STEPS_PER_LOG optimiser steps.

    ``episode_return`` is an evaluation return: the mean of eval_episodes
    episodes asking for TARGET_RETURN, on a separate environment, after the row's updates, also
    normalised (``normalised_return``: 0 the random policy, 100 the first
    demonstrator); ``low_target_return`` the same asking for
    LOW_TARGET_RETURN.  ``frames`` is the dataset's size.
    """
    torch.manual_seed(seed)
    env, eval_env = make_env(seed), make_env(seed + 1)
    n_obs = env.observation_spec["observation"].shape[-1]
    n_act = env.action_spec.shape[-1]

    # The two ends of the normalised score, measured on the evaluation environment.
    random_return = policy_return(eval_env, None, REFERENCE_EPISODES)
    reference_return = policy_return(eval_env, demonstrator(DEMONSTRATORS[0]), REFERENCE_EPISODES)

    def normalised(value: float) -> float:
        return 100 * (value - random_return) / (reference_return - random_return)

    model = CausalTransformer(n_obs, n_act)
    # The actor writes its prediction over "action": DTLoss reads the dataset's action before it runs the actor.
    actor = TensorDictModule(model, in_keys=["observation", "action", "return_to_go"], out_keys=["action"])
    loss_module = DTLoss(actor)
    optimizer = torch.optim.Adam(loss_module.parameters(), lr=lr)
    buffer = ReplayBuffer(
        storage=LazyTensorStorage(BUFFER_SIZE),
        # Contiguous pieces of CONTEXT steps from one episode each (episodes end where ("next", "done") is set).
        sampler=SliceSampler(slice_len=CONTEXT),
        batch_size=batch_size * CONTEXT,
        # Written once per extend: the sum of the rewards from each step to its episode's end.
        transform=Reward2GoTransform(in_keys=[("next", "reward")], out_keys=["return_to_go"]),
    )

    # The dataset: whole episodes of good and poor demonstrators, so that returns-to-go tell them apart.
    returns = []  # one per episode: the behaviour policy's return is their mean
    while len(buffer) < total_frames:
        weights = DEMONSTRATORS[len(returns) % len(DEMONSTRATORS)]
        episode = env.rollout(max_steps=1_000, policy=demonstrator(weights))
        buffer.extend(episode)
        returns.append(episode["next", "reward"].sum().item())
    behaviour_return = sum(returns) / len(returns)
    # How much of the data is the reference's: the share of stored actions that equal the first
    # demonstrator's own action on the same observation (its episodes, and the others' where they agree).
    stored = buffer[:]
    own_actions = demonstrator_action(stored["observation"], DEMONSTRATORS[0])
    reference_agreement = torch.isclose(stored["action"], own_actions).all(-1).float().mean().item()
    print(
        f"behaviour policy return {behaviour_return:.1f} (normalised {normalised(behaviour_return):.0f}) | "
        f"random policy {random_return:.1f} (0) | first demonstrator {reference_return:.1f} (100)"
    )

    log, start = [], time.perf_counter()
    for step in range(1, offline_steps + 1):
        sequences = buffer.sample().reshape(batch_size, CONTEXT)
        losses = loss_module(sequences)
        optimizer.zero_grad()
        losses["loss"].backward()
        optimizer.step()
        if step % STEPS_PER_LOG == 0:
            episode_return = mean_return(eval_env, model, TARGET_RETURN, eval_episodes)
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
                "low_target_return": mean_return(eval_env, model, LOW_TARGET_RETURN, eval_episodes),
                "loss": losses["loss"].item(),
                "seconds": round(time.perf_counter() - start, 2),
            }
            log.append(row)
            print(
                f"step {step:4d} | eval return {episode_return:7.1f} (asked {TARGET_RETURN:.0f}; normalised "
                f"{row['normalised_return']:4.0f}), "
                f"{row['low_target_return']:7.1f} (asked {LOW_TARGET_RETURN:.0f}) | loss {row['loss']:.4f}"
            )
    return log


if __name__ == "__main__":
    train()
