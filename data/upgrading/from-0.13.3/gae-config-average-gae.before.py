from torchrl.trainers.algorithms.configs import GAEConfig

config = GAEConfig(gamma=0.99, lmbda=0.95)
# torchrl 0.13: a GAE built from this config standardizes its advantages.
assert config.average_gae is True
