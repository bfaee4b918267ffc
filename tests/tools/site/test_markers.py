"""Marker expansion, the versions banner and the placement check."""

from __future__ import annotations

import pytest

from tools.site import markers as pages
from tools.versions.facts import read_versions


def test_marker_is_replaced_and_banner_added_under_the_title():
    out = pages.expand("# Title\n\ntext\n\n<!-- gen:versions.table -->\n", "a/b.md")
    lines = out.markdown.splitlines()
    assert lines[0] == "# Title"
    assert lines[2].startswith("Generated against torch") and lines[3] == "{: .versions-note }"
    assert "../index.md#how-this-site-is-made" in out.markdown
    assert "| `torchrl` | " + read_versions().by_name()["torchrl"] + " |" in out.markdown
    assert "gen:" not in out.markdown
    assert out.sections_used == {"versions.table"}


def test_page_without_markers_is_left_alone():
    text = "# Plain\n\nNothing generated.\n"
    assert pages.expand(text, "plain.md").markdown == text


def test_generated_page_gets_the_banner_even_without_markers():
    out = pages.expand("# Whole page\n", "losses/x.md", generated_page=True)
    assert "{: .versions-note }" in out.markdown


def test_markers_inside_code_fences_are_not_expanded():
    text = "# T\n\n```markdown\n<!-- gen:versions.table -->\n```\n"
    assert pages.expand(text, "t.md").markdown == text


def test_unknown_marker_names_the_page_line_and_close_matches():
    with pytest.raises(pages.GenerationError) as info:
        pages.expand("# T\n\n<!-- gen:versions.tabel -->\n", "here.md")
    message = str(info.value)
    assert "here.md:3" in message and "did you mean versions.table" in message


def test_malformed_marker_is_an_error():
    with pytest.raises(pages.GenerationError, match="malformed marker"):
        pages.expand("# T\n\ntext <!-- gen:versions.table -->\n", "m.md")


def test_render_failure_names_the_marker():
    with pytest.raises(pages.GenerationError, match=r"gen:inventory.example.*no section 'nope'"):
        pages.expand("<!-- gen:inventory.example nope -->\n", "x.md")


def test_unplaced_section_is_an_error():
    with pytest.raises(pages.GenerationError, match=r"gen:versions\.table"):
        pages.check_sections_placed({"inventory.overview", "inventory.example"})


def test_inventory_sections_are_documented():
    from tools.core.registry import concerns

    undocumented = [c.name for c in concerns() if c.inventory is not None and not c.inventory_doc]
    assert not undocumented
