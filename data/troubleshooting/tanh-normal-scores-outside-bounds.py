import torch
from torchrl.modules import TanhNormal

# TanhNormal's bounds default to [-1, 1], whatever the env's action spec says (Pendulum: [-2, 2]).
dist = TanhNormal(loc=torch.zeros(1), scale=torch.ones(1))
stored_actions = torch.tensor([[1.0], [1.5], [2.0]])  # actions the env accepted
log_prob = dist.log_prob(stored_actions)
# No error: actions past the bound all get the log-probability of the bound itself.
assert torch.isfinite(log_prob).all()
assert torch.allclose(log_prob, log_prob[0].expand(3))
# ---- fix ----
import torch
from torchrl.envs import GymEnv
from torchrl.modules import TanhNormal

env = GymEnv("Pendulum-v1")
low, high = env.action_spec.space.low, env.action_spec.space.high
# Give the distribution the env's bounds (in a ProbabilisticActor:
# distribution_kwargs={"low": low, "high": high}).
dist = TanhNormal(loc=torch.zeros(1), scale=torch.ones(1), low=low, high=high)
stored_actions = torch.tensor([[1.0], [1.5], [1.9]])
assert env.action_spec.is_in(stored_actions[0])
log_prob = dist.log_prob(stored_actions)
assert (log_prob > -5).all() and len(set(log_prob.flatten().tolist())) == 3  # each scored where it is
assert dist.sample((100,)).abs().max() > 1.0  # and samples use the whole range
