from torchrl.data import Bounded

try:
    Bounded(minimum=-2.0, maximum=2.0, shape=(1,))  # the keyword names of torchrl 0.1
except TypeError as error:
    assert "has been removed" in str(error)
else:
    raise AssertionError("expected a TypeError")
# ---- fix ----
import torch
from torchrl.data import Bounded

spec = Bounded(low=-2.0, high=2.0, shape=(1,))
# The bounds are read back as spec.space.low / spec.space.high (no .minimum / .maximum either).
assert spec.space.low.item() == -2.0 and spec.space.high.item() == 2.0
assert spec.is_in(torch.tensor([1.5]))
