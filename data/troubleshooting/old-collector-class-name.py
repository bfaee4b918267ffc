try:
    from torchrl.collectors import SyncDataCollector  # noqa: F401
except ImportError as error:
    assert "cannot import name 'SyncDataCollector'" in str(error)
else:
    raise AssertionError("expected an ImportError")
# ---- fix ----
from torchrl.collectors import Collector, RandomPolicy
from torchrl.envs import GymEnv

# SyncDataCollector is now Collector (MultiSyncDataCollector -> MultiSyncCollector,
# MultiaSyncDataCollector -> MultiAsyncCollector); the arguments are the same.
env = GymEnv("Pendulum-v1")
collector = Collector(env, RandomPolicy(env.action_spec), frames_per_batch=4, total_frames=4)
for batch in collector:
    assert batch.numel() == 4
collector.shutdown()
