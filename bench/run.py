"""`make bench`: time the build, the live reload and the tests; print a table, keep bench/latest.json.

Knobs (environment variables, see ``bench/knobs.py``): BENCH_RUNS (runs of each
build measurement, default 3), BENCH_TEST_RUNS (runs of `make test`, default
BENCH_RUNS), BENCH_SKIP_TESTS=1, BENCH_PAGE (docs-relative page for the prose
edit), BENCH_SNIPPET (snippet file for the snippet edit).
"""

from __future__ import annotations

import json
import os
import platform
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

from bench import measure
from bench.durations import Duration, slowest
from bench.edits import appended
from bench.instrument import PluginClock, timing_mkdocstrings_blocks
from bench.knobs import Knobs, read_knobs
from bench.measure import WIRING_LOSS
from bench.report import render
from bench.search import measure_search
from bench.stages import breakdown, mkdocstrings_seconds
from bench.stats import summarize
from bench.targets import evaluate
from bench.warm import BuildFailed, ServeLikeSite
from tests.support.docs import all_fences, built_html_path
from tools.core.errors import UsageError, run, unknown_name
from tools.core.paths import DOCS, ROOT, SNIPPETS
from tools.versions.facts import read_versions
from tools.versions.views.render import render_inline

RESULTS = ROOT / "bench" / "latest.json"
PROSE_EDIT = "A line of prose that `make bench` appends and then removes."
SNIPPET_EDIT = "# a line that `make bench` appends and then removes"


def progress(message: str) -> None:
    print(f"bench: {message}", file=sys.stderr, flush=True)


def entry(label: str, samples: list[float], failures: list[str], *, attempts: int | None = None, **extra) -> dict:
    """One measurement as kept in latest.json: its runs, their summary, and failed runs' output."""
    attempts = len(samples) + len(failures) if attempts is None else attempts
    out = {"label": label, "samples": samples, "failures": failures, "attempts": attempts, **extra}
    if samples:
        out.update(summarize(samples).to_json())
    return out


def attempt(what: str, index: int, runs: int, once: Callable[[], object], results: list, failures: list[str]) -> None:
    """Run ``once()``: its value goes to ``results``, or its error text to ``failures``."""
    try:
        results.append(once())
    except measure.RunFailed as exc:
        failures.append(f"run {index + 1}: {exc}")
        progress(f"{what}, run {index + 1}/{runs}: FAILED")


def repeat(what: str, runs: int, once: Callable[[], object]) -> tuple[list, list[str]]:
    """``once()`` ``runs`` times; a failed run is kept as its error text."""
    results: list = []
    failures: list[str] = []
    for index in range(runs):
        attempt(what, index, runs, once, results, failures)
    return results, failures


def _relative(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


# -- the measurements ---------------------------------------------------------------------------


def floor_and_cold_build(runs: int) -> dict[str, dict]:
    """Interleaved (floor, cold build, floor, ...) so that the machine's load hits both alike."""
    floors, builds, floor_failures, build_failures = [], [], [], []

    def floor() -> float:
        wall = measure.import_floor()
        progress(f"import floor: {wall:.2f} s")
        return wall

    def cold_build() -> dict:
        run = measure.cold_build()
        progress(f"cold build: {run['wall']:.2f} s")
        return run

    for index in range(runs):
        attempt("import floor", index, runs, floor, floors, floor_failures)
        attempt("cold build", index, runs, cold_build, builds, build_failures)
    return {
        "floor": entry(
            "import floor: fresh interpreter importing " + ", ".join(measure.FLOOR_MODULES), floors, floor_failures
        ),
        "cold_build": entry(
            "cold build: fresh `mkdocs build --strict`, caches cleared, DOCS_CACHE=off",
            [run["wall"] for run in builds],
            build_failures,
            **({"breakdown": breakdown(builds)} if builds else {}),
        ),
        # The same runs less mkdocstrings' share (its griffe parse, events and ::: blocks):
        # what the API sections add to a cold build, as a ratio to the floor.
        "cold_build_without_mkdocstrings": entry(
            "cold build less mkdocstrings (same runs)",
            [run["wall"] - (mkdocstrings_seconds(run) or 0.0) for run in builds],
            build_failures,
        ),
    }


def _expected_pages(snippet: str) -> list[str]:
    """Pages (hand-written or generated) that include ``snippet``, as the code-block runners see them."""
    return sorted(
        page for page, fences in all_fences().items() if any(snippet in fence.snippet_includes for fence in fences)
    )


def choose_page(wanted: str | None) -> str:
    pages = sorted(p.relative_to(DOCS).as_posix() for p in DOCS.rglob("*.md"))
    if not pages:
        raise UsageError("docs/ has no page to edit")
    if wanted is None:
        return "index.md" if "index.md" in pages else pages[0]
    if wanted not in pages:
        raise unknown_name("page under docs/ (BENCH_PAGE)", wanted, pages)
    return wanted


def check_snippet(wanted: str | None) -> str | None:
    """BENCH_SNIPPET, checked before anything is measured."""
    if wanted is None:
        return None
    known = sorted(_relative(path) for path in SNIPPETS.rglob("*.py"))
    if wanted not in known:
        raise unknown_name("snippet file (BENCH_SNIPPET)", wanted, known)
    return wanted


def first_included_snippet() -> str | None:
    included = sorted({s for fences in all_fences().values() for f in fences for s in f.snippet_includes})
    return included[0] if included else None


def timed_edits(site: ServeLikeSite, label: str, path: Path, line: str, pages: list[str], runs: int) -> dict:
    """Append ``line`` to ``path``, rebuild as serve does, restore; ``runs`` times."""
    expected = [built_html_path(page) for page in pages]

    def once() -> dict:
        with appended(path, line):
            try:
                record = site.rebuild()
            except BuildFailed as exc:  # a build error is this run's result, kept with its text
                raise measure.RunFailed(f"the rebuild failed: {exc}") from exc
        missing = [html for html in expected if html not in record["rewritten"]]
        if missing:
            raise measure.RunFailed(
                f"the edit of {_relative(path)} did not rebuild {', '.join(missing)} "
                f"(rebuilt: {', '.join(record['rewritten']) or 'nothing'}): live reload would show a stale page"
            )
        progress(f"{label}: {record['wall']:.2f} s")
        return record

    records, failures = repeat(label, runs, once)
    extra = {"edited": _relative(path), "rebuilt": records[-1]["rewritten"] if records else []}
    if records:
        extra["breakdown"] = breakdown(records)
    return entry(label, [record["wall"] for record in records], failures, **extra)


def warm_rebuilds(knobs: Knobs, page: str) -> dict[str, dict]:
    """Serve-like rebuilds in this process after a prose edit and after a snippet edit."""
    prose_label = f"warm rebuild after a prose edit ({page})"
    clock = PluginClock()
    with timing_mkdocstrings_blocks(clock):
        site = ServeLikeSite(clock)
        try:
            try:
                progress(f"serve-like first build (warm-up): {site.start():.2f} s")
            except BuildFailed as exc:
                return {"warm_prose": entry(prose_label, [], [f"the first build failed: {exc}"])}
            out = {"warm_prose": timed_edits(site, prose_label, DOCS / page, PROSE_EDIT, [page], knobs.runs)}
            snippet = knobs.snippet or first_included_snippet()
            snippet_label = f"warm rebuild after a snippet edit ({snippet})"
            if snippet is None:
                out["warm_snippet"] = {
                    "label": "warm rebuild after a snippet edit",
                    "skipped": "no page includes a snippet",
                }
                return out
            pages = _expected_pages(snippet)
            if not pages:
                out["warm_snippet"] = entry(
                    snippet_label, [], [f"no page includes {snippet}: an edit rebuilds nothing"]
                )
                return out
            out["warm_snippet"] = timed_edits(site, snippet_label, ROOT / snippet, SNIPPET_EDIT, pages, knobs.runs)
        finally:
            site.close()
    label = f"the snippet alone: python {snippet}"

    def once() -> float:
        wall = measure.snippet_run(ROOT / snippet)
        progress(f"{label}: {wall:.2f} s")
        return wall

    walls, failures = repeat(label, knobs.runs, once)
    out["snippet_run"] = entry(label, walls, failures)
    return out


def timed_runs(label: str, runs: int, seconds: Callable[[], float]) -> dict:
    """``seconds()`` measured ``runs`` times, each run's figure shown as it comes."""

    def once() -> float:
        wall = seconds()
        progress(f"{label}: {wall:.2f} s")
        return wall

    walls, failures = repeat(label, runs, once)
    return entry(label, walls, failures)


def cli_calls(knobs: Knobs) -> dict:
    """The CLI answering from fresh records (the warm rebuilds above left them in .cache/)."""
    return timed_runs("CLI with fresh records: " + " ".join(measure.CLI_CALL), knobs.runs, measure.cli_call)


def wiring_checks(knobs: Knobs) -> dict:
    label = f"one check_wiring call ({WIRING_LOSS}), torchrl imported, no cache"
    return timed_runs(label, knobs.runs, measure.wiring_check)


def serve_first_pages(knobs: Knobs) -> dict:
    """`make serve` from fresh caches until it answers with the home page."""
    label = "make serve: first page served, caches cleared"
    return timed_runs(label, knobs.runs, measure.serve_first_page)


def make_tests(knobs: Knobs, *, loaded: bool = False) -> tuple[dict, list[dict]]:
    label = "make test, fresh (caches cleared), pytest -n 2"
    runs = knobs.test_runs
    if loaded:
        label += ", while two busy loops keep both cores busy"
        runs = min(runs, 1)  # one run: it takes several times as long
    if runs == 0:
        return {"label": label, "skipped": "BENCH_SKIP_TESTS=1"}, []
    what = "make test with both cores busy" if loaded else "make test"
    progress(f"{what}, {runs} run(s) of a few minutes each")

    def once():
        if loaded:
            with measure.busy_cores(2):
                result = measure.make_test()
        else:
            result = measure.make_test()
        progress(f"{what}: {result['wall']:.1f} s ({result['outcome']})")
        return result

    results, failures = repeat(what, runs, once)
    # Failed tests still took their time: the run counts, and its failure is shown.
    failures += [f"run {i + 1}: {r['failure']}" for i, r in enumerate(results) if r["failure"]]
    durations = [[Duration(**d) for d in r["durations"]] for r in results]
    pytest_seconds = [r["pytest_seconds"] for r in results]
    measurement = entry(
        label,
        [r["wall"] for r in results],
        failures,
        attempts=runs,
        outcomes=[r["outcome"] for r in results],
        pytest_seconds=summarize(pytest_seconds).to_json() if pytest_seconds else None,
    )
    return measurement, slowest(durations, measure.SLOWEST_TESTS)


# -- the whole bench ----------------------------------------------------------------------------


def _commit() -> str:
    result = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    return (result.stdout.strip() or "unknown") + (" (with uncommitted changes)" if dirty else "")


def _stop_on_sigterm() -> None:
    # A terminated bench still restores the files it edited (their `finally` runs on SystemExit).
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))


def main(argv: list[str] | None = None) -> int:
    if argv:
        raise UsageError(
            f"make bench takes no arguments (got {' '.join(argv)}); "
            "set BENCH_RUNS, BENCH_TEST_RUNS, BENCH_SKIP_TESTS, BENCH_PAGE or BENCH_SNIPPET instead"
        )
    knobs = read_knobs(os.environ)
    os.chdir(ROOT)  # pymdownx.snippets resolves includes from the working directory, as under `make serve`
    page = choose_page(knobs.page)
    knobs = replace(knobs, snippet=check_snippet(knobs.snippet))
    _stop_on_sigterm()
    started = time.perf_counter()
    results: dict = {
        "meta": {
            "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
            "commit": _commit(),
            "cpus": os.cpu_count(),
            "python": platform.python_version(),
            "versions": render_inline(read_versions()),
            "load_before": list(os.getloadavg()),
            "runs": knobs.runs,
            "test_runs": knobs.test_runs,
        },
        "measurements": {},
    }
    measurements = results["measurements"]
    measurements.update(floor_and_cold_build(knobs.runs))
    measurements["serve_first_page"] = serve_first_pages(knobs)
    measurements.update(warm_rebuilds(knobs, page))
    measurements["cli_fresh"] = cli_calls(knobs)
    measurements["wiring_check"] = wiring_checks(knobs)
    progress("search ranking and cold page weights")
    results["search"] = measure_search()
    measurements["make_test"], results["slowest_tests"] = make_tests(knobs)
    measurements["make_test_loaded"], _ = make_tests(knobs, loaded=True)
    results["targets"] = evaluate(measurements)
    results["meta"]["load_after"] = list(os.getloadavg())
    results["meta"]["bench_seconds"] = time.perf_counter() - started
    RESULTS.write_text(json.dumps(results, indent=1) + "\n")
    print(render(results), end="")
    progress(f"done in {results['meta']['bench_seconds']:.0f} s; results in {_relative(RESULTS)}")
    return 0


if __name__ == "__main__":
    sys.argv[0] = "make bench"  # the name error messages start with
    sys.exit(run(main, sys.argv[1:]))
