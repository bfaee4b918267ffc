try:
    from torchrl.trainers import Recorder  # the name this hook had before torchrl 0.7
except ImportError as error:
    assert "cannot import name 'Recorder'" in str(error)
else:
    raise AssertionError("expected an ImportError")
# ---- fix ----
import torch
from tensordict import TensorDict
from torchrl.trainers import LogScalar, LogValidationReward  # noqa: F401  (the current names)

# LogReward is now LogScalar (Recorder is LogValidationReward): it logs the mean of one batch entry.
log_reward = LogScalar(key=("next", "reward"), logname="r_training")
batch = TensorDict({("next", "reward"): torch.tensor([[1.0], [3.0]])}, [2])
logged = log_reward(batch)
assert logged["r_training"] == 2.0
