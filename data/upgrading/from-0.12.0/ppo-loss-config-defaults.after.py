from torchrl.trainers.algorithms.configs import PPOLossConfig

assert PPOLossConfig().normalize_advantage is False and PPOLossConfig().critic_coeff is None
# Set both to build the loss 0.12 built.
config = PPOLossConfig(normalize_advantage=True, critic_coeff=0.25)
assert config.normalize_advantage is True and config.critic_coeff == 0.25
