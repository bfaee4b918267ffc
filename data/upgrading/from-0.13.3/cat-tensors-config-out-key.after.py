from hydra.utils import instantiate
from torchrl.envs import CatTensors
from torchrl.trainers.algorithms.configs import CatTensorsConfig

config = CatTensorsConfig(in_keys=["position", "velocity"], out_key="state")
transform = instantiate(config)
assert isinstance(transform, CatTensors) and transform.out_keys == ["state"]
