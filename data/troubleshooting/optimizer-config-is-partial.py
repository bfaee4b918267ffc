import torch
from hydra.utils import instantiate
from torchrl.trainers.algorithms.configs import AdamConfig

params = torch.nn.Linear(3, 1).parameters()
optimizer = instantiate(AdamConfig(lr=1e-3), params=params)
try:
    optimizer.zero_grad()  # _partial_=True: instantiate returned a factory, not an optimizer
except AttributeError as error:
    assert "object has no attribute 'zero_grad'" in str(error)
else:
    raise AssertionError("expected an AttributeError")
# ---- fix ----
import torch
from hydra.utils import instantiate
from torchrl.trainers.algorithms.configs import AdamConfig

linear = torch.nn.Linear(3, 1)
make_optimizer = instantiate(AdamConfig(lr=1e-3))  # optimizer configs are partial: no params yet
optimizer = make_optimizer(linear.parameters())  # call it with the parameters
optimizer.zero_grad()
assert isinstance(optimizer, torch.optim.Adam)
