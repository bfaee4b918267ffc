"""A file edited for a measurement comes back exactly as it was, even when the measurement fails."""

from __future__ import annotations

import os

import pytest

from bench.edits import appended


def make_file(tmp_path, content: bytes):
    path = tmp_path / "page.md"
    path.write_bytes(content)
    os.utime(path, ns=(1_000_000_000, 2_000_000_000))
    return path


def test_the_line_is_there_during_the_block_and_gone_after(tmp_path):
    path = make_file(tmp_path, b"# Title\n")
    with appended(path, "one more line"):
        assert path.read_bytes() == b"# Title\none more line\n"
    assert path.read_bytes() == b"# Title\n"
    assert os.stat(path).st_mtime_ns == 2_000_000_000


def test_a_file_without_a_final_newline_gets_the_line_on_its_own(tmp_path):
    path = make_file(tmp_path, b"no newline")
    with appended(path, "# added"):
        assert path.read_bytes() == b"no newline\n# added\n"
    assert path.read_bytes() == b"no newline"


def test_restored_when_the_block_raises(tmp_path):
    path = make_file(tmp_path, b"x = 1\n")
    with pytest.raises(RuntimeError), appended(path, "# edit"):
        raise RuntimeError("the build failed")
    assert path.read_bytes() == b"x = 1\n"
    assert os.stat(path).st_mtime_ns == 2_000_000_000
