"""The built site shows no Python block that the tests did not run.

The runners work on the Markdown; this test counts the Python blocks in the
built HTML, page by page, and requires the same number of Python fences in the
Markdown the runners saw.  A block added by a plugin, a docstring rendered by
mkdocstrings, or a fence the parser missed all make the counts differ.
"""

from __future__ import annotations

import re

from tests.support.docs import all_fences, built_html_path

RENDERED_PYTHON = re.compile(r'<div class="language-(?:python|py|python3|py3|pycon)\b[^"]*\bhighlight\b')


def test_rendered_python_blocks_equal_the_blocks_run(site):
    fences = all_fences()
    expected = {built_html_path(page): sum(f.is_python for f in page_fences) for page, page_fences in fences.items()}
    mismatches = []
    for html in sorted(site.rglob("*.html")):
        rel = html.relative_to(site).as_posix()
        shown = len(RENDERED_PYTHON.findall(html.read_text(encoding="utf-8")))
        if shown != expected.get(rel, 0):
            mismatches.append(f"{rel}: {shown} Python blocks shown, {expected.get(rel, 0)} found by the runners")
    assert not mismatches, "\n".join(mismatches)


def test_every_page_was_built(site):
    missing = [page for page in all_fences() if not (site / built_html_path(page)).exists()]
    assert not missing, f"pages the runners saw but the build did not write: {missing}"
