"""What the scanner reads from pytorch/rl's sota-implementations: plain, JSON-able dataclasses.

These records hold facts only (file names, class names, argument names and
values, config keys): never code or prose from the repository.  They are
written to ``data/sota.json`` by ``python -m tools.wings.sota_scanner PATH`` and read back by
the build, which checks them against the installed torchrl (``tools.sota.facts.check``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tools.core.codec import record_codec

# The kinds of torchrl objects the map follows; everything else a script builds is left out.
KINDS = (
    "loss",
    "value_estimator",
    "target_updater",
    "trainer",
    "collector",
    "replay_buffer",
    "sampler",
    "storage",
    "env",
    "dataset",
)


@dataclass(frozen=True)
class Argument:
    """One argument of a construction, as far as the code tells without running it."""

    name: str  # the keyword, or "#0", "#1"... for positional arguments, "**" for a ** expansion
    source: str  # literal | config | computed | built | torchrl | expression
    value: Any = None  # the literal, the config value, the computed number, the class built, the torchrl name
    config_keys: list[str] = field(default_factory=list)  # the config keys it is read from ("optim.gamma")


@dataclass(frozen=True)
class Construction:
    """A torchrl class the script builds (or a ``make_value_estimator`` call) and where."""

    name: str  # class name as torchrl spells it ("SACLoss"), or "make_value_estimator"
    module: str  # the module the script imports it from ("torchrl.objectives.sac")
    kind: str  # one of KINDS, or "make_value_estimator"
    file: str  # relative to the SOTA directory
    line: int
    arguments: list[Argument] = field(default_factory=list)
    on: str = ""  # make_value_estimator: the loss class it is called on, when the code tells
    # Config keys of the `if`/`... if ... else ...` tests around the call (in its function) -> their values,
    # and whether those tests let it run with the default config (None: the code does not tell).
    when: dict[str, Any] = field(default_factory=dict)
    by_default: bool | None = True


@dataclass(frozen=True)
class UpdaterStep:
    """Where a target updater's ``step()`` is called."""

    updater: str  # SoftUpdate, HardUpdate...
    file: str
    line: int
    placement: str  # after-optimizer-step | before-optimizer-step | no-optimizer-step-nearby | trainer-hook
    hook: str = ""  # the Trainer hook point, when placement is trainer-hook
    conditional: bool = False  # inside an `if` that the optimizer step before it is not
    condition_names: list[str] = field(default_factory=list)  # names in that `if` test
    condition_config: dict[str, Any] = field(default_factory=dict)  # config keys the condition depends on -> value


@dataclass(frozen=True)
class Hyperparameter:
    key: str  # dotted config key ("optim.gamma")
    value: Any
    used_by: list[str] = field(default_factory=list)  # "SoftUpdate(eps)", "SACLoss.make_value_estimator(gamma)"


@dataclass(frozen=True)
class Script:
    file: str  # relative to the SOTA directory
    config: str  # the Hydra config it runs with by default (relative), "" when none
    helpers: list[str]  # local modules it imports, directly or through them
    constructions: list[Construction]
    updater_steps: list[UpdaterStep]
    hyperparameters: list[Hyperparameter]
    devices: dict[str, Any]  # config keys naming a device -> value (None: chosen at run time)
    cuda_calls: list[str]  # torch.cuda functions the reachable code calls (is_available, device_count...)
    third_party: list[str]  # top-level packages imported besides the standard library, torch and torchrl
    env_names: dict[str, Any]  # config keys naming an environment, task or dataset -> value


@dataclass(frozen=True)
class TrainerConfig:
    """A Hydra config of a ``*_trainer`` directory: its defaults list and body, for composing at build time."""

    file: str  # relative to the SOTA directory
    defaults: list[Any]  # the defaults list as parsed ("group@package: option" mappings and "_self_")
    body: dict[str, Any]  # the config without its defaults list (values only: YAML comments are dropped)
    hyperparameters: list[Hyperparameter]


@dataclass(frozen=True)
class Launcher:
    file: str  # relative to sota-check/
    scripts: list[str]  # the scripts it runs, relative to the SOTA directory
    gpus: int | None  # GPUs its SBATCH header requests (None: says nothing)


@dataclass(frozen=True)
class Directory:
    name: str
    scripts: list[Script]
    helpers: list[str]  # Python modules of the directory that are not entry points
    configs: list[str]  # YAML files
    requirements: list[str]  # package names from requirements*.txt files
    launchers: list[Launcher]
    ci_smoke: dict[str, str]  # CI smoke-test name -> script it runs
    trainer_configs: list[TrainerConfig]


@dataclass(frozen=True)
class SotaMap:
    repository: str
    commit: str
    directories: list[Directory]
    ci_smoke_file: str  # where the CI smoke list was read ("" when the checkout has none)

    def directory(self, name: str) -> Directory:
        for d in self.directories:
            if d.name == name:
                return d
        raise KeyError(name)


encode, decode = record_codec(SotaMap)
