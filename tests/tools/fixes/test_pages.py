"""The index pages and the per-class sections, rendered from the records (no build)."""

from __future__ import annotations

import html
import re
from collections import Counter

from tools.core import urls
from tools.fixes.facts.pages import FIXES_PER_PAGE, anchor, index_pages
from tools.fixes.views.concern import page_of
from tools.fixes.views.render import render_index_pages, render_object_section, short_subject


def test_every_fix_is_listed_once_with_a_unique_anchor(fix_history):
    listed = Counter(fix.sha for page in index_pages(fix_history) for fix in page.fixes)
    assert set(listed) == {fix.sha for fix in fix_history.fixes}
    assert set(listed.values()) == {1}
    assert len({anchor(fix) for fix in fix_history.fixes}) == len(fix_history.fixes)


def test_no_page_holds_more_than_a_page_of_fixes_unless_one_release_does(fix_history):
    for page in index_pages(fix_history):
        releases = {fix.first_release for fix in page.fixes}
        assert len(page.fixes) <= FIXES_PER_PAGE or len(releases) == 1, page.path
        assert page.path.startswith("troubleshooting/fixes/")


def test_each_fix_has_a_heading_with_its_subject_pull_request_and_anchor(fix_context):
    pages = render_index_pages(fix_context)
    for page in index_pages(fix_context.history):
        markdown = pages[page.path]
        for fix in page.fixes:
            heading = next((line for line in markdown.splitlines() if line.endswith(f"{{ #{anchor(fix)} }}")), None)
            assert heading is not None and heading.startswith("### "), (page.path, fix.sha)
            words = html.unescape(re.sub(r"\\(.)", r"\1", heading))
            assert " ".join(short_subject(fix.subject).split())[:30] in words
            if fix.pr is not None:
                assert f"#{fix.pr}" in words or f"pull request [#{fix.pr}]" in markdown


def test_an_entry_shows_what_the_code_before_the_fix_said_out_of_search(fix_context):
    pages = render_index_pages(fix_context)
    changed = [(page, fix) for page in index_pages(fix_context.history) for fix in page.fixes if fix.raised_before]
    assert len(changed) > 50
    for page, fix in changed:
        entry = pages[page.path].split(f"{{ #{anchor(fix)} }}", 1)[1].split("\n### ", 1)[0]
        line = next(line for line in entry.splitlines() if line.startswith("Before this fix: "))
        first = fix.raised_before[0]
        assert f"{first.exception}: {first.template()}"[:40] in html.unescape(line), (page.path, fix.sha)
        assert entry.split(line, 1)[1].lstrip("\n").startswith("{: data-search-exclude }")


def test_every_object_a_page_names_is_marked_when_torchrl_lost_it(fix_context):
    """Each "Changed:" line, read back: every object shown after its file is plain when the installed
    torchrl defines it there, "(gone from ...)" when it has it nowhere, "(now ...)" when elsewhere."""
    pages = render_index_pages(fix_context)
    changed = [line for page in pages.values() for line in page.splitlines() if line.startswith("Changed: ")]
    assert len(changed) == len(fix_context.history.fixes)
    seen = 0
    for line in changed:
        for segment in line.removeprefix("Changed: ").rstrip(".").split("; "):
            if not segment.startswith("`"):
                continue  # "and 6 more files"
            file, _, shown = segment.partition(": ")
            file = file.split("`")[1]
            for item in re.findall(r"`([^`]+)`( \(gone from [^)]+\)| \(now `[^`]+`\))?", shown):
                qualname, mark = item
                status = fix_context.objects.find(file, qualname).status
                expected = {"gone": f" (gone from {fix_context.torchrl})", "moved": " (now `"}.get(status, "")
                assert mark.startswith(expected) and bool(mark) == bool(expected), (file, qualname, status, mark)
                seen += 1
    assert seen > 500


def test_a_class_section_lists_exactly_the_fixes_that_reached_it(fix_context):
    for name in ("ClipPPOLoss", "GAE", "SoftUpdate", "PPOTrainer"):
        expected = [
            fix
            for fix in fix_context.history.fixes
            if any(
                name in fix_context.objects.find(file, q).subjects for file, names in fix.objects.items() for q in names
            )
        ]
        section = render_object_section([name], page_of(name), fix_context)
        assert section.count(f"#{anchor(expected[0])})") >= 1 if expected else "No bug-fix commit" in section
        rows = [line for line in section.splitlines() if line.startswith("    | ") and "#fix-" in line]
        assert len(rows) == len(expected), name
        if expected:
            assert f'??? note "Fixed upstream: {len(expected)} fix' in section.split("\n\n", 2)[1], section[:80]
            # Each fix is indexed once, by its own entry: the note that lists them again is not.
            assert section.startswith("<div data-search-exclude markdown>"), section[:80]


def test_a_class_section_links_from_its_own_page(fix_context):
    section = render_object_section(["ClipPPOLoss"], urls.loss("ClipPPOLoss"), fix_context)
    assert "](../troubleshooting/fixes/" in section
    section = render_object_section(["SoftUpdate", "HardUpdate"], urls.TARGET_UPDATES, fix_context)
    assert "](troubleshooting/fixes/" in section


def test_the_tags_and_the_number_leave_a_subject_for_tables():
    assert short_subject("[BugFix] Fix PPO clip (#786)") == "Fix PPO clip"
    assert short_subject("[Feature, BugFix] [TQC] Thing (#1)") == "Thing"
    assert short_subject("BugFix: pass through (#214)") == "pass through"
