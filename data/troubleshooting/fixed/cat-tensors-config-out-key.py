from hydra.utils import instantiate
from torchrl.envs import CatTensors
from torchrl.trainers.algorithms.configs.transforms import CatTensorsConfig

# The reported pattern: instantiating the registered config. It used to forward out_keys=,
# which CatTensors does not take.
transform = instantiate(CatTensorsConfig(in_keys=["position", "velocity"], out_key="state"))
assert isinstance(transform, CatTensors)
assert transform.out_keys == ["state"]
