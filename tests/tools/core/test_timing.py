"""Stage timings: nested stages are counted once in the exclusive totals."""

from __future__ import annotations

import pytest

from tools.core import registry, timing


class FakeClock:
    """Seconds that pass only when the test says so (no test reads the wall clock)."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(autouse=True)
def fresh_totals():
    timing.reset()
    yield
    timing.reset()


@pytest.fixture
def clock(monkeypatch) -> FakeClock:
    fake = FakeClock()
    monkeypatch.setattr(timing, "clock", fake)
    return fake


def test_nested_stage_time_is_not_counted_twice(clock):
    with timing.stage("a.render"):
        clock.now += 0.02
        with timing.stage("a.compute"):
            clock.now += 0.05
    inclusive, exclusive = timing.totals(), timing.exclusive_totals()
    assert inclusive["a.render"] == pytest.approx(0.07) and inclusive["a.compute"] == pytest.approx(0.05)
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


def test_importing_each_concern_is_a_stage(monkeypatch):
    monkeypatch.setattr(registry, "_found", [])  # as in a new process: none found yet
    registry.concerns()
    names = {module.removeprefix("tools.").removesuffix(".views.concern") for module in registry.CONCERN_MODULES}
    assert {f"{name}.import" for name in names} <= set(timing.totals())
