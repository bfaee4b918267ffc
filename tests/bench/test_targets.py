"""The issue's targets against the medians: PASS, MISS, FAILED, n/a."""

from __future__ import annotations

from bench.targets import MAKE_TEST_SECONDS, WARM_SNIPPET_SECONDS, evaluate


def measured(median, **extra):
    return {
        "label": "x",
        "samples": [median],
        "failures": [],
        "median": median,
        "min": median,
        "max": median,
        "runs": 1,
        **extra,
    }


def by_what(rows):
    return {row["what"]: row for row in rows}


def test_all_targets_met():
    rows = by_what(
        evaluate(
            {
                "floor": measured(5.0),
                "cold_build": measured(14.0),
                "cold_build_without_mkdocstrings": measured(12.0),
                "serve_first_page": measured(15.0),
                "warm_prose": measured(0.4),
                "warm_snippet": measured(1.2),
                "snippet_run": measured(2.0),
                "make_test": measured(300.0),
                "make_test_loaded": measured(900.0),
                "cli_fresh": measured(0.3),
                "wiring_check": measured(0.4),
            }
        )
    )
    assert rows["cold build / import floor"]["value"] == 2.8
    assert rows["make serve, first page / cold build"]["value"] == 15.0 / 14.0
    assert rows["warm rebuild, snippet edit"]["limit"] == WARM_SNIPPET_SECONDS
    assert {row["status"] for row in rows.values()} == {"PASS"}


def test_misses():
    rows = by_what(
        evaluate(
            {
                "floor": measured(5.0),
                "cold_build": measured(15.5),
                "cold_build_without_mkdocstrings": measured(15.1),
                "serve_first_page": measured(19.0),
                "warm_prose": measured(0.6),
                "warm_snippet": measured(1.6),
                "make_test": measured(MAKE_TEST_SECONDS + 1),
                "cli_fresh": measured(0.7),
                "wiring_check": measured(2.5),
            }
        )
    )
    assert {row["status"] for what, row in rows.items() if what != "make test with both cores busy"} == {"MISS"}


def test_the_suite_under_load_only_has_to_pass():
    run = measured(2000.0, attempts=1)
    assert by_what(evaluate({"make_test_loaded": run}))["make test with both cores busy"]["status"] == "PASS"
    run["failures"] = ["run 1: `make test` exited 2: 1 failed, 165 passed"]
    assert by_what(evaluate({"make_test_loaded": run}))["make test with both cores busy"]["status"] == "FAILED"


def test_a_failed_run_is_never_a_pass():
    failed = measured(0.1)
    failed["failures"] = ["run 2: mkdocs exited 1"]
    rows = by_what(evaluate({"floor": measured(5.0), "cold_build": failed}))
    row = rows["cold build / import floor"]
    assert row["status"] == "FAILED"
    assert "cold_build: 1 of 2 runs failed" in row["note"]


def test_failed_tests_still_show_how_long_the_run_took():
    run = measured(120.0, attempts=1)
    run["failures"] = ["run 1: `make test` exited 2: 1 failed, 165 passed"]
    row = by_what(evaluate({"make_test": run}))["make test, fresh, 2 workers"]
    assert (row["status"], row["value"]) == ("FAILED", 120.0)
    assert row["note"] == "make_test: 1 of 1 runs failed"


def test_all_runs_failed_leaves_no_value():
    rows = by_what(evaluate({"warm_prose": {"label": "warm", "samples": [], "failures": ["the first build failed"]}}))
    row = rows["warm rebuild, prose edit"]
    assert (row["status"], row["value"], row["note"]) == ("FAILED", None, "warm_prose: 1 of 1 runs failed")


def test_skipped_or_missing_measurements_are_not_applicable():
    rows = by_what(evaluate({"make_test": {"label": "make test", "skipped": "BENCH_SKIP_TESTS=1"}}))
    assert rows["make test, fresh, 2 workers"]["status"] == "n/a"
    assert "skipped (BENCH_SKIP_TESTS=1)" in rows["make test, fresh, 2 workers"]["note"]
    assert rows["warm rebuild, prose edit"]["note"] == "warm_prose: not measured"
