from torchrl.trainers.algorithms.configs import GAEConfig

# torchrl 0.14 defaults to raw advantages: ask for standardized ones to train as 0.13 did.
config = GAEConfig(gamma=0.99, lmbda=0.95, average_gae=True)
assert config.average_gae is True
assert GAEConfig(gamma=0.99, lmbda=0.95).average_gae is False
