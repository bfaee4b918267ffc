"""render.py: records -> Markdown, on hand-made records (no torchrl needed)."""

from __future__ import annotations

import dataclasses

from tools.troubleshooting.facts.records import (
    RAISES,
    SILENT,
    Area,
    Capture,
    Captures,
    Curated,
    Entry,
    FixedUpstream,
    Mechanism,
    Report,
)
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
    assert (
        '??? example "Reproduce (runs alone; catches the error and asserts it)"\n    ```python\n    repro()\n    ```'
        in out
    )
    assert '```python hl_lines="1"\nfix()\n```' in out
    assert "[ClipPPOLoss](../losses/ClipPPOLoss.md)" in out
    assert "Nothing is raised" in out and "    ```python\n    check()\n    ```" in out


def test_a_text_that_moved_from_the_reviewed_one_is_flagged_on_the_page():
    out = render.render_area(_curated(), _captures(), {"loud": {"error_text": "KeyError: 'y'"}}, "keys")
    assert "changed since the entry was reviewed" in out and "make troubleshooting-accept" in out


def test_index_lists_and_checklist():
    by_error = render.render_by_error(_curated(), _captures())
    # The symptom is the message here: the line is the link alone.
    assert "### KeyError { #error-keyerror }\n\n- [`'x'`](keys.md#loud)\n" in by_error
    assert render.error_types(_curated(), _captures()) == "**Errors by type:** [KeyError](#error-keyerror)\n"
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
    assert "*per agent:*\n" in out and "*for the team:*\n" in out
    assert out.index("first()") < out.index("*for the team:*") < out.index("second()")


def test_the_multi_agent_entry_shows_both_layouts(troubleshooting_entries):
    entry = troubleshooting_entries.entry("nested-agent-keys-left-at-defaults")
    captions = [caption for caption, _code in entry.fix_blocks()]
    assert captions == ["done and terminated per agent (ClipPPOLoss)", "one done flag for the team (MAPPOLoss)"]
    assert "'NoneType' object has no attribute 'clone'" in entry.cause and "MAPPOLoss" in entry.cause


def test_the_fix_highlights_the_lines_that_differ_from_the_reproduction():
    before = "import torch\nloss = make(x)\nloss(td)\nprint('done')\n"
    after = "import torch\nloss = make(x)\nloss.set_keys(a='b')\nloss(td)\nprint('fixed')\n"
    assert render.changed_lines(before, after) == [3, 5]
    assert render.changed_lines(before, before) == []


def test_the_index_line_adds_only_what_the_symptom_says_beyond_the_message():
    def entry(symptom):
        return Entry("e", "keys", symptom, RAISES, "Why.", "found by trying", [], "r()\n", "f()\n")

    line = render._by_error_line
    assert line("value key 'v' not found in out_keys ['x']", entry("KeyError: value key 'v' not found")) == (
        "- [`value key 'v' not found in out_keys ['x']`](keys.md#e)"
    )
    assert line("tuple index out of range", entry("IndexError: tuple index out of range (lmbda=0)")) == (
        "- [`tuple index out of range`](keys.md#e): (lmbda=0)"
    )
    assert line("Could not override 'x'.", entry("Overrides fail")) == (
        "- [`Could not override 'x'.`](keys.md#e): Overrides fail"
    )


def test_the_index_line_never_says_the_message_twice():
    def entry(symptom):
        return Entry("e", "keys", symptom, RAISES, "Why.", "found by trying", [], "r()\n", "f()\n")

    def adds(message, symptom):
        return render._by_error_line(message, entry(symptom)).partition("](keys.md#e)")[2]

    # A dotted type in front, the message quoted by KeyError, or a list the message holds already.
    call = "Error in call to target 'a.b.Exclude':"
    assert adds(call, "hydra.errors.InstantiationException: Error in call to target 'a.b.Exclude' (bad kwarg)") == (
        ": (bad kwarg)"
    )
    assert adds('"Couldn\'t find the log-prob in the data."', "KeyError: Couldn't find the log-prob in the data") == ""
    choices = "The hook collection x is not recognised. Choose from:(batch_process, pre_optim_steps)"
    assert (
        adds(choices, "RuntimeError: The hook collection x is not recognised. Choose from: (batch_process, ...)") == ""
    )
    # What the first line cut off is kept, once.
    loading = "Error(s) in loading state_dict for ClipPPOLoss:"
    assert adds(loading, 'RuntimeError: Error(s) in loading state_dict: Unexpected key(s) "gamma"') == (
        ': Unexpected key(s) "gamma"'
    )


def _mechanism(kind=RAISES):
    reports = [
        Report("https://github.com/pytorch/rl/issues/7", 'A "quoted" title', "entry", "loud"),
        Report(
            "https://github.com/other/repo/pull/8", "Same again", "duplicate", "https://github.com/pytorch/rl/issues/7"
        ),
        Report("https://github.com/pytorch/rl/issues/9", "Fixed since", "fixed-upstream", "old"),
    ]
    return Mechanism(
        "two-sides",
        "Two sides disagree",
        "Yours writes `x`.",
        "Theirs reads `y`.",
        "They never meet.",
        kind,
        ["loud"],
        reports,
        "a = 1\nb = 2\n",
        "a = 1\nb = 3\n",
    )


def test_a_mechanism_shows_both_sides_its_text_folded_blocks_entries_and_reports():
    mechanism = _mechanism()
    text = render.render_mechanism(
        mechanism, Capture("two-sides", "KeyError", "KeyError: 'y'", "0.14.1"), None, {"loud": _curated().entries[0]}
    )
    assert text.startswith("## Two sides disagree { #two-sides }\n")
    assert "**Your code.** Yours writes `x`." in text and "**torchrl.** Theirs reads `y`." in text
    assert "```text\nKeyError: 'y'\n```" in text
    assert '??? example "Reproduce (runs alone; catches the error and asserts it)"' in text
    assert '    ```python hl_lines="2"\n    a = 1\n    b = 3\n' in text  # the fix, its changed line highlighted
    assert "[KeyError: 'x'](keys.md#loud)" in text
    # Reports grouped by what became of them; a title's double quotes cannot end the link's title.
    assert (
        "**Reports** (3): became entries: [pytorch/rl#7](https://github.com/pytorch/rl/issues/7 \"A 'quoted' title\")"
        in text
    )
    assert "fixed upstream: [pytorch/rl#9]" in text and "duplicates: [other/repo#8]" in text


def test_a_silent_mechanism_says_nothing_is_raised_and_a_changed_text_is_flagged():
    silent = render.render_mechanism(
        _mechanism(SILENT), Capture("two-sides", None, None, "0.14.1"), None, {"loud": _curated().entries[0]}
    )
    assert "Nothing is raised." in silent and "```text" not in silent
    assert "asserts the symptom" in silent
    moved = render.render_mechanism(
        _mechanism(),
        Capture("two-sides", "KeyError", "KeyError: 'z'", "0.14.1"),
        {"error_text": "KeyError: 'y'"},
        {"loud": _curated().entries[0]},
    )
    assert "This text changed since the mechanism was reviewed" in moved


def test_the_mechanisms_page_keeps_the_yaml_order():
    curated = _curated()
    first, second = _mechanism(), dataclasses.replace(_mechanism(), slug="second", title="Second")
    data = dataclasses.replace(curated, mechanisms=[second, first])
    captures = dataclasses.replace(
        _captures(),
        mechanisms=[
            Capture("two-sides", "KeyError", "KeyError: 'y'", "0.14.1"),
            Capture("second", "KeyError", "KeyError: 'y'", "0.14.1"),
        ],
    )
    text = render.render_mechanisms(data, captures, {})
    assert text.index("{ #second }") < text.index("{ #two-sides }")
