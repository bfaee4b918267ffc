"""The records worker's handover: each record set measured once, taken, waited for, or measured again."""

from __future__ import annotations

import json

import pytest

from tools.core import cache
from tools.site import records_worker
from tools.site.records_worker import BuildSide, WorkerSide, _Directory, _Side


class FakeWorker:
    """Stands for the worker process: ``poll()`` runs the next step it was given, then says it still runs."""

    def __init__(self, steps=(), exited: bool = False) -> None:
        self.steps, self.exited, self.killed = list(steps), exited, False

    def poll(self):
        if self.steps:
            self.steps.pop(0)()
        return 0 if self.exited else None

    def kill(self):
        self.killed = True

    def wait(self):
        return 0


@pytest.fixture
def shared(tmp_path):
    return _Directory(tmp_path)


def test_a_record_set_nobody_claimed_is_measured_by_the_build_and_only_by_it(shared):
    build = BuildSide(shared.path, FakeWorker())
    assert build.take("losses", "k1") is None  # the build claimed it: it measures it
    assert not shared.claim("losses", "k1")  # so the worker will not


def test_the_build_takes_what_the_worker_published(shared):
    shared.publish("hooks", "k2", '{"a": 1}')
    assert BuildSide(shared.path, FakeWorker()).take("hooks", "k2") == '{"a": 1}'


def test_the_build_waits_for_a_record_set_the_worker_is_measuring(shared):
    assert shared.claim("trainers", "k3")  # the worker's claim
    worker = FakeWorker(steps=[lambda: None, lambda: shared.publish("trainers", "k3", "[1, 2]")])
    assert BuildSide(shared.path, worker).take("trainers", "k3") == "[1, 2]"


@pytest.mark.parametrize("how", ["failed", "died"])
def test_when_the_worker_fails_or_dies_the_build_measures_it_again(shared, how):
    assert shared.claim("recipes", "k4")
    if how == "failed":
        shared.fail("recipes", "k4")
    worker = FakeWorker(exited=how == "died")
    assert BuildSide(shared.path, worker).take("recipes", "k4") is None


def test_records_cross_as_their_json_and_are_not_measured_twice(tmp_path, monkeypatch):
    monkeypatch.setenv("DOCS_CACHE", "off")
    encode, decode = (lambda value: {"value": value}), (lambda data: data["value"])
    cache.set_handover(WorkerSide(tmp_path))
    try:
        measured = cache.cached("worker-test", lambda: [1, 2, 3], encode=encode, decode=decode)
    finally:
        cache.set_handover(None)
    (published,) = tmp_path.glob("worker-test-*.done")
    assert measured == [1, 2, 3] and json.loads(published.read_text()) == {"value": [1, 2, 3]}
    cache.clear_memory()

    def measure_again():
        raise AssertionError("the build measured a record set the worker had published")

    side = BuildSide(tmp_path, FakeWorker())
    cache.set_handover(side)
    try:
        assert cache.cached("worker-test", measure_again, encode=encode, decode=decode) == [1, 2, 3]
    finally:
        cache.set_handover(None)
        cache.clear_memory()


def test_the_worker_can_be_turned_off(monkeypatch):
    monkeypatch.setenv("DOCS_RECORDS_WORKER", "off")
    records_worker.start()
    assert not records_worker._running and not cache._handover


def test_the_worker_waits_for_a_dependency_the_build_is_measuring(shared):
    assert BuildSide(shared.path, FakeWorker()).take("config_groups", "k5") is None  # the build measures it
    steps = [lambda: None, lambda: shared.publish("config_groups", "k5", '["g"]')]

    def build_alive():  # each look at the build runs its next step
        if steps:
            steps.pop(0)()
        return True

    assert _Side(shared.path, build_alive).take("config_groups", "k5") == '["g"]'


def test_a_process_measures_what_it_claimed_itself_without_waiting(shared):
    side = _Side(shared.path, lambda: True)
    assert side.claim("parity", "k6")
    assert side.take("parity", "k6") is None


def _codec():
    return {"encode": lambda value: {"value": value}, "decode": lambda data: data["value"]}


def test_dependencies_are_claimed_and_published_by_the_process_measuring_them(tmp_path, monkeypatch):
    monkeypatch.setenv("DOCS_CACHE", "off")
    side = WorkerSide(tmp_path)
    cache.set_handover(side)
    try:
        dependency = lambda: cache.cached("worker-dep", lambda: [1], **_codec())  # noqa: E731
        assert cache.cached("worker-top", lambda: [*dependency(), 2], **_codec()) == [1, 2]
    finally:
        cache.set_handover(None)
        cache.clear_memory()
    names = sorted(path.name.split("-")[1] + path.suffix for path in tmp_path.iterdir())
    assert names == ["dep.claim", "dep.done", "top.claim", "top.done"]


def test_a_record_set_that_fails_is_marked_failed_for_the_process_waiting_for_it(tmp_path, monkeypatch):
    monkeypatch.setenv("DOCS_CACHE", "off")

    def broken():
        raise RuntimeError("measurement broke")

    cache.set_handover(WorkerSide(tmp_path))
    try:
        with pytest.raises(RuntimeError, match="measurement broke"):
            cache.cached("worker-broken", broken, **_codec())
    finally:
        cache.set_handover(None)
        cache.clear_memory()
    assert [path.suffix for path in sorted(tmp_path.iterdir())] == [".claim", ".failed"]
    key = cache.fingerprint((), ())  # what `cached` keys a record set without inputs on
    assert BuildSide(tmp_path, FakeWorker()).take("worker-broken", key) is None  # the build measures it itself


class FakeRecordSet:
    """The parts of a ``cache.RecordSet`` the worker's loop reads; calling it records the call."""

    def __init__(self, name: str, calls: list[str], *, in_building_process: bool = False, codec: bool = True) -> None:
        self.name, self.calls, self.in_building_process = name, calls, in_building_process
        self.encode = (lambda value: value) if codec else None

    def is_cached(self) -> bool:
        return False

    def key(self) -> str:
        return "k"

    def __call__(self):
        self.calls.append(self.name)


def test_the_worker_leaves_to_the_build_what_the_build_measures_itself(tmp_path):
    calls: list[str] = []
    sets = [
        FakeRecordSet("first", calls),
        FakeRecordSet("described", calls, in_building_process=True),  # reads the build's griffe parse
        FakeRecordSet("no-codec", calls, codec=False),
        FakeRecordSet("last", calls),
    ]
    records_worker.measure_from_the_end(WorkerSide(tmp_path), sets)
    assert calls == ["last", "first"]  # from the end of the order, and none of the other two
    assert not (tmp_path / "described-k.claim").exists()


def test_before_the_fork_the_build_takes_only_what_is_published_without_waiting(tmp_path):
    calls: list[str] = []
    shared = _Directory(tmp_path)
    shared.publish("published", "k", "[1]")
    assert shared.claim("measuring", "k")  # the worker's claim, nothing published yet
    worker = FakeWorker(steps=[lambda: pytest.fail("the build waited for the worker")])
    sets = [FakeRecordSet("measuring", calls), FakeRecordSet("published", calls), FakeRecordSet("unclaimed", calls)]
    records_worker.take_published_from(BuildSide(tmp_path, worker), sets)
    assert calls == ["published"]
