import torch
from torchrl.objectives import symexp, symlog

returns = torch.tensor([-10.0, 0.0, 10.0])
squashed = symlog(value=returns)  # or symlog(returns): a positional call works in both releases
assert torch.allclose(symexp(value=squashed), returns)
