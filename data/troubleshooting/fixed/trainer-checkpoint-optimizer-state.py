import warnings

import torch
from tensordict import TensorDict
from tensordict.nn import TensorDictModule
from torchrl.collectors import Collector
from torchrl.envs import GymEnv
from torchrl.trainers import DefaultOptimizationStepper, Trainer


class SquaredValue(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(3, 1)

    def forward(self, batch):
        return TensorDict({"loss_value": self.linear(batch["observation"]).pow(2).mean()}, [])


def make_trainer(stepper):
    torch.manual_seed(0)
    env = GymEnv("Pendulum-v1")
    loss = SquaredValue()
    policy = TensorDictModule(torch.nn.Linear(3, 1), in_keys=["observation"], out_keys=["action"])
    optimizer = torch.optim.Adam(loss.parameters(), lr=0.01)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        trainer = Trainer(
            collector=Collector(env, policy, frames_per_batch=4, total_frames=8),
            total_frames=8,
            frame_skip=1,
            optim_steps_per_batch=2,
            loss_module=loss,
            optimizer=optimizer,  # passed directly, as in the report
            optimization_stepper=stepper,
            progress_bar=False,
            save_trainer_file="trainer.pt",
            save_trainer_interval=1,
        )
    return trainer, optimizer


for stepper in (None, DefaultOptimizationStepper()):  # both paths of the report
    trainer, optimizer = make_trainer(stepper)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        trainer.train()
    steps = optimizer.state_dict()["state"][0]["step"]
    restored, fresh_optimizer = make_trainer(stepper)
    restored.load_from_file("trainer.pt")
    # Before the fix the restored Adam started again from an empty state.
    assert torch.equal(fresh_optimizer.state_dict()["state"][0]["step"], steps)
