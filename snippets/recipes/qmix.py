"""QMIX or VDN with QMixerLoss: per-agent Q-values mixed into a team value, on a cooperative task written here.

The knobs below are small so that the file runs in seconds; raise them for real
training (see the recipe page).
"""

import logging
import time

import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule, TensorDictSequential
from torchrl.collectors import Collector
from torchrl.data import Categorical, Composite, LazyTensorStorage, OneHot, ReplayBuffer, Unbounded
from torchrl.envs import EnvBase, RewardSum, TransformedEnv
from torchrl.modules import MLP, EGreedyModule, QMixer, QValueActor, VDNMixer
from torchrl.objectives import QMixerLoss, SoftUpdate

MIXER = "qmix"  # "qmix": a mixing network conditioned on the global state; "vdn": the sum of the agents' values
N_AGENTS = 3  # agents in the team
NUM_ENVS = 8  # environments stepped together
LINE = 7  # cells on the line the agents walk
MAX_STEPS = 10  # steps per episode
TOTAL_FRAMES = 3_200  # environment steps in all (NUM_ENVS per collector step)
FRAMES_PER_BATCH = 160  # frames collected between two rounds of updates
BUFFER_SIZE = 10_000  # replay capacity, in frames
BATCH_SIZE = 64  # frames per optimiser step
UPDATES_PER_BATCH = 10  # optimiser steps after each collected batch
LR = 5e-4  # Adam's learning rate, agents' network and mixer
GAMMA = 0.95  # discount
TAU = 0.005  # SoftUpdate: fraction of the gap to the online weights closed per step
EPS_INIT, EPS_END = 1.0, 0.05  # epsilon-greedy exploration, annealed ...
EPS_FRAMES = 2_400  # ... over this many frames
HIDDEN = 32  # units per hidden layer
SEED = 0  # torch and environment seed

# torchrl logs INFO lines (a storage's first allocation) to stdout; keep stdout to our log.
logging.getLogger("torchrl").setLevel(logging.WARNING)


class MeetOnALine(EnvBase):
    """Agents on a line of cells step left, stay or step right, rewarded as a team for meeting.

    Each agent observes its own cell and the offset to the team's mean cell; the
    global "state" holds every agent's cell. The team reward is minus the
    distance between the two agents furthest apart, divided by the line length.
    """

    def __init__(self, num_envs: int, n_agents: int, line: int, max_steps: int):
        super().__init__(batch_size=torch.Size([num_envs]))
        self.line, self.max_steps = line, max_steps
        team = (num_envs, n_agents)
        self.observation_spec = Composite(
            agents=Composite(observation=Unbounded(shape=(*team, 2)), shape=team),
            state=Unbounded(shape=(num_envs, n_agents)),
            shape=(num_envs,),
        )
        self.action_spec = Composite(agents=Composite(action=OneHot(3, shape=(*team, 3)), shape=team), shape=(num_envs,))
        self.reward_spec = Unbounded(shape=(num_envs, 1))  # one team reward
        flag = Categorical(2, shape=(num_envs, 1), dtype=torch.bool)
        self.done_spec = Composite(done=flag, terminated=flag.clone(), truncated=flag.clone(), shape=(num_envs,))
        self.cell = torch.zeros(team, dtype=torch.long)
        self.steps = torch.zeros(num_envs, dtype=torch.long)
        self.rng = torch.Generator()

    def _observe(self) -> TensorDict:
        cell = self.cell.float() / (self.line - 1)
        agents = TensorDict(
            {"observation": torch.stack([cell, cell.mean(-1, keepdim=True) - cell], -1)}, batch_size=self.cell.shape
        )
        return TensorDict({"agents": agents, "state": cell}, batch_size=self.batch_size)

    def _reset(self, tensordict):
        reset = torch.ones(self.batch_size, dtype=torch.bool)
        if tensordict is not None and "_reset" in tensordict.keys():
            reset = tensordict["_reset"].view(self.batch_size)
        fresh = torch.randint(self.line, self.cell.shape, generator=self.rng)
        self.cell = torch.where(reset[:, None], fresh, self.cell)
        self.steps = torch.where(reset, 0, self.steps)
        out = self._observe()
        no = torch.zeros(*self.batch_size, 1, dtype=torch.bool)
        out.update({"done": no, "terminated": no.clone(), "truncated": no.clone()})
        return out

    def _step(self, tensordict):
        move = tensordict["agents", "action"].long().argmax(-1) - 1  # -1, 0 or +1 (a random action is a bool one-hot)
        self.cell = (self.cell + move).clamp(0, self.line - 1)
        self.steps = self.steps + 1
        out = self._observe()
        spread = (self.cell.max(-1).values - self.cell.min(-1).values).float() / (self.line - 1)
        truncated = (self.steps >= self.max_steps).unsqueeze(-1)
        out.update(
            {"reward": -spread.unsqueeze(-1), "done": truncated, "terminated": torch.zeros_like(truncated), "truncated": truncated}
        )
        return out

    def _set_seed(self, seed):
        self.rng.manual_seed(seed)


def make_env(seed: int) -> TransformedEnv:
    # RewardSum writes ("next", "episode_reward"): the team's return so far.
    env = TransformedEnv(MeetOnALine(NUM_ENVS, N_AGENTS, LINE, MAX_STEPS), RewardSum())
    env.set_seed(seed)
    return env


def train(
    total_frames: int = TOTAL_FRAMES,
    frames_per_batch: int = FRAMES_PER_BATCH,
    batch_size: int = BATCH_SIZE,
    updates_per_batch: int = UPDATES_PER_BATCH,
    lr: float = LR,
    mixer: str = MIXER,
    seed: int = SEED,
) -> list[dict]:
    """Train and return one log row per collected batch.

    ``episode_return`` is the mean team return of the episodes that ended in
    the batch (NaN when none did), exploration included.
    """
    torch.manual_seed(seed)
    env = make_env(seed)
    action_spec = env.full_action_spec["agents", "action"]

    # One Q-network shared by the agents, every output nested under "agents".
    local_qnet = QValueActor(
        MLP(2, 3, num_cells=[HIDDEN, HIDDEN]),
        in_keys=[("agents", "observation")],
        spec=action_spec,
        action_key=("agents", "action"),
        action_value_key=("agents", "action_value"),
        chosen_action_value_key=("agents", "chosen_action_value"),
    )
    exploration = EGreedyModule(
        action_spec, eps_init=EPS_INIT, eps_end=EPS_END, annealing_num_steps=EPS_FRAMES, action_key=("agents", "action")
    )
    policy = TensorDictSequential(local_qnet, exploration)

    # The mixer turns the agents' chosen-action values into one team value.
    if mixer == "qmix":
        mixing = QMixer(state_shape=(N_AGENTS,), mixing_embed_dim=HIDDEN, n_agents=N_AGENTS, device="cpu")
        mixer_network = TensorDictModule(
            mixing, in_keys=[("agents", "chosen_action_value"), "state"], out_keys=["chosen_action_value"]
        )
    else:
        mixing = VDNMixer(n_agents=N_AGENTS, device="cpu")
        mixer_network = TensorDictModule(mixing, in_keys=[("agents", "chosen_action_value")], out_keys=["chosen_action_value"])

    # The loss's default keys already match: local values under "agents", the team value,
    # reward and done flags at the root.
    loss_module = QMixerLoss(local_qnet, mixer_network, action_space=action_spec, delay_value=True)
    loss_module.make_value_estimator(gamma=GAMMA)
    target_updater = SoftUpdate(loss_module, tau=TAU)
    optimizer = torch.optim.Adam(loss_module.parameters(), lr=lr)

    buffer = ReplayBuffer(storage=LazyTensorStorage(BUFFER_SIZE), batch_size=batch_size)
    collector = Collector(
        env, policy, frames_per_batch=frames_per_batch, total_frames=total_frames, auto_register_policy_transforms=False
    )

    log, start, frames = [], time.perf_counter(), 0
    for batch in collector:  # batch_size [NUM_ENVS, steps]
        frames += batch.numel()
        buffer.extend(batch.reshape(-1))
        exploration.step(batch.numel())
        for _ in range(updates_per_batch):
            losses = loss_module(buffer.sample())
            optimizer.zero_grad()
            losses["loss"].backward()
            optimizer.step()
            target_updater.step()  # after every optimiser step
        ended = batch["next", "done"].squeeze(-1)
        row = {
            "frames": frames,
            "episode_return": batch["next", "episode_reward"][ended].mean().item(),
            "episodes": int(ended.sum()),
            "loss": losses["loss"].item(),
            "epsilon": exploration.eps.item(),
            "seconds": round(time.perf_counter() - start, 2),
        }
        log.append(row)
        print(
            f"frames {row['frames']:5d} | team return {row['episode_return']:6.2f} | loss {row['loss']:.4f} "
            f"| epsilon {row['epsilon']:.2f}"
        )
    collector.shutdown()
    return log


if __name__ == "__main__":
    train()
