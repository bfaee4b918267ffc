"""The serve-like rebuild rebuilds what `mkdocs serve --dirty` rebuilds after an edit, and only that."""

from __future__ import annotations

import pytest

from bench.edits import appended
from bench.instrument import PluginClock
from bench.warm import BuildFailed, ServeLikeSite


def test_a_prose_edit_rebuilds_its_page_only(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n")
    (tmp_path / "docs" / "other.md").write_text("# Other\n")
    (tmp_path / "mkdocs.yml").write_text("site_name: tiny\ntheme: mkdocs\n")
    site = ServeLikeSite(PluginClock(), config_file=tmp_path / "mkdocs.yml")
    try:
        site.start()
        with appended(tmp_path / "docs" / "other.md", "A new line."):
            record = site.rebuild()
        assert "A new line." in (site.site_dir / "other" / "index.html").read_text()
    finally:
        site.close()
    assert "other/index.html" in record["rewritten"]
    assert "index.html" not in record["rewritten"]
    assert 0 < record["build"] <= record["wall"]
    assert record["mkdocstrings"] is None
    assert not site.site_dir.exists()


def test_a_failed_build_says_what_mkdocs_logged(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Home\n\n[a link](missing.md)\n")
    (tmp_path / "mkdocs.yml").write_text("site_name: tiny\ntheme: mkdocs\nstrict: true\n")
    site = ServeLikeSite(PluginClock(), config_file=tmp_path / "mkdocs.yml")
    try:
        with pytest.raises(BuildFailed) as failure:
            site.start()
    finally:
        site.close()
    assert "Abort" in str(failure.value)
    assert "missing.md" in str(failure.value)  # the warning that made the strict build fail
