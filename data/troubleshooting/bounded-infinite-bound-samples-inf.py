import torch
from torchrl.data import Bounded

torch.manual_seed(0)
spec = Bounded(low=0.0, high=float("inf"), shape=(5,))  # what a gym Box(0, inf) becomes
actions = spec.rand()  # what a RandomPolicy (e.g. a collector's init_random_frames) sends
# No error: every random action is infinite.
assert torch.isinf(actions).all()
# ---- fix ----
import torch
from torchrl.data import Bounded

torch.manual_seed(0)
# Give random exploration finite bounds (here the range the actions really use)...
spec = Bounded(low=0.0, high=10.0, shape=(5,))
actions = spec.rand()
assert torch.isfinite(actions).all() and spec.is_in(actions)
# ...or sample the random actions yourself for the half-open range, e.g. from an exponential.
half_open = torch.distributions.Exponential(torch.ones(5)).sample()
assert (half_open >= 0).all() and torch.isfinite(half_open).all()
