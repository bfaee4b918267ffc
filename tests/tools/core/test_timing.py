"""Stage timings: nested stages are counted once in the exclusive totals."""

from __future__ import annotations

import time

import pytest

from tools.core import registry, timing


@pytest.fixture(autouse=True)
def fresh_totals():
    timing.reset()
    yield
    timing.reset()


def test_nested_stage_time_is_not_counted_twice():
    with timing.stage("a.render"):
        time.sleep(0.02)
        with timing.stage("a.compute"):
            time.sleep(0.05)
    inclusive, exclusive = timing.totals(), timing.exclusive_totals()
    assert inclusive["a.render"] >= inclusive["a.compute"] + 0.02
    assert exclusive["a.compute"] == inclusive["a.compute"]
    assert exclusive["a.render"] == pytest.approx(inclusive["a.render"] - inclusive["a.compute"])
    assert sum(exclusive.values()) == pytest.approx(inclusive["a.render"])


def test_a_failing_stage_is_still_counted_and_unwinds():
    with pytest.raises(RuntimeError), timing.stage("a.measure"):
        raise RuntimeError
    with timing.stage("b.render"):
        pass
    assert set(timing.exclusive_totals()) == {"a.measure", "b.render"}
    assert timing.exclusive_totals()["b.render"] == timing.totals()["b.render"]


def test_importing_each_concern_is_a_stage():
    registry.concerns()
    names = {module.removeprefix("tools.").removesuffix(".views.concern") for module in registry.CONCERN_MODULES}
    assert {f"{name}.import" for name in names} <= set(timing.totals())
