"""A record cache of its own for one test: a project root, a cache folder and a data file under tmp_path."""

from __future__ import annotations

from pathlib import Path

from tools.core import cache


def isolate_cache(tmp_path: Path, monkeypatch) -> Path:
    """Point tools.core.cache at ``tmp_path``; return the data file ``input.txt`` (``v1``) a record set can read."""
    monkeypatch.setattr(cache, "ROOT", tmp_path)
    monkeypatch.setattr(cache, "CACHE", tmp_path / ".cache")
    monkeypatch.setattr(cache, "COMMITTED_RECORDS", tmp_path / "outputs" / "records")
    monkeypatch.setattr(cache, "_memory", {})
    source = tmp_path / "input.txt"
    source.write_text("v1\n")
    return source
