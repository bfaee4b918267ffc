"""Line-break opportunities go inside inline code at name boundaries, nowhere else."""

from __future__ import annotations

from tools.core.word_breaks import add_break_opportunities


def test_breaks_go_after_underscores_dots_commas_and_slashes_between_name_parts():
    html = '<td><code>"td_error"</code> <code>torchrl.objectives.ClipPPOLoss</code> <code>("next","r")</code></td>'
    out = add_break_opportunities(html)
    assert '<code>"td_<wbr>error"</code>' in out
    assert "<code>torchrl.<wbr>objectives.<wbr>ClipPPOLoss</code>" in out
    assert '("next",<wbr>"r")' in out


def test_calls_and_keyword_values_break_after_the_bracket_and_the_equals_sign():
    out = add_break_opportunities(
        "<code>make_value_estimator(ValueEstimators.&lt;x&gt;) delay_actor=False eps=0.5</code>"
    )
    assert out == (
        "<code>make_<wbr>value_<wbr>estimator(<wbr>ValueEstimators.<wbr>&lt;x&gt;) "
        "delay_<wbr>actor=<wbr>False eps=0.5</code>"
    )


def test_numbers_names_edges_and_code_blocks_are_left_alone():
    html = "<code>0.99</code> <code>__init__</code> <code>a_</code><pre><code>a_b.c</code></pre>"
    assert (
        add_break_opportunities(html)
        == "<code>0.99</code> <code>__<wbr>init__</code> <code>a_</code><pre><code>a_b.c</code></pre>"
    )


def test_running_twice_changes_nothing_more():
    once = add_break_opportunities("<code>a_b</code>")
    assert add_break_opportunities(once) == once
