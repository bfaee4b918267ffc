"""PPO trained on a batch that stores the log-probability under another name: the report, then its fix."""
import torch
from tensordict.nn import NormalParamExtractor, TensorDictModule
from torchrl.envs import GymEnv
from torchrl.modules import MLP, ProbabilisticActor, TanhNormal, ValueOperator
from torchrl.objectives import ClipPPOLoss

from tools.wiring import check_wiring

STEPS = 8  # a collector batch would be larger; the keys are the same

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
    return_log_prob=True,  # writes "action_log_prob", the key ClipPPOLoss reads by default
)
critic = ValueOperator(MLP(OBS, 1, num_cells=[16]), in_keys=["observation"])
loss = ClipPPOLoss(actor, critic)

with torch.no_grad():
    batch = env.rollout(STEPS, actor)
# The batch came from another script, which stored the log-probability as "sample_log_prob".
batch.rename_key_("action_log_prob", "sample_log_prob")

report = check_wiring(loss, batch)
print(report)
assert not report.ready

# Apply the fix the report suggests, then check again.
print()
for fix in report.fixes:
    print("applying", fix.code)
loss.set_keys(sample_log_prob="sample_log_prob")
after = check_wiring(loss, batch)
print("verdict after the fix:", after.verdict)
assert after.ready
