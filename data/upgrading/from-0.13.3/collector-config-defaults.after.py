from torchrl.trainers.algorithms.configs import CollectorConfig, GymEnvConfig

# torchrl 0.14 leaves these to the collector; set them to collect as 0.13 did.
config = CollectorConfig(
    create_env_fn=GymEnvConfig(env_name="Pendulum-v1"),
    frames_per_batch=8,
    total_frames=64,
    extend_buffer=False,
    trust_policy=True,
    use_buffers=False,
    split_trajs=False,
    init_random_frames=0,
)
assert config.extend_buffer is False and config.trust_policy is True
