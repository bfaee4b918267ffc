"""``make curves [FAMILY=ppo] [JOBS=1]``: train each recipe family over its seeds, keep CSV + provenance.

Then it draws each family's plot (``outputs/curves/<family>/curve.svg``, which the
pages show); ``--plots`` (``make curve-plots``) only redraws them from the committed runs.
Resumes where it stopped: a run whose CSV exists and whose provenance matches
the recipe file, its knobs and the pinned versions is not run again
(``--force`` re-runs).  Shows one progress bar per run, fed by the lines the
recipe prints (one per iteration), with the latest line beside it.
"""

from __future__ import annotations

import argparse
import re
import signal
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from tools.core.errors import UsageError, entry_point, unknown_name
from tools.core.fresh_python import start_fresh_python
from tools.core.paths import ROOT
from tools.curves.facts import provenance
from tools.curves.facts.plan import Family, Plan, PlanError, load
from tools.curves.facts.records import family_curves
from tools.curves.views.plot import write_plots

# Every recipe starts its line with the frames collected so far ("frames   2048 | return ...").
_FRAMES = re.compile(r"frames\s+(\d+)")


def _total_frames(family: Family) -> int | None:
    return {**provenance.train_defaults(family), **family.knobs}.get("total_frames")


def _failure(returncode: int, timed_out: bool, budget: int, timeout: int) -> str:
    if timed_out:
        return f"still running after {timeout} s of wall time (timeout_seconds in data/curves.yaml)"
    if returncode == -signal.SIGXCPU:
        return f"used up its CPU budget of {budget} s (cpu_budget_seconds in data/curves.yaml): lower its knobs"
    return f"exited {returncode}"


def run_one(family: Family, seed: int, position: int, plan: Plan) -> str:
    from tqdm import tqdm

    with tempfile.TemporaryDirectory() as tmp:
        result_file = f"{tmp}/result.json"
        process = start_fresh_python(
            ["-m", "tools.wings.curve_trainer.worker", family.name, str(seed), result_file],
            cwd=Path.cwd(),
            extra_env={"PYTHONUNBUFFERED": "1"},  # its log lines drive the progress bar as they come
        )
        # Progress in frames, read from the recipe's own log lines; the latest line rides beside the bar.
        # Offline recipes (x: updates) train while their frames stand still: count their log lines.
        by_frames = family.x == "frames"
        bar = tqdm(
            total=_total_frames(family) if by_frames else None,
            desc=f"{family.name} seed {seed}",
            position=position,
            leave=True,
            unit="frames" if by_frames else "rows",
            unit_scale=by_frames,
            dynamic_ncols=True,
        )
        timer = _kill_after(process, plan.timeout_seconds)
        for line in process.stdout:
            if not by_frames:
                bar.update(1)
            elif match := _FRAMES.search(line):
                bar.update(int(match.group(1)) - bar.n)
            bar.set_postfix_str(line.strip()[:70])
        process.wait()
        timer.cancel()
        bar.close()
        stderr = process.stderr.read()
        if process.returncode != 0:
            reason = _failure(process.returncode, timer.fired, plan.cpu_budget_seconds, plan.timeout_seconds)
            last = stderr.strip().splitlines()[-1] if stderr.strip() else ""
            provenance.record_failure(family, seed, f"{reason}: {last}" if last else reason)
            return f"{family.name} seed {seed}: FAILED ({reason})\n{stderr[-2000:]}"
        provenance.record_run(family, seed, result_file)
        return f"{family.name} seed {seed}: done"


class _kill_after:
    """Kill a process that outlives the per-run budget."""

    def __init__(self, process: subprocess.Popen, seconds: int):
        import threading

        self.fired = False

        def kill():
            self.fired = True
            process.kill()

        self._timer = threading.Timer(seconds, kill)
        self._timer.daemon = True
        self._timer.start()

    def cancel(self) -> None:
        self._timer.cancel()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="make curves", description=__doc__.splitlines()[0])
    parser.add_argument("--family", help="one family of data/curves.yaml (default: all)")
    parser.add_argument("--jobs", type=int, default=1, help="runs at once (each uses one thread)")
    parser.add_argument("--force", action="store_true", help="re-run even the runs that are current")
    parser.add_argument("--plots", action="store_true", help="only redraw the plots from the committed runs")
    args = parser.parse_args(argv)
    try:
        plan = load()
    except PlanError as exc:
        raise UsageError(str(exc)) from exc
    if args.family and args.family not in plan.families:
        raise unknown_name("family (data/curves.yaml)", args.family, plan.families)
    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1 (got {args.jobs})")
    families = [plan.families[args.family]] if args.family else list(plan.families.values())
    if args.plots:
        draw_plots(families, plan)
        return 0
    todo = [(f, seed) for f in families for seed in plan.seeds if args.force or not provenance.run_is_current(f, seed)]
    if not todo:
        print("every run is current; --force re-runs them")
        draw_plots(families, plan)
        return 0
    print(
        f"{len(todo)} run(s) to do, {args.jobs} at a time, each within {plan.cpu_budget_seconds} CPU seconds",
        flush=True,
    )
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda job: run_one(job[1][0], job[1][1], job[0] % args.jobs, plan), enumerate(todo)))
    print("\n".join(results))
    print(f"{len(todo)} run(s) in {(time.perf_counter() - started) / 60:.1f} min of wall time")
    draw_plots(families, plan)
    return 1 if any("FAILED" in r for r in results) else 0


def draw_plots(families: list[Family], plan: Plan) -> None:
    """Redraw the plots of ``families`` from their committed runs (each page shows its family's).

    Read straight from the runs, not through the cached records: under CURVES_ROOT (the tests'
    throwaway project) the cache would be keyed on this project's files.
    """
    changed = write_plots([family_curves(family, plan) for family in families])
    shown = ", ".join(str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path) for path in changed)
    print(f"plots redrawn: {shown}" if changed else "every plot is current")


if __name__ == "__main__":
    entry_point(main)
