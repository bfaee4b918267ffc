from torchrl.trainers.algorithms.configs import GymEnvConfig, MultiSyncDataCollectorConfig

config = MultiSyncDataCollectorConfig(create_env_fn=[GymEnvConfig(env_name="Pendulum-v1")], frames_per_batch=8, total_frames=64)
assert config._target_.endswith("MultiSyncDataCollector")
