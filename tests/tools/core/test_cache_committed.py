"""Record sets kept in the tree: read while their fingerprint holds, measured again when it does not."""

from __future__ import annotations

import json

from tests.support.isolated_cache import isolate_cache
from tools.core import cache


def _isolated(tmp_path, monkeypatch):
    source = isolate_cache(tmp_path, monkeypatch)
    monkeypatch.setenv("DOCS_CACHE", "off")  # a cold build: only the committed file may spare the work
    # The record set's measuring code, as a module of the isolated project (its fingerprint reads it).
    (tmp_path / "tools").mkdir()
    (tmp_path / "tools" / "demo.py").write_text("def measure(): ...\n")
    return source


def test_a_committed_set_is_read_while_current_and_measured_again_when_stale(tmp_path, monkeypatch):
    source = _isolated(tmp_path, monkeypatch)
    calls = []

    def compute():
        calls.append(1)
        return {"measured": len(calls)}

    compute.__module__ = "tools.demo"

    kept = cache.RecordSet("demo.kept", compute, inputs=(source,), encode=dict, decode=dict, committed=True)
    try:
        assert not kept.is_cached()
        assert kept.commit() is True and calls == [1]
        assert kept.commit() is False and calls == [1]  # current: nothing to measure
        written = json.loads(cache.committed_path("demo.kept").read_text())
        assert written["key"] == kept.key() and written["records"] == {"measured": 1}
        assert kept.is_cached() and kept() == {"measured": 1} and calls == [1]  # read, not measured
        source.write_text("v2\n")  # the data changed: the file no longer answers
        cache.clear_memory()
        assert not kept.is_cached()
        assert kept() == {"measured": 2} and calls == [1, 1]
        assert json.loads(cache.committed_path("demo.kept").read_text())["records"] == {
            "measured": 1
        }  # a build never writes it
    finally:
        cache._record_sets.remove(kept)


def test_a_committed_set_needs_a_codec():
    try:
        cache.RecordSet("demo.nocodec", lambda: 1, committed=True)
    except ValueError as exc:
        assert "encode and decode" in str(exc)
    else:
        raise AssertionError("a committed set without a codec was accepted")
