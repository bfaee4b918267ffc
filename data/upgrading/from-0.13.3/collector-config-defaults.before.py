from torchrl.trainers.algorithms.configs import CollectorConfig, GymEnvConfig

config = CollectorConfig(create_env_fn=GymEnvConfig(env_name="Pendulum-v1"), frames_per_batch=8, total_frames=64)
# torchrl 0.13's defaults:
assert config.extend_buffer is False and config.trust_policy is True and config.use_buffers is False
assert config.split_trajs is False and config.init_random_frames == 0
