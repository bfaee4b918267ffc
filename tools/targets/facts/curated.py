"""How the reference scripts of pytorch/rl step their updaters: read from the SOTA map, checked both ways.

The facts come from data/sota.json (``tools.sota``: each script's loss, the
updater it builds with its arguments, and where its ``step()`` is called), so
this page and the SOTA page cannot disagree.  They are checked here against
the measured losses and the introspected updaters: every updater a script
builds must be one torchrl exports, with arguments its constructor takes, and
a loss a script pairs with an updater must keep target parameters.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tools.sota.facts.data import load_map
from tools.sota.facts.records import SotaMap
from tools.sota.facts.summary import anchor, built, cadence_text
from tools.targets.facts.records import TargetsReference

SOTA_FOLDER = "sota-implementations"


class CuratedDataError(Exception):
    """The SOTA map disagrees with torchrl; the message names the script and the fix."""


@dataclass(frozen=True)
class Cadence:
    updater: str | None  # None: the script builds no updater
    arguments: dict
    cadence: str  # Markdown
    script: str  # repository path of the script ("sota-implementations/sac/sac.py")
    config: str  # its Hydra config, relative to the script's directory ("" when none)
    directory: str  # the SOTA directory (its anchor on the SOTA page: sota/index.md#dir-<directory>)
    note: str = ""  # when the pairing needs a word (a loss with targets only under the script's arguments)

    @property
    def anchor(self) -> str:
        return anchor(self.directory)


@dataclass(frozen=True)
class Cadences:
    repository: str
    commit: str
    # Every loss that keeps target parameters -> the SOTA directories building it (empty: none does).
    losses: dict[str, list[Cadence]] = field(default_factory=dict)


def _argument_values(construction) -> dict:
    return {
        a.name: a.value
        for a in construction.arguments
        if a.source in {"literal", "config", "computed"} and not a.name.startswith(("#", "*"))
    }


def _paired(script, loss: str, updaters) -> list:
    """The updaters of a script built on ``loss`` (its first argument), or all of them when the code does not tell."""
    on_loss = [
        u
        for u in updaters
        if any(a.name == "#0" and a.source == "built" and loss in str(a.value).split(" or ") for a in u.arguments)
    ]
    return on_loss or [u for u in updaters if not any(a.name == "#0" and a.source == "built" for a in u.arguments)]


def load(reference: TargetsReference, sota: SotaMap | None = None) -> Cadences:
    """The cadences of every loss with target parameters, checked against the measured losses and updaters."""
    if sota is None:
        sota = load_map()
    updaters = {u.name: {p.name for p in u.parameters} for u in reference.updaters}
    keeping = {row.loss for row in reference.losses if row.target_groups}
    measured = {row.loss for row in reference.losses}
    problems: list[str] = []
    losses: dict[str, list[Cadence]] = {name: [] for name in sorted(keeping)}
    for d in sota.directories:
        for script in d.scripts:
            built_updaters = built(script, "target_updater")
            where = f"{SOTA_FOLDER}/{d.name}/{script.file}"
            for u in built_updaters:
                if u.name not in updaters:
                    problems.append(
                        f"{where} builds {u.name}, which is not a torchrl target updater ({sorted(updaters)})"
                    )
                    continue
                unknown = set(_argument_values(u)) - updaters[u.name]
                if unknown:
                    problems.append(f"{where} passes {sorted(unknown)} to {u.name}, which are not parameters of it")
            for loss in dict.fromkeys(c.name for c in built(script, "loss")):
                paired = _paired(script, loss, built_updaters)
                note = ""
                if loss not in keeping:
                    if not (paired and loss in measured):
                        continue
                    # The script's arguments give the loss targets the zoo's default construction does not have.
                    note = (
                        "the loss zoo's construction of this loss keeps no target parameters; the script's arguments do"
                    )
                entries = losses.setdefault(loss, [])
                if not paired:
                    entries.append(Cadence(None, {}, "builds no target updater", where, script.config, d.name, note))
                for u in paired:
                    steps = [cadence_text(s) for s in script.updater_steps if s.updater == u.name]
                    entries.append(
                        Cadence(
                            u.name,
                            _argument_values(u),
                            "; ".join(steps) or "its `step()` is not called in the code the script reaches",
                            where,
                            script.config,
                            d.name,
                            note,
                        )
                    )
    if problems:
        raise CuratedDataError("; ".join(problems) + " (data/sota.json; regenerate it with 'make sota-data')")
    return Cadences(sota.repository, sota.commit, dict(sorted(losses.items())))
