from torchrl.trainers.algorithms.configs import CollectorConfig, GymEnvConfig

# torchrl 0.14 leaves these to the collector; set them to trust the policy and skip pre-allocated buffers as
# 0.13 did. extend_buffer keeps its new default: 0.13's False is deprecated.
config = CollectorConfig(
    create_env_fn=GymEnvConfig(env_name="Pendulum-v1"),
    frames_per_batch=8,
    total_frames=64,
    trust_policy=True,
    use_buffers=False,
)
assert config.trust_policy is True and config.use_buffers is False and config.extend_buffer is True
