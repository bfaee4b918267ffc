"""Each line of a highlighted code block sits in a span naming its indentation; the text is unchanged."""

from __future__ import annotations

import html
import re

from tools.core.code_lines import DEEPEST, add_line_spans
from tools.core.paths import ROOT

BLOCK = (
    '<div class="language-python highlight"><pre><span></span><code>'
    '<span class="k">def</span> <span class="nf">f</span>():\n'
    '<span class="hll">    <span class="k">return</span> <span class="mi">1</span>\n</span>'
    '<span class="sd">        """deep"""</span>\n'
    "</code></pre></div>"
)


def _text(page: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", page))


def test_each_line_gets_a_span_with_its_indentation_and_the_text_stays():
    out = add_line_spans(BLOCK)
    assert _text(out) == _text(BLOCK)
    assert re.findall(r'class="cl (i\d+)"', out) == ["i0", "i4", "i8"]
    # The highlighted line keeps its highlight around the line's span; indentation never wraps.
    assert '<span class="hll"><span class="cl i4"><span class="ci">    </span><span class="k">return' in out
    assert '<span class="sd"><span class="ci">        </span>"""deep"""</span>\n</span>' in out


def test_signatures_and_pages_done_already_are_left_alone():
    signature = BLOCK.replace("language-python highlight", "doc-signature highlight")
    assert add_line_spans(signature) == signature
    once = add_line_spans(BLOCK)
    assert add_line_spans(once) == once


def test_site_css_gives_every_indentation_class_a_width():
    css = (ROOT / "docs" / "assets" / "site.css").read_text()
    widths = {int(n) for n in re.findall(r"\.i(\d+) \{ --indent: \1ch; \}", css)}
    assert widths == set(range(1, DEEPEST + 1))
