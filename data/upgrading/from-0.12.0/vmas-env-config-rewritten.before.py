import dataclasses

from torchrl.trainers.algorithms.configs import VmasEnvConfig

# torchrl 0.12: generic fields, none of which VmasEnv takes.
fields = {f.name for f in dataclasses.fields(VmasEnvConfig)}
assert {"env_name", "from_pixels"} <= fields and "scenario" not in fields
