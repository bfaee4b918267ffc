"""render.py: records -> Markdown, on hand-made records (no torchrl needed)."""

from __future__ import annotations

from tools.troubleshooting.facts.records import RAISES, SILENT, Area, Capture, Captures, Curated, Entry, FixedUpstream
from tools.troubleshooting.views import render


def _curated():
    loud = Entry(
        "loud",
        "keys",
        "KeyError: 'x'",
        RAISES,
        "Why loud.",
        "https://github.com/pytorch/rl/issues/1",
        [["ClipPPOLoss", "losses/ClipPPOLoss.md"]],
        "repro()\n",
        "fix()\n",
    )
    quiet = Entry(
        "quiet", "keys", "Nothing moves", SILENT, "Why quiet.", "found by trying", [], "check()\n", "fixed()\n"
    )
    fixed = FixedUpstream(
        "old",
        "It broke",
        "https://github.com/pytorch/rl/issues/2",
        "https://github.com/pytorch/rl/pull/3",
        "v0.2.0",
        "works()\n",
    )
    return Curated([Area("keys", "Keys")], [loud, quiet], [fixed])


def _captures():
    return Captures(
        "0.14.1", [Capture("loud", "KeyError", "KeyError: 'x'\nmore", "0.14.1"), Capture("quiet", None, None, "0.14.1")]
    )


def test_an_entry_shows_heading_text_cause_blocks_and_links():
    out = render.render_area(_curated(), _captures(), {}, "keys")
    assert "## KeyError: 'x' { #loud }" in out
    assert "```text\nKeyError: 'x'\nmore\n```" in out
    assert "[pytorch/rl#1](https://github.com/pytorch/rl/issues/1)" in out
    assert "```python\nrepro()\n```" in out and "```python\nfix()\n```" in out
    assert "[ClipPPOLoss](../losses/ClipPPOLoss.md)" in out
    assert "Nothing is raised" in out and "```python\ncheck()\n```" in out


def test_a_text_that_moved_from_the_reviewed_one_is_flagged_on_the_page():
    out = render.render_area(_curated(), _captures(), {"loud": {"error_text": "KeyError: 'y'"}}, "keys")
    assert "changed since the entry was reviewed" in out and "make troubleshooting-accept" in out


def test_index_tables_and_checklist():
    by_error = render.render_by_error(_curated(), _captures())
    assert "| `KeyError` | `'x'` | [KeyError: 'x'](keys.md#loud) |" in by_error
    assert render.render_checklist(_curated()) == "- [ ] [Nothing moves](keys.md#quiet)\n"
    assert "| [Keys](keys.md) | 2 | 1 |" in render.render_areas(_curated())


def test_fixed_upstream_table_and_blocks():
    out = render.render_fixed(_curated(), "0.14.1")
    assert (
        "| [It broke](#old) | [#2](https://github.com/pytorch/rl/issues/2) | [#3](https://github.com/pytorch/rl/pull/3) | v0.2.0 |"
        in out
    )
    assert "```python\nworks()\n```" in out


def test_a_symptom_that_names_a_lambda_or_a_placeholder_is_shown_as_typed():
    entry = Entry(
        "hook",
        "keys",
        "TypeError: <lambda>() missing 1 required argument & more",
        SILENT,
        "Why.",
        "found by trying",
        [],
        "check()\n",
        "fixed()\n",
    )
    out = render.render_entry(entry, Capture("hook", None, None, "0.14.1"), None)
    assert out.startswith("## TypeError: &lt;lambda&gt;() missing 1 required argument &amp; more { #hook }\n")
    curated = Curated([Area("keys", "Keys")], [entry], [])
    assert "[TypeError: &lt;lambda&gt;() missing" in render.render_checklist(curated)


def test_a_fix_for_each_data_layout_is_its_own_block():
    entry = Entry(
        "two",
        "keys",
        "KeyError: 'x'",
        RAISES,
        "Why.",
        "found by trying",
        [],
        "repro()\n",
        "# ---- fix: per agent ----\nfirst()\n# ---- fix: for the team ----\nsecond()\n",
    )
    assert entry.fix_blocks() == [("per agent", "first()\n"), ("for the team", "second()\n")]
    out = render.render_entry(entry, Capture("two", "KeyError", "KeyError: 'x'", "0.14.1"), None)
    assert "*per agent:*\n\n```python\nfirst()\n```" in out and "*for the team:*\n\n```python\nsecond()\n```" in out


def test_the_multi_agent_entry_shows_both_layouts(troubleshooting_entries):
    entry = troubleshooting_entries.entry("nested-agent-keys-left-at-defaults")
    captions = [caption for caption, _code in entry.fix_blocks()]
    assert captions == ["done and terminated per agent (ClipPPOLoss)", "one done flag for the team (MAPPOLoss)"]
    assert "'NoneType' object has no attribute 'clone'" in entry.cause and "MAPPOLoss" in entry.cause
