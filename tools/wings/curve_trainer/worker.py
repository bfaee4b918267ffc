"""One training run of ``make curves``, in its own process: ``python -m tools.wings.curve_trainer.worker FAMILY SEED``.

Imports the family's recipe file as it is, calls ``train(seed=SEED, **knobs)``
(the recipe prints one line per iteration: the runner's progress bar reads
them), writes the rows it returns as CSV, then measures a uniformly random
policy on the recipe's own ``make_env(seed)`` for the baseline.  What it
learned about the run goes to a JSON file the runner reads.
"""

from __future__ import annotations

import csv
import importlib.util
import json
import math
import resource
import sys
import time
from pathlib import Path

from tools.curves.facts.plan import Family, load


def import_recipe(family: Family):
    spec = importlib.util.spec_from_file_location(f"recipe_{family.name}", family.path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # the file's `if __name__ == "__main__"` block does not run
    return module


def write_csv(rows: list[dict], path: Path) -> list[str]:
    columns: list[str] = []
    for row in rows:
        columns += [key for key in row if key not in columns]
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".csv.tmp")
    with tmp.open("w", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns)
        writer.writeheader()
        for row in rows:
            writer.writerow({key: _cell(row.get(key)) for key in columns})
    tmp.replace(path)  # a run interrupted mid-write leaves no CSV that looks complete
    return columns


def _cell(value):
    if isinstance(value, float):
        return "" if math.isnan(value) else f"{value:.6g}"
    return value


def random_policy_returns(module, seed: int, episodes: int, max_steps: int = 1000) -> dict:
    """Mean return of a uniformly random policy over ``episodes`` rollouts of ``make_env(seed)``.

    Measured as the recipes log ``episode_return``: the reward summed over an
    episode, averaged over everything else (the environments of a batched
    environment, the agents of a per-agent reward).  A rollout stops when any
    batched environment is done: the batched recipe environments have fixed
    horizons, so all end together.
    """
    import torch

    torch.manual_seed(seed)
    env = module.make_env(seed)
    reward_key = env.reward_keys[0]  # ("agents", "reward") for per-agent rewards
    time_dim = len(env.batch_size)  # a rollout's time dimension follows the environment's batch dimensions
    returns, truncated = [], 0
    for _ in range(episodes):
        rollout = env.rollout(max_steps=max_steps, break_when_any_done=True)  # no policy: random actions
        returns.append(rollout["next", reward_key].sum(time_dim).mean().item())
        truncated += not bool(rollout["next", "done"].any())
    env.close()
    return {
        "mean": sum(returns) / len(returns),
        "episodes": len(returns),
        "cut_at_max_steps": truncated,
        "max_steps": max_steps,
    }


def main(argv: list[str]) -> int:
    family_name, seed, out_json = argv[0], int(argv[1]), Path(argv[2])
    plan = load()
    family = plan.families[family_name]
    # The budget is CPU time, not wall time: on a shared machine a run's wall time says
    # more about the neighbours than about the run. Past it the kernel sends SIGXCPU.
    resource.setrlimit(resource.RLIMIT_CPU, (plan.cpu_budget_seconds, plan.cpu_budget_seconds + 5))
    module = import_recipe(family)
    started, cpu_started = time.perf_counter(), time.process_time()
    rows = module.train(seed=seed, **family.knobs)
    # CPU time says what the run costs on an idle machine; wall time depends on who else is running.
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    columns = write_csv(rows, family.results / f"seed-{seed}.csv")
    baseline = random_policy_returns(module, seed, plan.baseline_episodes)
    result = {
        "wall_seconds": round(wall, 1),
        "cpu_seconds": round(cpu, 1),
        "rows": len(rows),
        "columns": columns,
        "baseline": baseline,
    }
    out_json.write_text(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
