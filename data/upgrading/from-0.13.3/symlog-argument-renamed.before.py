import torch
from torchrl.objectives import symexp, symlog

returns = torch.tensor([-10.0, 0.0, 10.0])
squashed = symlog(x=returns)
assert torch.allclose(symexp(x=squashed), returns)
