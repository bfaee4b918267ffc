"""Line-break opportunities go inside long inline code (and long runs of a table cell's text) at name boundaries, nowhere else."""

from __future__ import annotations

from tools.core.word_breaks import LONG, add_break_opportunities


def test_breaks_go_after_underscores_dots_and_slashes_between_name_parts():
    html = (
        '<td><code>"value_network_update_interval"</code> <code>torchrl.objectives.ClipPPOLoss</code> '
        "<code>docs/value-estimators/reference.md</code></td>"
    )
    out = add_break_opportunities(html)
    assert '<code>"value_<wbr>network_<wbr>update_<wbr>interval"</code>' in out
    assert "<code>torchrl.<wbr>objectives.<wbr>ClipPPOLoss</code>" in out
    assert "<code>docs/<wbr>value-estimators/<wbr>reference.<wbr>md</code>" in out


def test_short_names_stay_whole():
    # A short name keeps its column at least as wide as itself instead of breaking.
    for name in ("td_error", '"reward"', "gamma=0.99", "a_b.c"):
        assert len(name) < LONG
        assert add_break_opportunities(f"<code>{name}</code>") == f"<code>{name}</code>"


def test_brackets_commas_and_equals_signs_get_no_break():
    out = add_break_opportunities("<code>make_value_estimator(ValueEstimators.&lt;x&gt;) delay_actor=False</code>")
    assert out == ("<code>make_<wbr>value_<wbr>estimator(ValueEstimators.<wbr>&lt;x&gt;) delay_<wbr>actor=False</code>")


def test_numbers_edges_and_code_blocks_are_left_alone():
    html = "<code>0.99 and __init__ and a_ and a_b_c_d</code><pre><code>a_b.c_d_e_f_g_h_i_j_k_l_m_n_o</code></pre>"
    assert add_break_opportunities(html) == (
        "<code>0.99 and __<wbr>init__ and a_ and a_<wbr>b_<wbr>c_<wbr>d</code>"
        "<pre><code>a_b.c_d_e_f_g_h_i_j_k_l_m_n_o</code></pre>"
    )


def test_running_twice_changes_nothing_more():
    once = add_break_opportunities("<code>a_very_long_identifier_with_many_parts</code>")
    assert "<wbr>" in once and add_break_opportunities(once) == once


def test_a_long_name_outside_backticks_in_a_table_cell_breaks_too():
    html = "<td>[Deprecated, use set_keys(value_target_key=value_target_key) instead] a_b</td>"
    out = add_break_opportunities(html + "<p>prose_with_a_long_name</p>")
    assert out == (
        "<td>[Deprecated, use set_<wbr>keys(value_<wbr>target_<wbr>key=value_<wbr>target_<wbr>key) instead] a_b</td>"
        "<p>prose_with_a_long_name</p>"
    )
    assert add_break_opportunities(out) == out
