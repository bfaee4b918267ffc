"""Median, min and max of repeated timings."""

from __future__ import annotations

import pytest

from bench.stats import Summary, summarize, summarize_keys


def test_odd_number_of_runs():
    assert summarize([3.0, 1.0, 2.0]) == Summary(median=2.0, min=1.0, max=3.0, runs=3)


def test_even_number_of_runs_takes_the_mean_of_the_middle_two():
    assert summarize([4.0, 1.0, 2.0, 10.0]).median == 3.0


def test_no_runs_is_an_error():
    with pytest.raises(ValueError, match="no samples"):
        summarize([])


def test_summary_round_trips_through_json():
    summary = summarize([1.5, 2.5])
    assert Summary.from_json(summary.to_json()) == summary


def test_a_key_missing_from_a_run_counts_as_zero_there():
    summaries = summarize_keys([{"a": 1.0, "b": 4.0}, {"a": 3.0}, {"a": 2.0, "b": 5.0}])
    assert summaries["a"] == Summary(2.0, 1.0, 3.0, 3)
    assert summaries["b"] == Summary(4.0, 0.0, 5.0, 3)
