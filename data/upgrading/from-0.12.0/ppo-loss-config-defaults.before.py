from torchrl.trainers.algorithms.configs import PPOLossConfig

# torchrl 0.12's defaults: advantages normalized, critic loss weighted by 0.25.
config = PPOLossConfig()
assert config.normalize_advantage is True and config.critic_coeff == 0.25
