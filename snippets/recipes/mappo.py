"""Multi-agent PPO with MAPPOLoss (centralised critic) or IPPOLoss (independent critics), on a team task written here.

The knobs below are small so that the file runs in seconds; raise them for real
training (see the recipe page).
"""

import logging
import time

import torch
from tensordict import TensorDict
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torchrl.collectors import Collector
from torchrl.data import Bounded, Categorical, Composite, LazyTensorStorage, ReplayBuffer, SamplerWithoutReplacement, Unbounded
from torchrl.envs import EnvBase, RewardSum, TransformedEnv
from torchrl.modules import MultiAgentMLP, ProbabilisticActor, TanhNormal
from torchrl.objectives import IPPOLoss, MAPPOLoss, ValueEstimators

CENTRALISED_CRITIC = True  # True: MAPPOLoss, each agent's value sees every agent; False: IPPOLoss
N_AGENTS = 3  # agents in the team
NUM_ENVS = 16  # environments stepped together (one batch dimension)
MAX_STEPS = 25  # steps per episode
TOTAL_FRAMES = 4_000  # environment steps in all (NUM_ENVS per collector step)
FRAMES_PER_BATCH = 800  # one on-policy batch: NUM_ENVS x 50 steps
MINIBATCH = 200  # frames per optimiser step
EPOCHS = 4  # passes over each batch
LR = 3e-4  # Adam's learning rate, actors and critics
GAMMA, LMBDA = 0.99, 0.95  # discount, and GAE's lambda
HIDDEN = 32  # units per hidden layer
SEED = 0  # torch and environment seed

# torchrl logs INFO lines (a storage's first allocation) to stdout; keep stdout to our log.
logging.getLogger("torchrl").setLevel(logging.WARNING)


class Rendezvous(EnvBase):
    """Agents on a plane, rewarded as a team for gathering: a shared reward, a shared done.

    Each agent observes its own position and the offset to the team's centre, and
    moves by at most 0.1 per step. The team reward is minus the mean distance to
    the centre. Everything is batched over ``num_envs`` environments.
    """

    def __init__(self, num_envs: int, n_agents: int, max_steps: int):
        super().__init__(batch_size=torch.Size([num_envs]))
        self.n_agents, self.max_steps = n_agents, max_steps
        team = (num_envs, n_agents)
        self.observation_spec = Composite(
            agents=Composite(observation=Unbounded(shape=(*team, 4)), shape=team), shape=(num_envs,)
        )
        self.action_spec = Composite(
            agents=Composite(action=Bounded(-1.0, 1.0, shape=(*team, 2)), shape=team), shape=(num_envs,)
        )
        self.reward_spec = Unbounded(shape=(num_envs, 1))  # "reward": one per environment, shared
        flag = Categorical(2, shape=(num_envs, 1), dtype=torch.bool)
        self.done_spec = Composite(done=flag, terminated=flag.clone(), truncated=flag.clone(), shape=(num_envs,))
        self.position = torch.zeros(*team, 2)
        self.steps = torch.zeros(num_envs, dtype=torch.long)
        self.rng = torch.Generator()

    def _observe(self) -> TensorDict:
        offset = self.position.mean(-2, keepdim=True) - self.position
        # "agents" has batch size [num_envs, n_agents], as its spec says.
        return TensorDict({"observation": torch.cat([self.position, offset], -1)}, batch_size=self.position.shape[:2])

    def _reset(self, tensordict):
        reset = torch.ones(self.batch_size, dtype=torch.bool)
        if tensordict is not None and "_reset" in tensordict.keys():
            reset = tensordict["_reset"].view(self.batch_size)  # only the environments that ended
        fresh = torch.rand(self.position.shape, generator=self.rng) * 2 - 1
        self.position = torch.where(reset[:, None, None], fresh, self.position)
        self.steps = torch.where(reset, 0, self.steps)
        no = torch.zeros(*self.batch_size, 1, dtype=torch.bool)
        return TensorDict(
            {"agents": self._observe(), "done": no, "terminated": no.clone(), "truncated": no.clone()},
            batch_size=self.batch_size,
        )

    def _step(self, tensordict):
        self.position = self.position + 0.1 * tensordict["agents", "action"].clamp(-1, 1)
        self.steps = self.steps + 1
        spread = (self.position - self.position.mean(-2, keepdim=True)).norm(dim=-1)
        truncated = (self.steps >= self.max_steps).unsqueeze(-1)
        return TensorDict(
            {
                "agents": self._observe(),
                "reward": -spread.mean(-1, keepdim=True),
                "done": truncated,
                "terminated": torch.zeros_like(truncated),
                "truncated": truncated,
            },
            batch_size=self.batch_size,
        )

    def _set_seed(self, seed):
        self.rng.manual_seed(seed)


def make_env(seed: int) -> TransformedEnv:
    # RewardSum writes ("next", "episode_reward"): the team's return so far.
    env = TransformedEnv(Rendezvous(NUM_ENVS, N_AGENTS, MAX_STEPS), RewardSum())
    env.set_seed(seed)
    return env


def train(
    total_frames: int = TOTAL_FRAMES,
    frames_per_batch: int = FRAMES_PER_BATCH,
    minibatch: int = MINIBATCH,
    epochs: int = EPOCHS,
    lr: float = LR,
    centralised_critic: bool = CENTRALISED_CRITIC,
    seed: int = SEED,
) -> list[dict]:
    """Train and return one log row per collected batch.

    ``episode_return`` is the mean team return of the episodes that ended in
    the batch (NaN when none did).
    """
    torch.manual_seed(seed)
    env = make_env(seed)

    # Decentralised actors with shared parameters: each agent acts on its own observation.
    actor = ProbabilisticActor(
        TensorDictModule(
            torch.nn.Sequential(
                MultiAgentMLP(4, 2 * 2, N_AGENTS, centralized=False, share_params=True, num_cells=[HIDDEN, HIDDEN]),
                NormalParamExtractor(),
            ),
            in_keys=[("agents", "observation")],
            out_keys=[("agents", "loc"), ("agents", "scale")],
        ),
        in_keys=[("agents", "loc"), ("agents", "scale")],
        out_keys=[("agents", "action")],
        spec=env.full_action_spec["agents", "action"],
        distribution_class=TanhNormal,
        return_log_prob=True,  # writes ("agents", "action_log_prob"), which PPO's ratio needs
    )
    # One value per agent. Centralised: every agent's value reads all observations.
    critic = TensorDictModule(
        MultiAgentMLP(4, 1, N_AGENTS, centralized=centralised_critic, share_params=True, num_cells=[HIDDEN, HIDDEN]),
        in_keys=[("agents", "observation")],
        out_keys=[("agents", "state_value")],
    )

    loss_class = MAPPOLoss if centralised_critic else IPPOLoss
    loss_module = loss_class(actor, critic)
    # The agents' entries are nested under "agents"; the shared reward and done stay at the root.
    loss_module.set_keys(
        action=("agents", "action"),
        sample_log_prob=("agents", "action_log_prob"),
        value=("agents", "state_value"),
    )
    # MAGAE, the multi-agent GAE both classes default to: the team reward, each agent's value.
    loss_module.make_value_estimator(ValueEstimators.MAGAE, gamma=GAMMA, lmbda=LMBDA)
    optimizer = torch.optim.Adam(loss_module.parameters(), lr=lr)

    collector = Collector(
        env, actor, frames_per_batch=frames_per_batch, total_frames=total_frames, auto_register_policy_transforms=False
    )
    buffer = ReplayBuffer(
        storage=LazyTensorStorage(frames_per_batch), sampler=SamplerWithoutReplacement(), batch_size=minibatch
    )

    log, start, frames = [], time.perf_counter(), 0
    for batch in collector:  # batch_size [NUM_ENVS, steps]
        frames += batch.numel()
        with torch.no_grad():
            loss_module.value_estimator(batch, params=loss_module.critic_network_params)  # advantage, on whole trajectories
        buffer.extend(batch.reshape(-1))
        for _ in range(epochs):
            for minibatch_data in buffer:
                losses = loss_module(minibatch_data)
                total = losses["loss_objective"] + losses["loss_critic"] + losses["loss_entropy"]
                optimizer.zero_grad()
                total.backward()
                torch.nn.utils.clip_grad_norm_(loss_module.parameters(), 1.0)
                optimizer.step()
        ended = batch["next", "done"].squeeze(-1)
        row = {
            "frames": frames,
            "episode_return": batch["next", "episode_reward"][ended].mean().item(),
            "episodes": int(ended.sum()),
            "loss_objective": losses["loss_objective"].item(),
            "loss_critic": losses["loss_critic"].item(),
            "loss_entropy": losses["loss_entropy"].item(),
            "seconds": round(time.perf_counter() - start, 2),
        }
        log.append(row)
        print(
            f"frames {row['frames']:5d} | team return {row['episode_return']:7.2f} "
            f"| objective {row['loss_objective']:+.3f} critic {row['loss_critic']:.3f} entropy {row['loss_entropy']:+.3f}"
        )
    collector.shutdown()
    return log


if __name__ == "__main__":
    train()
