from torchrl.trainers.algorithms.configs import AsyncDataCollectorConfig, GymEnvConfig, SyncDataCollectorConfig

env = GymEnvConfig(env_name="Pendulum-v1")
sync = SyncDataCollectorConfig(create_env_fn=env, frames_per_batch=8, total_frames=64)
asynchronous = AsyncDataCollectorConfig(create_env_fn=env, frames_per_batch=8, total_frames=64)
assert sync._target_.endswith(".Collector")
