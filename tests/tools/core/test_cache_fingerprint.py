"""The records' fingerprint follows their input files and the installed versions."""

from __future__ import annotations

from importlib import metadata

from tools.core import cache
from tools.core.distributions import DISTRIBUTIONS, installed


def test_fingerprint_changes_with_an_input_file(tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "ROOT", tmp_path)
    source = tmp_path / "recipe.py"
    source.write_text("A = 1\n")
    before = cache.fingerprint([source])
    assert cache.fingerprint([source]) == before
    source.write_text("A = 2\n")
    assert cache.fingerprint([source]) != before


def test_fingerprint_names_the_installed_versions():
    # Read once per process (each lookup parses a METADATA file), and still the installed ones.
    assert installed() == {dist: metadata.version(dist) for dist in DISTRIBUTIONS}
