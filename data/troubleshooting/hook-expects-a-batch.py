import warnings

import torch
from tensordict import TensorDict
from torchrl.collectors import Collector, RandomPolicy
from torchrl.envs import GymEnv
from torchrl.trainers import Trainer

env = GymEnv("Pendulum-v1")
linear = torch.nn.Linear(3, 1)


def loss_module(batch):
    return TensorDict({"loss_value": linear(batch["observation"]).pow(2).mean()}, [])


with warnings.catch_warnings():
    warnings.simplefilter("ignore", FutureWarning)
    trainer = Trainer(
        collector=Collector(env, RandomPolicy(env.action_spec), frames_per_batch=4, total_frames=8),
        total_frames=8,
        frame_skip=1,
        optim_steps_per_batch=1,
        loss_module=loss_module,
        optimizer=torch.optim.SGD(linear.parameters(), lr=0.01),
        progress_bar=False,
    )
rewards = []
# post_optim hooks are called with no argument: there is no batch to give them.
trainer.register_op("post_optim", lambda batch: rewards.append(batch["next", "reward"].mean()))
try:
    trainer.train()
except TypeError as error:
    assert "missing 1 required positional argument: 'batch'" in str(error)
else:
    raise AssertionError("expected a TypeError")
# ---- fix ----
import warnings

import torch
from tensordict import TensorDict
from torchrl.collectors import Collector, RandomPolicy
from torchrl.envs import GymEnv
from torchrl.trainers import Trainer

env = GymEnv("Pendulum-v1")
linear = torch.nn.Linear(3, 1)


def loss_module(batch):
    return TensorDict({"loss_value": linear(batch["observation"]).pow(2).mean()}, [])


with warnings.catch_warnings():
    warnings.simplefilter("ignore", FutureWarning)
    trainer = Trainer(
        collector=Collector(env, RandomPolicy(env.action_spec), frames_per_batch=4, total_frames=8),
        total_frames=8,
        frame_skip=1,
        optim_steps_per_batch=1,
        loss_module=loss_module,
        optimizer=torch.optim.SGD(linear.parameters(), lr=0.01),
        progress_bar=False,
    )
rewards = []
# pre_steps_log receives the collected batch (the hook-point table says what each point receives).
trainer.register_op("pre_steps_log", lambda batch: rewards.append(batch["next", "reward"].mean()))
trainer.train()
assert len(rewards) == 2
