"""The table `make bench` prints, rendered from results shaped like bench/latest.json."""

from __future__ import annotations

import json
import subprocess
import sys

from bench.durations import Duration, slowest
from bench.report import render, seconds, table
from bench.stages import breakdown
from bench.targets import evaluate
from tools.core.paths import ROOT


def measured(label, samples, failures=(), **extra):
    out = {"label": label, "samples": list(samples), "failures": list(failures), **extra}
    if samples:
        ordered = sorted(samples)
        out.update(median=ordered[len(ordered) // 2], min=ordered[0], max=ordered[-1], runs=len(samples))
    return out


def results(mkdocstrings=None, make_test=None):
    build_runs = [
        {
            "wall": wall,
            "build": wall - 1.0,
            "stages": {"losses.compute": 2.0, "losses.render": 0.5, "versions.render": 0.01},
            "plugins": {
                "material/search": 0.1,
                "tools/site/mkdocs_adapter.py": 2.6,
                **({"mkdocstrings": mkdocstrings} if mkdocstrings else {}),
            },
            "mkdocstrings": mkdocstrings,
            "hooks": ["tools/site/mkdocs_adapter.py"],
        }
        for wall in (6.0, 7.0, 8.0)
    ]
    measurements = {
        "floor": measured("import floor", [4.0, 4.2, 4.4]),
        "cold_build": measured("cold build", [r["wall"] for r in build_runs], breakdown=breakdown(build_runs)),
        "warm_prose": measured(
            "warm rebuild after a prose edit (index.md)",
            [0.4, 0.5, 0.6],
            breakdown=breakdown(build_runs),
            rebuilt=["index.html"],
        ),
        "make_test": make_test or {"label": "make test", "skipped": "BENCH_SKIP_TESTS=1"},
    }
    return {
        "meta": {
            "date": "2030-01-01 00:00 UTC",
            "commit": "abc1234",
            "cpus": 2,
            "versions": "torchrl 0.14.1",
            "load_before": [1.0, 0.5, 0.2],
            "load_after": [1.5, 0.7, 0.3],
            "runs": 3,
            "test_runs": 0,
        },
        "measurements": measurements,
        "slowest_tests": slowest(
            [[Duration("tests/a.py::test_a", "call", 3.0)], [Duration("tests/a.py::test_a", "call", 5.0)]]
        ),
        "targets": evaluate(measurements),
    }


def test_table_aligns_columns():
    lines = table(["name", "value"], [["a", "1.00"], ["longer name", "12.50"]])
    assert lines[0] == "name         value"
    assert lines[2] == "a             1.00"
    assert lines[3] == "longer name  12.50"


def test_small_values_keep_three_decimals():
    assert (seconds(0.0123), seconds(3.14159), seconds(None)) == ("0.012", "3.14", "")


def test_report_shows_every_measurement_breakdown_and_target():
    text = render(results())
    assert "commit abc1234: 2 CPUs" in text
    for label in ("import floor", "cold build", "warm rebuild after a prose edit (index.md)", "make test"):
        assert label in text
    assert "skipped (BENCH_SKIP_TESTS=1)" in text
    assert "mkdocstrings: not enabled" in text
    assert "records: introspection and measurement (cached) (*.compute)" in text
    assert "losses.compute" in text and "all stages of losses" in text
    assert "of which the events of the plugin material/search" in text
    assert "tests/a.py::test_a" in text and "1/2" not in text and "2/2" in text
    target_lines = [line for line in text.splitlines() if line.startswith("cold build / import floor")]
    assert target_lines and target_lines[0].split()[-1] == "PASS"


def test_mkdocs_itself_excludes_generation_and_mkdocstrings():
    text = render(results(mkdocstrings=1.5))
    label = "MkDocs itself (the rest)"
    line = next(line for line in text.splitlines() if line.startswith(label))
    # median run: wall 7.0 - generation 2.51 - mkdocstrings 1.5
    assert line[len(label) :].split()[0] == "2.99"
    assert "mkdocstrings (griffe parse api.griffe, events, ::: blocks)" in text


def test_failures_are_shown_with_their_output():
    failed = measured("make test", [], failures=["run 1: `make test` exited 2:\nE   assert 1 == 2\n2 failed"])
    text = render(results(make_test=failed))
    assert "make test: FAILED" in text and "E   assert 1 == 2" in text
    target = next(line for line in text.splitlines() if line.startswith("make test, fresh"))
    assert "FAILED" in target


def test_report_command_prints_a_saved_results_file(tmp_path):
    path = tmp_path / "latest.json"
    path.write_text(json.dumps(results()))
    shown = subprocess.run([sys.executable, "-m", "bench.report", str(path)], cwd=ROOT, capture_output=True, text=True)
    assert shown.returncode == 0 and shown.stdout == render(results())


def test_report_command_without_results_exits_2_with_the_fix(tmp_path):
    shown = subprocess.run(
        [sys.executable, "-m", "bench.report", str(tmp_path / "none.json")], cwd=ROOT, capture_output=True, text=True
    )
    assert shown.returncode == 2
    assert "run `make bench` first" in shown.stderr and "Traceback" not in shown.stderr
