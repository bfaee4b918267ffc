"""Hydra's view of torchrl: config groups, the dataclasses stored in them, what each instantiates."""

from __future__ import annotations

from dataclasses import dataclass, field


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

    @property
    def resolved_name(self) -> str:
        return self.resolved.rsplit(".", 1)[-1] if self.resolved else ""

    @property
    def group(self) -> str:
        """The first ConfigStore group it is stored in ("" when in none)."""
        return self.registered_as[0].split("/")[0] if self.registered_as else ""


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
