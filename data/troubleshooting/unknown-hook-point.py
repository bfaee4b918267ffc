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
try:
    trainer.register_op("after_optim", lambda: None)
except RuntimeError as error:
    assert "is not recognised" in str(error)
else:
    raise AssertionError("expected a RuntimeError")
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
calls = []
trainer.register_op("post_optim", lambda: calls.append("post_optim"))  # a name from the error's list
trainer.train()
assert calls == ["post_optim", "post_optim"]
