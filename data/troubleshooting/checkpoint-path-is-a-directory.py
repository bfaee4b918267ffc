import os
import warnings

import torch
from tensordict import TensorDict
from torchrl.collectors import Collector, RandomPolicy
from torchrl.envs import GymEnv
from torchrl.trainers import Trainer


class SquaredValue(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(3, 1)

    def forward(self, batch):
        return TensorDict({"loss_value": self.linear(batch["observation"]).pow(2).mean()}, [])


env = GymEnv("Pendulum-v1")
loss = SquaredValue()
os.makedirs("checkpoints", exist_ok=True)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    trainer = Trainer(
        collector=Collector(env, RandomPolicy(env.action_spec), frames_per_batch=4, total_frames=8),
        total_frames=8,
        frame_skip=1,
        optim_steps_per_batch=1,
        loss_module=loss,
        optimizer=torch.optim.SGD(loss.parameters(), lr=0.01),
        progress_bar=False,
        save_trainer_file="checkpoints",  # a directory: the default backend writes one file
        save_trainer_interval=1,
    )
try:
    trainer.train()
except IsADirectoryError as error:
    assert "Is a directory" in str(error)
else:
    raise AssertionError("expected an IsADirectoryError")
# ---- fix ----
import os
import warnings

import torch
from tensordict import TensorDict
from torchrl.collectors import Collector, RandomPolicy
from torchrl.envs import GymEnv
from torchrl.trainers import Trainer


class SquaredValue(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(3, 1)

    def forward(self, batch):
        return TensorDict({"loss_value": self.linear(batch["observation"]).pow(2).mean()}, [])


env = GymEnv("Pendulum-v1")
loss = SquaredValue()
os.makedirs("checkpoints", exist_ok=True)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    trainer = Trainer(
        collector=Collector(env, RandomPolicy(env.action_spec), frames_per_batch=4, total_frames=8),
        total_frames=8,
        frame_skip=1,
        optim_steps_per_batch=1,
        loss_module=loss,
        optimizer=torch.optim.SGD(loss.parameters(), lr=0.01),
        progress_bar=False,
        save_trainer_file="checkpoints/trainer.pt",  # a file path, inside the directory
        save_trainer_interval=1,
    )
trainer.train()
assert os.path.isfile("checkpoints/trainer.pt")
