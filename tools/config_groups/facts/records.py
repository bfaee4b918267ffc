"""Hydra's view of torchrl: config groups, the dataclasses stored in them, what each instantiates."""

from __future__ import annotations

from dataclasses import dataclass, field

# How a config's built class is known when its `_target_` names the class itself (the common case).
TARGET_IS_THE_CLASS = "the target is the class"


@dataclass(frozen=True)
class ConfigField:
    name: str
    type: str  # annotation as written in torchrl
    default: str  # Python-like text; "???" when OmegaConf marks it missing; "" when no default
    required: bool  # no default, or "???"


@dataclass(frozen=True)
class ConfigClass:
    name: str  # the dataclass
    module: str
    target: str  # its `_target_` ("" when it has none: a base class)
    target_kind: str  # "class", "factory", "none" or "missing" (does not import)
    resolved: str  # qualified name of the class an instantiation builds ("" when unknown)
    resolved_how: str  # how `resolved` was found
    error: str  # the import error when target_kind == "missing"
    fields: list[ConfigField] = field(default_factory=list)
    registered_as: list[str] = field(default_factory=list)  # "group/name" in the ConfigStore
    # A loss factory's return annotation, when instantiating the config (measured) builds another
    # class: `_make_ppo_loss() -> PPOLoss` builds ClipPPOLoss with its defaults.  "" otherwise.
    annotated: str = ""

    @property
    def resolved_name(self) -> str:
        return self.resolved.rsplit(".", 1)[-1] if self.resolved else ""

    @property
    def group(self) -> str:
        """The first ConfigStore group it is stored in ("" when in none)."""
        return self.registered_as[0].split("/")[0] if self.registered_as else ""


@dataclass
class FactoryRun:
    selectors: dict[str, str]  # field -> value, as Python text ({} for the defaults)
    builds: str  # class name, or "" when it raised
    error: str = ""
    module: str = ""  # the module defining the class built
    set_keys_calls: list[str] = field(default_factory=list)
    estimator_calls: list[str] = field(default_factory=list)
    not_passed: list[str] = field(default_factory=list)  # config fields the class's __init__ did not receive


@dataclass
class FactoryRecord:
    """A loss config whose `_target_` is a factory, instantiated once per selector setting (measured)."""

    config: str
    factory: str  # qualified name of the factory function
    annotated: str  # the class its return annotation names
    construction: str  # the zoo construction whose networks were passed
    runs: list[FactoryRun] = field(default_factory=list)

    @property
    def default_class(self) -> str:
        return self.runs[0].builds if self.runs else ""

    @property
    def selector_fields(self) -> set[str]:
        """The config fields whose value changes the class built (measured: some run builds another)."""
        default = self.default_class
        return {name for run in self.runs if run.builds and run.builds != default for name in run.selectors}

    def run_for(self, values: dict[str, str]) -> FactoryRun | None:
        """The run that built what the factory builds when the config's fields hold ``values`` (field ->
        Python text, the fields that differ from the config's defaults); None when no run measured that."""
        chosen = {k: v for k, v in values.items() if k in self.selector_fields}
        for run in self.runs:
            if run.selectors == chosen and run.builds:
                return run
        return None


@dataclass(frozen=True)
class GroupEntry:
    name: str  # the option name within the group ("ppo" in trainer/ppo)
    config: str  # dataclass name


@dataclass(frozen=True)
class ConfigGroup:
    name: str
    entries: list[GroupEntry]


@dataclass(frozen=True)
class ConfigSurvey:
    groups: list[ConfigGroup]
    classes: list[ConfigClass]
    import_warnings: list[str]  # what importing the configs prints, measured in a fresh interpreter
    # Every loss config whose `_target_` is a factory, instantiated (tools/config_groups/facts/factories.py).
    factories: list[FactoryRecord] = field(default_factory=list)

    def factory(self, name: str) -> FactoryRecord | None:
        return next((f for f in self.factories if f.config == name), None)

    def builds(self, name: str, values: dict[str, str] | None = None) -> str:
        """The qualified class that instantiating the config ``name`` (dataclass or "group/option") builds,
        with its fields at ``values`` (field -> Python text; the defaults when None): the one answer to
        "what does this config build".  "" when unknown; KeyError for an unknown config."""
        config = self.by_key(name)
        factory = self.factory(config.name)
        if not values or factory is None:
            return config.resolved
        run = factory.run_for(values)
        if run is None:
            raise ValueError(
                f"{config.name} with {values} selects a class no instantiation measured "
                "(tools/config_groups/facts/factories.py varies one selector at a time)"
            )
        return f"{run.module}.{run.builds}"

    def config(self, name: str) -> ConfigClass:
        for cls in self.classes:
            if cls.name == name:
                return cls
        raise KeyError(name)

    def by_key(self, key: str) -> ConfigClass:
        """A config by dataclass name or by "group/name"."""
        for cls in self.classes:
            if cls.name == key or key in cls.registered_as:
                return cls
        raise KeyError(key)

    def for_class(self, qualified_or_short: str) -> list[ConfigClass]:
        """Configs whose instantiation builds the given class."""
        return [
            c
            for c in self.classes
            if c.resolved and (c.resolved == qualified_or_short or c.resolved_name == qualified_or_short)
        ]
