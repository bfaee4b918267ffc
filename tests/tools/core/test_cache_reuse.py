"""cached() computes once per fingerprint; is_cached() tells beforehand whether it would."""

from __future__ import annotations

from tests.support.isolated_cache import isolate_cache
from tools.core import cache


def test_is_cached_follows_memory_and_disk(tmp_path, monkeypatch):
    source = isolate_cache(tmp_path, monkeypatch)
    calls = []

    def compute():
        calls.append(1)
        return {"n": len(calls)}

    kwargs = {"inputs": [source], "encode": lambda v: v, "decode": lambda v: v}
    assert not cache.is_cached("demo", [source])
    assert cache.cached("demo", compute, **kwargs) == {"n": 1}
    assert cache.is_cached("demo", [source])
    cache.clear_memory()
    assert cache.is_cached("demo", [source])  # on disk
    assert cache.cached("demo", compute, **kwargs) == {"n": 1} and calls == [1]
    source.write_text("v2\n")
    assert not cache.is_cached("demo", [source])
    assert cache.cached("demo", compute, **kwargs) == {"n": 2}


def test_disk_cache_off_means_not_cached_across_processes(tmp_path, monkeypatch):
    source = isolate_cache(tmp_path, monkeypatch)
    monkeypatch.setenv("DOCS_CACHE", "off")
    cache.cached("demo", lambda: 1, inputs=[source], encode=lambda v: v, decode=lambda v: v)
    cache.clear_memory()
    assert not cache.is_cached("demo", [source])


def test_disk_round_trip_keeps_the_order_of_keys(tmp_path, monkeypatch):
    # Pages list some mappings in their order: a build from the disk cache must
    # show the same text as the build that measured them.
    source = isolate_cache(tmp_path, monkeypatch)
    value = {"zeta": 1, "alpha": 2, "mid": {"b": 1, "a": 2}}
    kwargs = {"inputs": [source], "encode": lambda v: v, "decode": lambda v: v}
    cache.cached("ordered", lambda: value, **kwargs)
    cache.clear_memory()
    again = cache.cached("ordered", lambda: {}, **kwargs)
    assert list(again) == ["zeta", "alpha", "mid"] and list(again["mid"]) == ["b", "a"]


def test_a_fresh_result_is_returned_as_its_round_trip(tmp_path, monkeypatch):
    # What a later build reads from disk is what this build renders from.
    source = isolate_cache(tmp_path, monkeypatch)
    value = cache.cached("trip", lambda: (1, 2), inputs=[source], encode=list, decode=tuple)
    assert value == (1, 2)
    value = cache.cached("trip2", lambda: {"k": (1, 2)}, inputs=[source], encode=lambda v: v, decode=lambda v: v)
    assert value == {"k": [1, 2]}  # the tuple came back as JSON gives it
