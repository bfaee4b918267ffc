"""The committed curves as records: per seed, per family, and the verdict against the random baseline."""

from __future__ import annotations

import csv
import math
import statistics
from dataclasses import dataclass, field
from functools import cached_property

from tools.curves.facts import provenance
from tools.curves.facts.caps import return_cap
from tools.curves.facts.plan import Family, Plan
from tools.recipes.facts import recipes

# The final return of a run: the mean over its last logged rows that have a return, each weighted by the
# episodes behind it (the recipes' "episodes" column). At least FINAL_FRACTION of those rows, and as many more
# as it takes to hold MIN_FINAL_EPISODES episodes: one row of a Pendulum run is a single episode, and a figure
# resting on a handful of episodes says more about their noise than about the trained policy.
FINAL_FRACTION = 0.1
MIN_FINAL_EPISODES = 10
# The plots average each seed's returns over a trailing window of this fraction of its logged points
# before combining seeds: one iteration's return is the mean of one or two episodes, and unsmoothed
# the band would show episode noise rather than the spread between seeds.
SMOOTHING_FRACTION = 0.05


@dataclass(frozen=True)
class SeedCurve:
    seed: int
    frames: list[int]
    x: list[float]  # the plotted column: the frames, or the optimiser steps (Family.x)
    returns: list[float | None]  # None: no episode ended in that iteration
    episodes: list[int | None]  # episodes behind each row's return; None: the recipe did not say
    wall_seconds: float  # on a machine shared with others: noisy
    cpu_seconds: float  # what the run costs on an idle machine (one thread)
    baseline: float  # mean return of a random policy on make_env(seed)
    phases: list[tuple[float, str]] = field(default_factory=list)  # (x where it starts, name) from a "phase" column
    # Offline recipes log their return on a common scale too: 0 = a random policy, 100 = a reference
    # policy, both measured by the recipe itself; and the return of the policy that made their data.
    normalised: list[float | None] = field(default_factory=list)
    behaviour: float | None = None
    random_return: float | None = None
    reference_return: float | None = None
    # The share of the dataset's actions that equal the reference policy's own action on the same observation.
    reference_agreement: float | None = None

    # Kept once computed, as the finals below: the pages ask for them many times over.
    @cached_property
    def _final_rows(self) -> list[int]:
        """Indices of the rows the final figures average: see FINAL_FRACTION and MIN_FINAL_EPISODES."""
        rows = [i for i, r in enumerate(self.returns) if r is not None]
        tail = max(1, math.ceil(len(rows) * FINAL_FRACTION))
        # Widened only where every row says its episodes: an older CSV keeps the plain last FINAL_FRACTION.
        counted = all(self.episodes[i] is not None for i in rows)
        while counted and tail < len(rows) and sum(self.episodes[i] or 0 for i in rows[-tail:]) < MIN_FINAL_EPISODES:
            tail += 1
        return rows[-tail:]

    def _tail(self, values: list[float | None]) -> float | None:
        """The episode-weighted mean of ``values`` over the final rows."""
        points = [(values[i], self.episodes[i] or 1) for i in self._final_rows if values[i] is not None]
        if not points:
            return None
        return sum(v * w for v, w in points) / sum(w for _, w in points)

    def final_episodes(self) -> int | None:
        """Episodes behind the final return; None when the recipe logs no episode counts."""
        counts = [self.episodes[i] for i in self._final_rows]
        return None if not counts or None in counts else sum(c for c in counts if c is not None)

    def final_return(self) -> float | None:
        return self._final_return

    # Kept once computed: the pages and the inventory ask each family for its finals dozens of times
    # (mean, std, spread, verdict), each a pass over thousands of logged rows.
    @cached_property
    def _final_return(self) -> float | None:
        return self._tail(self.returns)

    def final_normalised(self) -> float | None:
        return self._tail(self.normalised) if self.normalised else None

    def behaviour_normalised(self) -> float | None:
        """The behaviour policy's return on the same scale as ``normalised``."""
        if None in (self.behaviour, self.random_return, self.reference_return):
            return None
        return 100 * (self.behaviour - self.random_return) / (self.reference_return - self.random_return)


@dataclass(frozen=True)
class FamilyCurves:
    family: str
    label: str
    environment: str
    recipe: str
    knobs: dict
    x: str  # the plotted column of the rows (Family.x)
    seeds: list[SeedCurve]
    stale: str | None  # why the committed runs do not match the recipe file / knobs / pins
    note: str = ""  # curated: why it does not beat the random policy (data/curves.yaml)
    findings: str = ""  # curated: what was measured on the way to a family that learns (data/curves.yaml)
    return_cap: float | None = None  # the environment's highest possible return, where caps.py knows one

    @property
    def baseline(self) -> float | None:
        return statistics.fmean(s.baseline for s in self.seeds) if self.seeds else None

    def finals(self) -> list[float]:
        return [f for s in self.seeds if (f := s.final_return()) is not None]

    @property
    def final_mean(self) -> float | None:
        return statistics.fmean(self.finals()) if self.finals() else None

    @property
    def final_std(self) -> float | None:
        finals = self.finals()
        return statistics.pstdev(finals) if len(finals) > 1 else (0.0 if finals else None)

    @property
    def spread(self) -> float | None:
        finals = self.finals()
        return max(finals) - min(finals) if finals else None

    @property
    def beats_baseline(self) -> bool | None:
        """Mean final return above the baseline by more than the seeds' spread (max - min)."""
        if self.final_mean is None or self.baseline is None:
            return None
        return self.final_mean - self.baseline > self.spread

    @staticmethod
    def _mean_std(values: list[float]) -> tuple[float | None, float | None]:
        if not values:
            return None, None
        return statistics.fmean(values), statistics.pstdev(values) if len(values) > 1 else 0.0

    @property
    def normalised(self) -> tuple[float | None, float | None]:
        """Mean and std over seeds of the final normalised return (offline recipes; (None, None) otherwise)."""
        return self._mean_std([v for s in self.seeds if (v := s.final_normalised()) is not None])

    @property
    def behaviour(self) -> tuple[float | None, float | None]:
        """Mean over seeds of the behaviour policy's return, raw and normalised (offline recipes)."""
        raw = [s.behaviour for s in self.seeds if s.behaviour is not None]
        scaled = [v for s in self.seeds if (v := s.behaviour_normalised()) is not None]
        return (statistics.fmean(raw) if raw else None), (statistics.fmean(scaled) if scaled else None)

    @property
    def reference_agreement(self) -> float | None:
        """Mean over seeds of the share of the dataset's actions the reference policy would take (offline recipes)."""
        shares = [s.reference_agreement for s in self.seeds if s.reference_agreement is not None]
        return statistics.fmean(shares) if shares else None

    @property
    def reference_return(self) -> float | None:
        returns = [s.reference_return for s in self.seeds if s.reference_return is not None]
        return statistics.fmean(returns) if returns else None

    @property
    def reference_at_cap(self) -> bool:
        """The reference already takes the environment's highest return: 100 is then a ceiling of the scale."""
        return None not in (self.return_cap, self.reference_return) and self.reference_return >= self.return_cap

    def final_episodes(self) -> int | None:
        """The fewest episodes behind a seed's final return; None when a seed's recipe logs no counts."""
        counts = [s.final_episodes() for s in self.seeds]
        return None if not counts or None in counts else min(c for c in counts if c is not None)

    @property
    def frames(self) -> int | None:
        return max((s.frames[-1] for s in self.seeds if s.frames), default=None)

    @property
    def wall_seconds(self) -> float | None:
        return statistics.fmean(s.wall_seconds for s in self.seeds) if self.seeds else None

    @property
    def cpu_seconds(self) -> float | None:
        return statistics.fmean(s.cpu_seconds for s in self.seeds) if self.seeds else None


def read_seed(family: Family, seed: int, run: dict) -> SeedCurve:
    frames, x, returns, episodes, normalised, phases = [], [], [], [], [], []
    constants: dict[str, float] = {}
    with (family.results / f"seed-{seed}.csv").open(newline="") as handle:
        for row in csv.DictReader(handle):
            frames.append(int(float(row["frames"])))
            x.append(float(row[family.x]))
            returns.append(_number(row.get("episode_return")))
            count = _number(row.get("episodes"))
            episodes.append(None if count is None else int(count))
            if "normalised_return" in row:
                normalised.append(_number(row["normalised_return"]))
            for column in ("behaviour_return", "random_return", "reference_return", "reference_agreement"):
                if _number(row.get(column)) is not None:
                    constants[column] = float(row[column])
            if row.get("phase") and (not phases or phases[-1][1] != row["phase"]):
                phases.append((x[-1], row["phase"]))
    return SeedCurve(
        seed,
        frames,
        x,
        returns,
        episodes,
        float(run["wall_seconds"]),
        float(run["cpu_seconds"]),
        float(run["baseline"]["mean"]),
        phases,
        normalised,
        constants.get("behaviour_return"),
        constants.get("random_return"),
        constants.get("reference_return"),
        constants.get("reference_agreement"),
    )


def _number(value: str | None) -> float | None:
    return float(value) if value not in (None, "", "nan") else None


def _described(family: Family) -> tuple[str, str]:
    """The family's label and environment: data/curves.yaml's, else what the recipes concern read from its file."""
    recipe = next((r for r in recipes() if r.source == family.recipe), None)
    label = family.label or (recipe.family if recipe else family.name)
    environment = family.environment or (", ".join(recipe.environments) if recipe else "")
    return label, environment


def family_curves(family: Family, plan: Plan) -> FamilyCurves:
    data = provenance.read(family)
    runs = data.get("runs", {})
    seeds = [
        read_seed(family, seed, runs[str(seed)])
        for seed in plan.seeds
        if runs.get(str(seed), {}).get("status") == "ok" and (family.results / f"seed-{seed}.csv").exists()
    ]
    label, environment = _described(family)
    return FamilyCurves(
        family=family.name,
        label=label,
        environment=environment,
        recipe=family.recipe,
        knobs=family.knobs,
        x=family.x,
        seeds=seeds,
        stale=provenance.staleness(family),
        note=family.note,
        findings=family.findings,
        return_cap=return_cap(environment),
    )
