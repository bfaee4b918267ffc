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


def make_trainer():
    env = GymEnv("Pendulum-v1")
    loss = SquaredValue()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return Trainer(
            collector=Collector(env, RandomPolicy(env.action_spec), frames_per_batch=4, total_frames=8),
            total_frames=8,
            frame_skip=1,
            optim_steps_per_batch=1,
            loss_module=loss,
            optimizer=torch.optim.SGD(loss.parameters(), lr=0.01),
            progress_bar=False,
            save_trainer_file="trainer.pt",
            save_trainer_interval=1,
        )


with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    make_trainer().train()  # saving works
try:
    make_trainer().load_from_file("trainer.pt")
except ValueError as error:
    assert "does not have state_dict" in str(error)
else:
    raise AssertionError("expected a ValueError")
# ---- fix ----
import warnings

import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torchrl.collectors import Collector
from torchrl.envs import GymEnv
from torchrl.trainers import Trainer


class SquaredValue(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(3, 1)

    def forward(self, batch):
        return TensorDict({"loss_value": self.linear(batch["observation"]).pow(2).mean()}, [])


def make_trainer():
    env = GymEnv("Pendulum-v1")
    loss = SquaredValue()
    # A policy that is an nn.Module has a state_dict (empty or not) to save and restore.
    policy = TensorDictModule(
        torch.nn.Sequential(torch.nn.Linear(3, 1), torch.nn.Tanh()), in_keys=["observation"], out_keys=["action"]
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return Trainer(
            collector=Collector(env, policy, frames_per_batch=4, total_frames=8),
            total_frames=8,
            frame_skip=1,
            optim_steps_per_batch=1,
            loss_module=loss,
            optimizer=torch.optim.SGD(loss.parameters(), lr=0.01),
            progress_bar=False,
            save_trainer_file="trainer.pt",
            save_trainer_interval=1,
        )


with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    make_trainer().train()
restored = make_trainer()
restored.load_from_file("trainer.pt")
assert restored.collected_frames == 8
