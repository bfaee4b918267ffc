from torchrl.trainers.algorithms.configs import VmasEnvConfig

# The scenario and the number of vectorized environments, as VmasEnv takes them
# (instantiating it needs the vmas package, which this example does not use).
config = VmasEnvConfig(scenario="navigation", num_envs=4, continuous_actions=True, max_steps=100)
assert config._target_.endswith("VmasEnv")
