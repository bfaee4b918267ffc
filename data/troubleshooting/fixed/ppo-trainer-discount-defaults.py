import warnings

import torch
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.collectors import Collector
from torchrl.data import LazyTensorStorage, ReplayBuffer
from torchrl.envs import GymEnv
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss
from torchrl.trainers.algorithms import PPOTrainer

env = GymEnv("Pendulum-v1")
actor = ProbabilisticActor(
    TensorDictModule(nn.Sequential(nn.Linear(3, 2), NormalParamExtractor()), in_keys=["observation"], out_keys=["loc", "scale"]),
    in_keys=["loc", "scale"],
    spec=env.action_spec,
    distribution_class=TanhNormal,
    return_log_prob=True,
)
loss = ClipPPOLoss(actor, ValueOperator(nn.Linear(3, 1), in_keys=["observation"]))
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    # The reported pattern: a PPOTrainer built without gamma= and lmbda=.
    trainer = PPOTrainer(
        collector=Collector(env, actor, frames_per_batch=8, total_frames=8),
        total_frames=8,
        frame_skip=1,
        optim_steps_per_batch=None,
        loss_module=loss,
        optimizer=torch.optim.Adam(loss.parameters()),
        replay_buffer=ReplayBuffer(storage=LazyTensorStorage(8), batch_size=4),
        progress_bar=False,
    )
# The trainer's own GAE is saved with its checkpoint, under "value_estimator".
gae_state = trainer.state_dict()["value_estimator"]["value_estimator"]
# Before the fix the defaults were gamma=0.9 and lmbda=0.99.
assert round(gae_state["gamma"].item(), 4) == 0.99 and round(gae_state["lmbda"].item(), 4) == 0.95
