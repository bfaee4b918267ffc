from torchrl.trainers.algorithms.configs import CatTensorsConfig

# torchrl 0.13: the field was out_keys (the config could not be instantiated with it, see fixed upstream).
config = CatTensorsConfig(in_keys=["position", "velocity"], out_keys=["state"])
assert config.out_keys == ["state"]
