from hydra.errors import InstantiationException
from hydra.utils import instantiate
from torchrl.trainers.algorithms.configs import ExcludeTransformConfig

try:
    instantiate(ExcludeTransformConfig(exclude_keys=["pixels"]))
except InstantiationException as error:
    assert "unexpected keyword argument 'exclude_keys'" in str(error)
else:
    raise AssertionError("expected an InstantiationException")
# ---- fix ----
from torchrl.envs import ExcludeTransform

# Build the class directly (its own signature), or write a config whose fields match it.
transform = ExcludeTransform("pixels")
assert transform.excluded_keys == ["pixels"]
