"""Each training recipe's run under the probe, kept in ``outputs/recipe-probes/`` and keyed on what produced it.

``tools/wings/recipe_probe.py`` runs a recipe file unchanged, in a fresh interpreter,
with torchrl instrumented, and reports what a wiring mistake breaks silently (loss
terms, buffer contents, target updates, prioritized replay, the rows ``train()``
returns).  A run takes many seconds, and the recipes were a large share of ``make test``.
So ``make outputs`` runs each recipe whose report is missing or stale and keeps the
report in ``outputs/recipe-probes/<family>.json`` with a key: the hash of the recipe,
of the probe, of any project code the recipe imports and of the pinned versions.
``tests/tools/recipes/test_recipes_run.py`` checks every stored report, fails when a key
no longer matches (naming ``make outputs``), and runs one recipe under the probe afresh
to show the probe and a stored report still agree.  The learning curves of
``make curves`` are keyed on the same recipe files: a recipe edit needs both.
"""

from __future__ import annotations

import datetime
import json
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from tools.core.distributions import pinned
from tools.core.fresh_python import run_fresh_python
from tools.core.paths import ROOT, TOOLS
from tools.outputs.facts.store import RECIPE_PROBES, REFRESH_COMMAND, TIMEOUT_SECONDS, inputs_key

PROBES = RECIPE_PROBES
PROBE = TOOLS / "wings" / "recipe_probe.py"


@dataclass(frozen=True)
class ProbeReport:
    recipe: str  # project-relative path of the recipe file
    key: str
    pins: dict[str, str]
    captured_on: str
    seconds: float
    report: dict  # what tools/wings/recipe_probe.py wrote


def key_for(recipe: Path) -> str:
    return inputs_key(recipe.read_bytes(), PROBE.read_bytes())


def stored_path(recipe: Path) -> Path:
    return PROBES / f"{recipe.stem}.json"


def load(recipe: Path) -> ProbeReport | None:
    path = stored_path(recipe)
    return ProbeReport(**json.loads(path.read_text())) if path.exists() else None


def staleness(recipe: Path) -> str | None:
    """Why the stored report of ``recipe`` is not current, or None when it is."""
    name = recipe.relative_to(ROOT).as_posix()
    stored = load(recipe)
    if stored is None:
        return f"no stored probe report for {name}; run `{REFRESH_COMMAND}`"
    if stored.key != key_for(recipe):
        return (
            f"the stored probe report of {name} is stale (the recipe, the probe or a pinned version changed "
            f"since {stored.captured_on}); run `{REFRESH_COMMAND}`"
        )
    return None


def run_probe(recipe: Path) -> tuple[dict, float]:
    """Run ``recipe`` under the probe in a fresh interpreter, in an empty directory: (report, seconds)."""
    with tempfile.TemporaryDirectory() as cwd:
        report_path = Path(cwd) / "report.json"
        started = time.perf_counter()
        result = run_fresh_python([str(PROBE), str(recipe), str(report_path)], cwd=Path(cwd), timeout=TIMEOUT_SECONDS)
        seconds = round(time.perf_counter() - started, 1)
        if result.returncode != 0:
            name = recipe.relative_to(ROOT).as_posix()
            raise RuntimeError(f"{name} exited {result.returncode} under the probe:\n{result.stderr[-6000:]}")
        return json.loads(report_path.read_text()), seconds


def capture(recipe: Path) -> ProbeReport:
    """Run ``recipe`` under the probe and store its report; raise when it fails."""
    report, seconds = run_probe(recipe)
    stored = ProbeReport(
        recipe=recipe.relative_to(ROOT).as_posix(),
        key=key_for(recipe),
        pins=pinned(),
        captured_on=datetime.date.today().isoformat(),
        seconds=seconds,
        report=report,
    )
    PROBES.mkdir(parents=True, exist_ok=True)
    stored_path(recipe).write_text(json.dumps(asdict(stored), indent=1) + "\n")
    return stored
