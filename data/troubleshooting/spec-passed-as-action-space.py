from torchrl.data import OneHot
from torchrl.modules import QValueModule

spec = OneHot(4)  # e.g. env.action_spec
try:
    QValueModule(action_space=spec)
except TypeError as error:
    assert "Using specs in action_space is deprecated" in str(error)
else:
    raise AssertionError("expected a TypeError")
# ---- fix ----
import torch
from tensordict import TensorDict
from torchrl.data import OneHot
from torchrl.modules import QValueModule

spec = OneHot(4)
# A spec goes to spec=; action_space= takes a name ("one-hot", "categorical", ...).
module = QValueModule(spec=spec)
out = module(TensorDict({"action_value": torch.randn(5, 4)}, [5]))
assert out["action"].shape == (5, 4)
