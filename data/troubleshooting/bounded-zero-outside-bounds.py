import torch
from torchrl.data import Bounded

spec = Bounded(low=1.0, high=2.0, shape=(3,))
initial = spec.zero()  # e.g. the initial value of a recurrent state or a primer
# No error: the "zero" of a spec that excludes 0 is 0 all the same, outside the spec.
assert torch.equal(initial, torch.zeros(3))
assert not spec.is_in(initial)
# ---- fix ----
import torch
from torchrl.data import Bounded

spec = Bounded(low=1.0, high=2.0, shape=(3,))
# Ask for a value inside the bounds yourself: the lower bound, or zero projected into the box.
initial = spec.space.low.clone()
assert spec.is_in(initial)
assert spec.is_in(spec.project(spec.zero()))
