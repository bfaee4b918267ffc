from hydra.utils import instantiate
from torchrl.data import LazyTensorStorage
from torchrl.trainers.algorithms.configs import LazyTensorStorageConfig

assert LazyTensorStorageConfig(max_size=100).device == "cpu"
# Name the device to keep the data where 0.12 kept it (here the CPU, the only device of this example).
storage = instantiate(LazyTensorStorageConfig(max_size=100, device="cpu"))
assert isinstance(storage, LazyTensorStorage)
