"""A recipe's knobs beside the values pytorch/rl's SOTA scripts use for the same loss (records only, no Markdown).

The values come from the SOTA map's records (``tools.sota.loss_sources``:
each script's config, each trainer config's stored Hydra composition), never
retyped.  What is curated here is only which config key answers which knob
(``KNOB_KEYS``): a knob is a name in our files, a config key a name in
theirs, and nothing in either tells that ``MINIBATCH`` is ``loss.mini_batch_size``.
``tests/tools/recipes/test_sota.py`` keeps the table honest both ways: every
knob it names exists in a recipe, every key part it names occurs in the map.

Some scripts state a knob in another parameterisation: ``SoftUpdate``'s ``eps``
for the recipe's ``TAU``, updates per collected frame (``utd_ratio``) for
updates per batch, iterations (``n_iters``) for frames.  Each such key has a
``Conversion`` (curated here, with what it is checked against), and the
table shows the converted value beside the original, the conversion named.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tools.recipes.facts.records import Recipe
from tools.sota.facts.records import Hyperparameter
from tools.sota.facts.sources import LossSource

# Knob -> the last part of the config keys that set the same thing, most specific first.
KNOB_KEYS: dict[str, tuple[str, ...]] = {
    "TOTAL_FRAMES": ("total_frames", "n_iters"),
    "FRAMES_PER_BATCH": ("frames_per_batch",),
    "INIT_RANDOM_FRAMES": ("init_random_frames",),
    "BUFFER_SIZE": ("buffer_size", "size", "max_size", "memory_size"),
    "BATCH_SIZE": ("batch_size", "mini_batch_size", "minibatch_size"),
    "MINIBATCH": ("mini_batch_size", "minibatch_size", "batch_size"),
    "EPOCHS": ("ppo_epochs", "num_epochs"),
    "UPDATES_PER_BATCH": ("optim_steps_per_batch", "num_updates", "utd_ratio"),
    "OFFLINE_STEPS": ("gradient_steps",),
    "LR": ("lr", "actor_lr"),
    "GAMMA": ("gamma",),
    "TAU": ("tau", "target_update_polyak", "eps"),
    "LMBDA": ("gae_lambda", "lmbda"),
    "CLIP_EPSILON": ("clip_epsilon",),
    "ENTROPY_COEFF": ("entropy_coeff", "entropy_eps"),
    "MAX_GRAD_NORM": ("max_grad_norm",),
    "POLICY_DELAY": ("policy_update_delay",),
    "TARGET_UPDATE_INTERVAL": ("hard_update_freq", "value_network_update_interval", "hard_update_interval"),
    "EPS_FRAMES": ("annealing_num_steps",),
    "NUM_QVALUE_NETS": ("num_qvalue_nets",),
    "EXPECTILE": ("expectile",),
    "TEMPERATURE": ("temperature",),
    "MIN_Q_WEIGHT": ("min_q_weight",),
    "NUM_RANDOM": ("num_random",),
    "TOP_QUANTILES_TO_DROP": ("top_quantiles_to_drop_per_net",),
    "ALPHA_INIT": ("alpha_init",),
    "TARGET_ENTROPY": ("target_entropy",),
    "ALPHA": (
        "alpha",
    ),  # TD3+BC's weight; the DQN recipe's prioritisation ALPHA finds no `alpha` key among DQN scripts
}


@dataclass(frozen=True)
class Conversion:
    """A config key that states a knob in another parameterisation, and how to convert it."""

    knob: str
    leaf: str  # the key's last part
    lands_on: str  # the "Class.parameter" the key must be passed to unchanged ("" when any)
    name: str  # the conversion, as the page names it ("tau = 1 - eps")
    convert: Callable[[Any, LossSource], Any]  # (value, its source) -> the value in the knob's terms, or None
    checked: str  # what keeps the conversion true (shown nowhere; read by the tests)
    # Read from the scripts' own arithmetic: only a script's key converts (a trainer config's same-named key
    # reaches no such arithmetic), and not in the scripts that carry the key in their config but never read it
    # ("directory/file"; tests/tools/recipes/test_sota.py checks the list both ways in the pytorch/rl mirror).
    scripts_only: bool = False
    ignored_by: frozenset[str] = frozenset()


def _other(source: LossSource, knob: str) -> Any:
    found = answer(source, knob, convert=False)
    return found.value if found is not None and isinstance(found.value, (int, float)) else None


def _times(knob: str) -> Callable[[Any, LossSource], Any]:
    def convert(value: Any, source: LossSource) -> Any:
        other = _other(source, knob)
        return None if other is None or not isinstance(value, (int, float)) else int(value * other)

    return convert


CONVERSIONS: tuple[Conversion, ...] = (
    Conversion(
        "TAU",
        "target_update_polyak",
        "SoftUpdate.eps",
        "tau = 1 − eps",
        lambda v, _s: round(1 - v, 12) if isinstance(v, (int, float)) else None,
        "measured: SoftUpdate(eps=e) moves the targets as SoftUpdate(tau=1 - e) (tools/targets, same_as_eps)",
    ),
    Conversion(
        "TAU",
        "eps",
        "SoftUpdate.eps",
        "tau = 1 − eps",
        lambda v, _s: round(1 - v, 12) if isinstance(v, (int, float)) else None,
        "measured: SoftUpdate(eps=e) moves the targets as SoftUpdate(tau=1 - e) (tools/targets, same_as_eps)",
    ),
    Conversion(
        "UPDATES_PER_BATCH",
        "utd_ratio",
        "",
        "updates per batch = utd_ratio × frames_per_batch",
        _times("FRAMES_PER_BATCH"),
        "read from the scripts at the recorded commit: num_updates = int(frames_per_batch * utd_ratio) "
        "(tests/tools/recipes/test_sota.py checks them in the pytorch/rl mirror)",
        scripts_only=True,
        ignored_by=frozenset({"sac/sac-async.py"}),  # its config-async.yaml sets utd_ratio; the script never reads it
    ),
    Conversion(
        "TOTAL_FRAMES",
        "n_iters",
        "",
        "total frames = n_iters × frames_per_batch",
        _times("FRAMES_PER_BATCH"),
        "read from the scripts at the recorded commit: total_frames = frames_per_batch * n_iters "
        "(tests/tools/recipes/test_sota.py checks them in the pytorch/rl mirror)",
        scripts_only=True,
    ),
)


def conversion_for(source: LossSource, knob: str, key: str) -> Conversion | None:
    """The conversion a source's key needs to read as ``knob``; None when it states the knob directly.
    A key whose leaf has a conversion but that lands elsewhere answers nothing (``eps`` of an optimizer)."""
    leaf = key.rsplit(".", 1)[-1]
    for c in CONVERSIONS:
        if c.knob == knob and c.leaf == leaf:
            return c
    return None


def _usable(source: LossSource, knob: str, key: str) -> bool:
    c = conversion_for(source, knob, key)
    if c is None:
        return True
    if c.scripts_only and (source.kind != "script" or f"{source.directory}/{source.file}" in c.ignored_by):
        return False
    return not c.lands_on or source.lands_on.get(key) == c.lands_on


# At most this many scripts get a column; the others are linked below the table.
COLUMNS = 4
DEPRECATED_SUFFIX = "_deprecated"


@dataclass(frozen=True)
class KnobCell:
    """One source's answer to a knob: its config key and value, and the value in the knob's terms when the
    source states it another way."""

    key: str
    value: Any
    converted: Any = None
    conversion: str = ""  # the conversion's name, "" when the value is the knob's own parameterisation
    lands_on: str = ""  # the "Class.parameter" the key is passed to unchanged, when known
    used_by: list[str] = field(default_factory=list)  # what the scan saw the key passed to ("TD3BCLoss(alpha)")


@dataclass(frozen=True)
class KnobRow:
    knob: str
    value: str  # the recipe's default, as written
    cells: list[KnobCell | None]  # one per shown source


@dataclass(frozen=True)
class Aside:
    """A source that builds one of the recipe's losses but gets no column, and why."""

    source: LossSource
    reason: str  # "other losses" | "multi-agent" | "single-agent" | "no knob" | "columns"
    other_losses: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class SotaComparison:
    losses: list[str]  # the recipe's loss classes
    unbuilt: list[str]  # those no SOTA script or trainer config builds
    older: dict[str, str] = field(default_factory=dict)  # unbuilt loss -> the deprecated class a script builds instead
    shown: list[LossSource] = field(default_factory=list)  # the columns
    also: list[Aside] = field(default_factory=list)  # also building the loss, not compared (see ``compare``)
    rows: list[KnobRow] = field(default_factory=list)
    unmatched: list[str] = field(default_factory=list)  # knobs no shown source has a key for


def is_multi_agent(recipe: Recipe, multi_agent_losses: set[str]) -> bool:
    """A recipe for agent groups: a multi-agent loss, or keys renamed to nested ones (a tuple, as written)."""
    nested = any(v.lstrip().startswith("(") for c in recipe.calls_named("set_keys") for v in c.keywords.values())
    return nested or any(name in multi_agent_losses for name in recipe.losses)


def _unset(value: Any) -> bool:
    return value is None or value == "???"  # "???": OmegaConf's missing value, filled in by the script


def answer(source: LossSource, knob: str, convert: bool = True) -> Hyperparameter | None:
    """The config key of ``source`` that sets ``knob``: a set value over an unset one (``None``, ``???``),
    then the most specific key part, then the shortest key (a trainer config repeats
    ``trainer.collector.total_frames`` and ``collector.total_frames``).  A key that states the knob in
    another parameterisation counts only where its conversion applies (``convert=False``: never)."""
    leaves = KNOB_KEYS.get(knob, ())
    candidates = [
        (_unset(h.value), leaves.index(h.key.rsplit(".", 1)[-1]), h.key.count("."), i, h)
        for i, h in enumerate(source.hyperparameters)
        if h.key.rsplit(".", 1)[-1] in leaves
        and (_usable(source, knob, h.key) if convert else conversion_for(source, knob, h.key) is None)
    ]
    return min(candidates, key=lambda c: c[:4])[4] if candidates else None


def cell(source: LossSource, knob: str) -> KnobCell | None:
    """``answer``, with the value converted to the knob's terms where the source states it another way."""
    found = answer(source, knob)
    if found is None:
        return None
    landing = source.lands_on.get(found.key, "")
    c = conversion_for(source, knob, found.key)
    if c is None or _unset(found.value):
        return KnobCell(found.key, found.value, lands_on=landing, used_by=list(found.used_by))
    return KnobCell(found.key, found.value, c.convert(found.value, source), c.name, landing, list(found.used_by))


def compare(recipe: Recipe, sources: list[LossSource], multi_agent_losses: set[str]) -> SotaComparison:
    """The scripts building the recipe's losses, and the recipe's knobs beside their values.

    Columns: sources that build only losses the recipe uses, on the recipe's side of the
    single-/multi-agent line, those answering most knobs first (``COLUMNS`` at most).
    The rest that build one of its losses (with another loss, on the other side of the
    line, or past ``COLUMNS``) are listed, not compared.  A loss no source builds
    falls back to its ``_deprecated`` class when a script builds that.
    """
    wanted = set(recipe.losses)
    building = [s for s in sources if wanted & set(s.losses)]
    built = {name for s in building for name in s.losses}
    unbuilt = [name for name in recipe.losses if name not in built]
    older = {}
    for name in unbuilt:
        deprecated = name + DEPRECATED_SUFFIX
        extra = [s for s in sources if deprecated in s.losses and s not in building]
        if extra:
            older[name] = deprecated
            building += extra
    accepted = wanted | set(older.values())
    multi_agent = is_multi_agent(recipe, multi_agent_losses)
    knobs = [k for k in recipe.knobs if k.name in KNOB_KEYS]

    def matched(source: LossSource) -> int:
        return sum(answer(source, k.name) is not None for k in knobs)

    comparable = [s for s in building if set(s.losses) <= accepted and s.multi_agent == multi_agent]
    comparable.sort(key=lambda s: (-matched(s), s.directory, s.file))
    shown = [s for s in comparable[:COLUMNS] if matched(s)]
    also = []
    for s in building:
        if s in shown:
            continue
        others = [n for n in s.losses if n not in accepted]
        if others:
            also.append(Aside(s, "other losses", others))
        elif s.multi_agent != multi_agent:
            also.append(Aside(s, "multi-agent" if s.multi_agent else "single-agent"))
        else:
            also.append(Aside(s, "no knob" if not matched(s) else "columns"))
    rows, unmatched = [], []
    for knob in knobs:
        cells = [cell(s, knob.name) for s in shown]
        if any(cells):
            rows.append(KnobRow(knob.name, knob.value, cells))
        else:
            unmatched.append(knob.name)
    unmatched += [k.name for k in recipe.knobs if k.name not in KNOB_KEYS]
    return SotaComparison(list(recipe.losses), unbuilt, older, shown, also, rows, unmatched)


__all__ = [
    "COLUMNS",
    "CONVERSIONS",
    "KNOB_KEYS",
    "Aside",
    "Conversion",
    "KnobCell",
    "KnobRow",
    "SotaComparison",
    "answer",
    "cell",
    "compare",
    "conversion_for",
    "is_multi_agent",
]
