"""Under `serve --dirty`, a page rebuilds when a file it shows (included, or its output shown) changed."""

from __future__ import annotations

import os
from types import SimpleNamespace

from tools.site import mkdocs_adapter


def _page(tmp_path, text: str):
    source, built = tmp_path / "page.md", tmp_path / "page.html"
    source.write_text(text)
    built.write_text("<html></html>")
    os.utime(built, (1_000, 1_000))  # built long ago
    return SimpleNamespace(abs_src_path=str(source), abs_dest_path=str(built), is_modified=lambda: False)


def _rebuilds(page) -> bool:
    mkdocs_adapter._mark_pages_with_changed_snippets(SimpleNamespace(documentation_pages=lambda: [page]))
    return page.is_modified()


def test_a_page_showing_an_output_rebuilds_when_its_file_changed(tmp_path, monkeypatch):
    monkeypatch.setattr(mkdocs_adapter, "ROOT", tmp_path)
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets" / "x.py").write_text("print(1)\n")  # newer than the built page
    assert _rebuilds(_page(tmp_path, "# T\n\n<!-- gen:outputs.tabs snippets/x.py -->\n"))
    assert _rebuilds(_page(tmp_path, '```python\n--8<-- "snippets/x.py"\n```\n'))
    os.utime(tmp_path / "snippets" / "x.py", (500, 500))
    (tmp_path / "outputs" / "snippets").mkdir(parents=True)
    (tmp_path / "outputs" / "snippets" / "x.py.json").write_text("{}")  # a fresh capture
    assert _rebuilds(_page(tmp_path, "<!-- gen:outputs.show snippets/x.py -->\n"))
    os.utime(tmp_path / "outputs" / "snippets" / "x.py.json", (500, 500))
    assert not _rebuilds(_page(tmp_path, "<!-- gen:outputs.show snippets/x.py -->\n"))
