import torch
from tensordict import TensorDict
from torchrl.data import MultiOneHot
from torchrl.modules import QValueModule

spec = MultiOneHot([2, 3])  # two discrete actions, with 2 and 3 choices
module = QValueModule(spec=spec)
try:
    module(TensorDict({"action_value": torch.randn(5, 5)}, [5]))
except ValueError as error:
    assert "var_nums must be provided" in str(error)
else:
    raise AssertionError("expected a ValueError")
# ---- fix ----
import torch
from tensordict import TensorDict
from torchrl.data import MultiOneHot
from torchrl.modules import QValueModule

spec = MultiOneHot([2, 3])
# Tell the module how many choices each sub-action has (the sizes the spec was built with).
module = QValueModule(spec=spec, var_nums=[2, 3])
out = module(TensorDict({"action_value": torch.randn(5, 5)}, [5]))
assert out["action"].shape == (5, 5) and (out["action"].sum(-1) == 2).all()
