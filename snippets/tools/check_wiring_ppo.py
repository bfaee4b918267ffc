"""A correct PPO wiring on Pendulum, checked on a short rollout before any training."""
import torch
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torchrl.envs import GymEnv
from torchrl.modules import MLP, ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss

from tools.wiring import check_wiring

torch.manual_seed(0)
env = GymEnv("Pendulum-v1")
env.set_seed(0)
OBS = env.observation_spec["observation"].shape[-1]
ACT = env.action_spec.shape[-1]

actor = ProbabilisticActor(
    TensorDictModule(
        torch.nn.Sequential(MLP(OBS, 2 * ACT, num_cells=[16]), NormalParamExtractor()),
        in_keys=["observation"],
        out_keys=["loc", "scale"],
    ),
    in_keys=["loc", "scale"],
    distribution_class=TanhNormal,
    spec=env.action_spec,
    return_log_prob=True,  # PPO reads the log-probability the collector stored
)
critic = ValueOperator(MLP(OBS, 1, num_cells=[16]), in_keys=["observation"])  # writes "state_value"
loss = ClipPPOLoss(actor, critic)

# No data yet: the checker takes a 4-step rollout of env with the loss's actor.
report = check_wiring(loss, env=env)
print(report)
assert report.ready
