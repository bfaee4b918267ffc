import inspect

from torchrl.trainers.algorithms import PPOTrainer

# torchrl 0.12: a PPOTrainer built without gamma= and lmbda= used these for its GAE.
defaults = inspect.signature(PPOTrainer).parameters
assert defaults["gamma"].default == 0.9 and defaults["lmbda"].default == 0.99
