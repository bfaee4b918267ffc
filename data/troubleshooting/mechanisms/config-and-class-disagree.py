from hydra.errors import InstantiationException
from hydra.utils import instantiate
from torchrl.trainers.algorithms.configs import RewardScalingConfig

config = RewardScalingConfig(loc=0.0, scale=0.5)  # its other fields keep their defaults, eps among them
try:
    instantiate(config)
except InstantiationException as error:
    # The config passes every field it has; RewardScaling has no parameter called eps.
    assert "unexpected keyword argument 'eps'" in str(error)
else:
    raise AssertionError("expected an InstantiationException")
# ---- fix ----
from hydra.utils import instantiate
from omegaconf import OmegaConf
from torchrl.trainers.algorithms.configs import RewardScalingConfig

config = RewardScalingConfig(loc=0.0, scale=0.5)
# Keep the config's target and values, without the field its class does not take.
fields = OmegaConf.to_container(OmegaConf.structured(config))
fields.pop("eps")
transform = instantiate(fields)
assert float(transform.scale) == 0.5
