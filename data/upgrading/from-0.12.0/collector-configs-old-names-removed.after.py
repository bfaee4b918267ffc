from torchrl.trainers.algorithms.configs import AsyncCollectorConfig, CollectorConfig, GymEnvConfig

env = GymEnvConfig(env_name="Pendulum-v1")
sync = CollectorConfig(create_env_fn=env, frames_per_batch=8, total_frames=64)
asynchronous = AsyncCollectorConfig(create_env_fn=env, frames_per_batch=8, total_frames=64)
assert sync._target_.endswith(".Collector")
