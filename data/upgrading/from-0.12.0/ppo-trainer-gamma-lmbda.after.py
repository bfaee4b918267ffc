import torch
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torch import nn
from torchrl.collectors import Collector
from torchrl.data import LazyTensorStorage, ReplayBuffer
from torchrl.envs import GymEnv
from torchrl.modules import ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss
from torchrl.trainers.algorithms import PPOTrainer

torch.manual_seed(0)
env = GymEnv("Pendulum-v1")
actor = ProbabilisticActor(
    TensorDictModule(nn.Sequential(nn.Linear(3, 2), NormalParamExtractor()), in_keys=["observation"], out_keys=["loc", "scale"]),
    in_keys=["loc", "scale"],
    spec=env.action_spec,
    distribution_class=TanhNormal,
    return_log_prob=True,
)
loss = ClipPPOLoss(actor, ValueOperator(nn.Linear(3, 1), in_keys=["observation"]))
# The trainer registers its own optimizer step and, given a replay buffer, its priority update at hook stages
# that warn; no argument of the trainer avoids them:
# Accepts the warning: FutureWarning: The 'optimizer' hook stage will be replaced by OptimizationStepper in a future release. Use DefaultOptimizationStepper for equivalent behaviour.
# Accepts the warning: FutureWarning: The 'post_loss' hook stage will be replaced by OptimizationStepper in a future release. Use 'post_optim' for post-optimization hooks (e.g. priority updates), or provide a custom OptimizationStepper.
trainer = PPOTrainer(
    collector=Collector(env, actor, frames_per_batch=8, total_frames=8, auto_register_policy_transforms=True),
    total_frames=8,
    frame_skip=1,
    optim_steps_per_batch=None,
    loss_module=loss,
    optimizer=torch.optim.Adam(loss.parameters()),
    replay_buffer=ReplayBuffer(storage=LazyTensorStorage(8), batch_size=4),
    progress_bar=False,
    gamma=0.9,  # torchrl 0.13 defaults to 0.99 and 0.95: pass 0.12's values to keep its advantages
    lmbda=0.99,
)
