import torch
from hydra.errors import InstantiationException
from hydra.utils import instantiate
from torchrl.trainers.algorithms.configs import LionConfig

try:
    instantiate(LionConfig())(torch.nn.Linear(3, 1).parameters())
except InstantiationException as error:
    assert "Error locating target 'torch.optim.Lion'" in str(error)
else:
    raise AssertionError("expected an InstantiationException")
# ---- fix ----
import torch
from hydra.utils import instantiate
from torchrl.trainers.algorithms.configs import AdamWConfig

# torchrl registers a config for an optimizer this torch does not have: pick one torch.optim has.
assert not hasattr(torch.optim, "Lion")
optimizer = instantiate(AdamWConfig(lr=1e-4))(torch.nn.Linear(3, 1).parameters())
assert isinstance(optimizer, torch.optim.AdamW)
