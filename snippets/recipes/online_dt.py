"""Online Decision Transformer on CartPole: OnlineDTLoss, offline on poor demonstrations, then on episodes the policy collects itself.

The knobs below are small so that the file runs in seconds; raise them for real
training (see the recipe page).
"""

import logging
import time

import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torch import nn
from torchrl.data import LazyTensorStorage, ReplayBuffer, SliceSampler
from torchrl.envs import DTypeCastTransform, GymEnv, Reward2GoTransform, RewardSum, TransformedEnv
from torchrl.envs.utils import ExplorationType, set_exploration_type
from torchrl.modules import OneHotCategorical, ProbabilisticActor
from torchrl.objectives import OnlineDTLoss

DATASET_FRAMES = 1_500  # the offline dataset (whole episodes: the last one may go past it)
# The behaviour policy: scripted demonstrators, one episode each in turn, pushing right when
# w_angle x angle + w_speed x angular speed > 0. Both drop the pole long before CartPole-v1's 500 steps.
DEMONSTRATORS = ((0.0, 1.0), (1.0, 0.0))
CONTROLLER = (1.0, 0.5)  # weights of a controller that balances the pole to the end: not in the dataset
REFERENCE_EPISODES = 5  # episodes of the random policy and of CONTROLLER: the normalised score's ends
OFFLINE_STEPS = 200  # optimiser steps on the dataset alone
EVAL_EPISODES = 1  # evaluation episodes per log row
STEPS_PER_LOG = 100  # offline optimiser steps between two log rows
TOTAL_FRAMES = 600  # online frames, collected an episode at a time by the policy (the last may go past it)
UPDATES_PER_EPISODE = 40  # online optimiser steps after each collected episode
BUFFER_SIZE = 10_000  # replay capacity: the dataset, then the online episodes
CONTEXT = 10  # steps per training sequence, and steps the policy sees when it acts
BATCH_SIZE = 32  # sequences per optimiser step
LR = 1e-3  # Adam's learning rate, for the model and the entropy weight alike
EMBED = 32  # transformer width
RETURN_SCALE = 500.0  # returns-to-go are divided by this before the network reads them
TARGET_RETURN = 500.0  # the return asked for, when collecting and when evaluating: CartPole-v1's longest episode
ALPHA_INIT = 0.1  # initial weight of the entropy bonus
TARGET_ENTROPY = 0.3  # in nats; the entropy weight grows when the policy's entropy falls below it
SEED = 0  # torch and environment seed

# torchrl logs INFO lines (a storage's first allocation) to stdout; keep stdout to our log.
logging.getLogger("torchrl").setLevel(logging.WARNING)


def make_env(seed: int) -> TransformedEnv:
    # CartPole's one-hot actions are integers; the cast keeps them float on our side, as the policy writes them.
    # RewardSum writes "episode_reward", the reward collected so far: the policy's return-to-go is read from it.
    env = TransformedEnv(
        GymEnv("CartPole-v1"), DTypeCastTransform(torch.long, torch.float32, in_keys_inv=["action"])
    ).append_transform(RewardSum())
    env.set_seed(seed)
    return env


def demonstrator_action(observation: torch.Tensor, weights: tuple[float, float]) -> torch.Tensor:
    angle, angular_speed = observation[..., 2], observation[..., 3]
    push_right = (weights[0] * angle + weights[1] * angular_speed > 0).long()
    return nn.functional.one_hot(push_right, 2).float()


def demonstrator(weights: tuple[float, float]) -> TensorDictModule:
    """One scripted policy: a TensorDictModule around a plain function."""
    return TensorDictModule(lambda obs: demonstrator_action(obs, weights), in_keys=["observation"], out_keys=["action"])


@torch.no_grad()
def policy_return(env, policy, episodes: int) -> float:
    """Mean return over episodes of a policy (``None``: uniformly random actions)."""
    returns = [env.rollout(max_steps=1_000, policy=policy)["next", "reward"].sum().item() for _ in range(episodes)]
    return sum(returns) / len(returns)


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
        return self.head(hidden).reshape(action.shape)  # logits of the action distribution


class ContextPolicy:
    """Acts with the actor on the episode's last CONTEXT steps, asking for ``target_return`` in all."""

    def __init__(self, actor, target_return: float, action_spec) -> None:
        self.actor, self.target_return, self.action_spec = actor, target_return, action_spec
        self.steps: list[TensorDict] = []  # one episode: build a new policy for the next

    def __call__(self, td):
        step = TensorDict(
            observation=td["observation"],
            action=self.action_spec.zero(),  # placeholder: the model ignores the last action
            return_to_go=self.target_return - td["episode_reward"],
        )
        self.steps = (self.steps + [step])[-CONTEXT:]
        sequence = self.actor(torch.stack(self.steps))  # samples every step's action, or takes its mode
        # A sample comes out as integers: cast it to the spec's dtype (float, see make_env).
        self.steps[-1]["action"] = td["action"] = sequence["action"][-1].to(self.action_spec.dtype)
        return td


def train(
    total_frames: int = TOTAL_FRAMES,
    dataset_frames: int = DATASET_FRAMES,
    offline_steps: int = OFFLINE_STEPS,
    batch_size: int = BATCH_SIZE,
    lr: float = LR,
    eval_episodes: int = EVAL_EPISODES,
    seed: int = SEED,
) -> list[dict]:
    """Train offline, then online; return one log row per STEPS_PER_LOG offline steps and per online episode.

    ``episode_return`` is an evaluation return: the mean of eval_episodes
    episodes asking for TARGET_RETURN, with the most likely action, on a separate environment,
    after the row's updates, also normalised (``normalised_return``: 0 the
    random policy, 100 CONTROLLER).  ``frames`` counts every frame collected
    so far, the dataset's included.
    """
    torch.manual_seed(seed)
    env, eval_env = make_env(seed), make_env(seed + 1)
    n_obs = env.observation_spec["observation"].shape[-1]
    n_act = env.action_spec.shape[-1]

    # The two ends of the normalised score, measured on the evaluation environment.
    random_return = policy_return(eval_env, None, REFERENCE_EPISODES)
    reference_return = policy_return(eval_env, demonstrator(CONTROLLER), REFERENCE_EPISODES)

    def normalised(value: float) -> float:
        return 100 * (value - random_return) / (reference_return - random_return)

    actor = ProbabilisticActor(
        TensorDictModule(CausalTransformer(n_obs, n_act), ["observation", "action", "return_to_go"], ["logits"]),
        in_keys=["logits"],
        distribution_class=OneHotCategorical,
        spec=env.action_spec,
    )
    loss_module = OnlineDTLoss(actor, alpha_init=ALPHA_INIT, target_entropy=TARGET_ENTROPY)
    optimizer = torch.optim.Adam(loss_module.parameters(), lr=lr)
    buffer = ReplayBuffer(
        storage=LazyTensorStorage(BUFFER_SIZE),
        sampler=SliceSampler(slice_len=CONTEXT),  # CONTEXT consecutive steps of one episode per sequence
        batch_size=batch_size * CONTEXT,
        # Written once per extend: the sum of the rewards from each step to its episode's end (achieved, not asked).
        transform=Reward2GoTransform(in_keys=[("next", "reward")], out_keys=["return_to_go"]),
    )

    def episode(policy_env, exploration: ExplorationType) -> TensorDict:
        with set_exploration_type(exploration), torch.no_grad():
            policy = ContextPolicy(actor, TARGET_RETURN, env.action_spec)
            return policy_env.rollout(max_steps=1_000, policy=policy)

    # 1. The dataset: whole episodes of the demonstrators.
    returns = []  # one per episode: the behaviour policy's return is their mean
    while len(buffer) < dataset_frames:
        weights = DEMONSTRATORS[len(returns) % len(DEMONSTRATORS)]
        demonstration = env.rollout(max_steps=1_000, policy=demonstrator(weights))
        buffer.extend(demonstration)
        returns.append(demonstration["next", "reward"].sum().item())
    behaviour_return = sum(returns) / len(returns)
    # How much of the data is the reference's: the share of stored actions that equal CONTROLLER's own action
    # on the same observation (it demonstrates nothing itself; the demonstrators agree with it at times).
    stored = buffer[:]
    own_actions = demonstrator_action(stored["observation"], CONTROLLER)
    reference_agreement = torch.isclose(stored["action"], own_actions).all(-1).float().mean().item()
    print(
        f"behaviour policy return {behaviour_return:.1f} (normalised {normalised(behaviour_return):.0f}) | "
        f"random policy {random_return:.1f} (0) | controller {reference_return:.1f} (100)"
    )

    log, start, frames, updates = [], time.perf_counter(), len(buffer), 0

    def update() -> TensorDict:
        losses = loss_module(buffer.sample().reshape(batch_size, CONTEXT))
        total = losses["loss_log_likelihood"] + losses["loss_entropy"] + losses["loss_alpha"]
        optimizer.zero_grad()
        total.backward()
        optimizer.step()
        nonlocal updates
        updates += 1  # optimiser steps so far: the x axis of the offline phase, where frames stand still
        return losses

    def log_row(phase: str, losses: TensorDict) -> None:
        eval_returns = [episode(eval_env, ExplorationType.DETERMINISTIC)["next", "reward"].sum().item()
                        for _ in range(eval_episodes)]
        episode_return = sum(eval_returns) / eval_episodes
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
            "loss_log_likelihood": losses["loss_log_likelihood"].item(),
            "loss_entropy": losses["loss_entropy"].item(),
            "loss_alpha": losses["loss_alpha"].item(),
            "alpha": losses["alpha"].item(),
            "seconds": round(time.perf_counter() - start, 2),
        }
        log.append(row)
        print(
            f"{phase:7s} frames {row['frames']:5d} | eval return {episode_return:6.1f} "
            f"(normalised {row['normalised_return']:4.0f}) "
            f"| nll {row['loss_log_likelihood']:.3f} entropy {row['loss_entropy']:+.3f} alpha {row['alpha']:.3f}"
        )

    # 2. Offline: the sequences come from the demonstrators only.
    for step in range(1, offline_steps + 1):
        losses = update()
        if step % STEPS_PER_LOG == 0:
            log_row("offline", losses)

    # 3. Online: the policy samples its actions asking for TARGET_RETURN; each episode joins the buffer
    # with the returns-to-go it achieved.
    online = 0
    while online < total_frames:
        collected = episode(env, ExplorationType.RANDOM)
        buffer.extend(collected)
        online += collected.numel()
        frames += collected.numel()
        for _ in range(UPDATES_PER_EPISODE):
            losses = update()
        log_row("online", losses)
    return log


if __name__ == "__main__":
    train()
