from torchrl.trainers.algorithms.configs import LazyTensorStorageConfig

# torchrl 0.12: device=None, the data stays on the device it comes from.
assert LazyTensorStorageConfig(max_size=100).device is None
