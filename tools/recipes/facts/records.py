"""Recipe records: what each training recipe file wires, read from its source.  Plain, JSON-able."""

from __future__ import annotations

from dataclasses import dataclass, field

from tools.core.codec import list_codec


@dataclass(frozen=True)
class Knob:
    """A module-level constant of a recipe: the knob a reader raises for real training."""

    name: str
    value: str  # as written in the file
    comment: str  # the comment on its line, "" when none


@dataclass(frozen=True)
class Call:
    """A call the recipe makes to a torchrl piece, with its keyword arguments as written."""

    name: str  # SoftUpdate, HardUpdate, set_keys, make_value_estimator, ...
    line: int
    end_line: int
    keywords: dict[str, str] = field(default_factory=dict)
    positional: list[str] = field(default_factory=list)
    receiver: str = ""  # for a method call, the variable it is called on (loss_module.set_keys -> loss_module)


@dataclass(frozen=True)
class Recipe:
    slug: str  # file stem, page name: ppo -> snippets/recipes/ppo.py, docs/recipes/ppo.md
    family: str  # curated label, tools/recipes/facts/catalog.py
    source: str  # project-relative path of the file
    title: str  # first line of the file's docstring
    losses: list[str]  # loss classes the file imports from torchrl.objectives
    estimators: list[str]  # value estimators: classes from torchrl.objectives.value, ValueEstimators members
    environments: list[str]  # GymEnv ids, torchrl env classes, environments defined in the file
    knobs: list[Knob]
    calls: list[Call]  # the wiring calls, in file order (also the lines the page highlights)
    train_defaults: dict[str, str]  # keyword argument of train() -> its default as written

    def calls_named(self, name: str) -> list[Call]:
        return [c for c in self.calls if c.name == name]

    def knob(self, name: str) -> Knob | None:
        return next((k for k in self.knobs if k.name == name), None)


encode, decode = list_codec(Recipe)
