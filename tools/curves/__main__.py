"""``make curves [FAMILY=ppo] [JOBS=1]``: train each recipe family over its seeds, keep CSV + provenance.

Resumes where it stopped: a run whose CSV exists and whose provenance matches
the recipe file, its knobs and the pinned versions is not run again
(``--force`` re-runs).  Shows one progress bar per run, fed by the lines the
recipe prints (one per iteration), with the latest line beside it.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

from tools.cli.errors import UsageError, entry_point, unknown_name
from tools.curves import provenance
from tools.curves.plan import Family, PlanError, load


def _iterations(family: Family, params_default: dict) -> int | None:
    knobs = {**params_default, **family.knobs}
    total, per_batch = knobs.get("total_frames"), knobs.get("frames_per_batch")
    return -(-total // per_batch) if total and per_batch else None


def run_one(family: Family, seed: int, position: int, timeout: int) -> str:
    from tqdm import tqdm

    with tempfile.TemporaryDirectory() as tmp:
        result_file = f"{tmp}/result.json"
        env = {**os.environ, "OMP_NUM_THREADS": "1", "PYTHONUNBUFFERED": "1"}
        process = subprocess.Popen(
            [sys.executable, "-m", "tools.curves.worker", family.name, str(seed), result_file],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
        )
        bar = tqdm(total=_iterations(family, provenance.train_defaults(family)), desc=f"{family.name} seed {seed}",
                   position=position, leave=True, unit="it", dynamic_ncols=True)
        timer = _kill_after(process, timeout)
        for line in process.stdout:
            bar.update(1)
            bar.set_postfix_str(line.strip()[:70])
        process.wait()
        timer.cancel()
        bar.close()
        stderr = process.stderr.read()
        if process.returncode != 0:
            reason = "timed out" if timer.fired else f"exited {process.returncode}"
            provenance.record_failure(family, seed, f"{reason}: {stderr.strip().splitlines()[-1] if stderr.strip() else ''}")
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
    todo = [(f, seed) for f in families for seed in plan.seeds if args.force or not provenance.run_is_current(f, seed)]
    if not todo:
        print("every run is current; --force re-runs them")
        return 0
    print(f"{len(todo)} run(s) to do, {args.jobs} at a time, at most {plan.timeout_seconds} s each", flush=True)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda job: run_one(job[1][0], job[1][1], job[0] % args.jobs, plan.timeout_seconds),
                                enumerate(todo)))
    print("\n".join(results))
    return 1 if any("FAILED" in r for r in results) else 0


if __name__ == "__main__":
    entry_point(main)
