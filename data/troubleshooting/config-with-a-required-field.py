from hydra.utils import instantiate
from omegaconf.errors import MissingMandatoryValue
from torchrl.trainers.algorithms.configs import GymEnvConfig

try:
    instantiate(GymEnvConfig())  # env_name is "???" (required) in the config
except MissingMandatoryValue as error:
    assert "Missing mandatory value: env_name" in str(error)
else:
    raise AssertionError("expected MissingMandatoryValue")
# ---- fix ----
from hydra.utils import instantiate
from omegaconf import OmegaConf
from torchrl.trainers.algorithms.configs import GymEnvConfig

config = OmegaConf.structured(GymEnvConfig)
print(OmegaConf.missing_keys(config))  # the fields you must set: {'env_name'}
env = instantiate(GymEnvConfig(env_name="Pendulum-v1"))  # on the command line: env.env_name=Pendulum-v1
assert env.action_spec.shape == (1,)
