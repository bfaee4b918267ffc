from hydra import compose, initialize
from hydra.core.config_store import ConfigStore
from hydra.errors import ConfigCompositionException

import torchrl.trainers.algorithms.configs  # noqa: F401  (registers torchrl's config groups)

ConfigStore.instance().store(name="train", node={"defaults": [{"collector@collector": "sync"}, "_self_"]})
with initialize(version_base=None, config_path=None):
    try:
        compose(config_name="train", overrides=["frames_per_batch=64"])  # as on a command line
    except ConfigCompositionException as error:
        assert "Could not override 'frames_per_batch'" in str(error)
    else:
        raise AssertionError("expected a ConfigCompositionException")
# ---- fix ----
from hydra import compose, initialize
from hydra.core.config_store import ConfigStore

import torchrl.trainers.algorithms.configs  # noqa: F401

ConfigStore.instance().store(name="train", node={"defaults": [{"collector@collector": "sync"}, "_self_"]})
with initialize(version_base=None, config_path=None):
    # The field lives in the collector group: give its full path. (`+frames_per_batch=64`,
    # which the error suggests, would add a new top-level key that nothing reads.)
    cfg = compose(config_name="train", overrides=["collector.frames_per_batch=64"])
assert cfg.collector.frames_per_batch == 64 and "frames_per_batch" not in cfg
