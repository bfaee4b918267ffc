"""The environment variables that steer `make bench` (documented in `make help` and the README)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from tools.core.errors import UsageError

DEFAULT_RUNS = 3
TRUE = {"1", "true", "yes", "on"}
FALSE = {"", "0", "false", "no", "off"}


@dataclass(frozen=True)
class Knobs:
    runs: int = DEFAULT_RUNS  # runs of each build measurement (median, min, max)
    test_runs: int = DEFAULT_RUNS  # runs of `make test`; 0 skips it
    page: str | None = None  # docs-relative page edited for the prose rebuild; None: the bench picks
    snippet: str | None = None  # project-relative snippet edited for the snippet rebuild


def _count(env: Mapping[str, str], name: str, default: int) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value < 1:
        raise UsageError(f"{name}={raw!r} is not a number of runs; set it to a whole number such as {name}=3")
    return value


def _flag(env: Mapping[str, str], name: str) -> bool:
    raw = env.get(name, "").strip().lower()
    if raw in TRUE:
        return True
    if raw in FALSE:
        return False
    raise UsageError(f"{name}={env[name]!r} is neither on nor off; write {name}=1 to set it or leave it unset")


def read_knobs(env: Mapping[str, str]) -> Knobs:
    runs = _count(env, "BENCH_RUNS", DEFAULT_RUNS)
    skip_tests = _flag(env, "BENCH_SKIP_TESTS")
    test_runs = 0 if skip_tests else _count(env, "BENCH_TEST_RUNS", runs)
    return Knobs(
        runs=runs,
        test_runs=test_runs,
        page=env.get("BENCH_PAGE", "").strip() or None,
        snippet=env.get("BENCH_SNIPPET", "").strip() or None,
    )
