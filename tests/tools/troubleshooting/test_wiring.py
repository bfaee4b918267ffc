"""The entries about keys and shapes show what check_wiring says about their case."""

from __future__ import annotations

import pytest

from tools.troubleshooting.facts.capture import CaptureError
from tools.troubleshooting.facts.records import RAISES, SILENT, Capture, Entry, WiringCase
from tools.troubleshooting.facts.wiring import setup_code, wiring_case
from tools.troubleshooting.views import render


@pytest.fixture(scope="module")
def troubleshooting_wiring():
    from tools.troubleshooting.facts import wiring_cases

    return wiring_cases()


def _entry(code: str, kind: str = RAISES, wiring=("loss", "batch")) -> Entry:
    return Entry(
        "demo", "keys", "KeyError: demo", kind, "Why.", "found by trying", [], code, "pass\n", wiring=list(wiring)
    )


def test_every_entry_naming_its_wiring_has_a_report(troubleshooting_entries, troubleshooting_wiring):
    named = {e.slug for e in troubleshooting_entries.entries if e.wiring}
    assert len(named) >= 6, "the entries about keys and shapes name their loss and data (wiring: in the YAML)"
    assert {case.slug for case in troubleshooting_wiring.cases} == named


def test_the_checker_never_calls_a_failing_reproduction_ready(troubleshooting_entries, troubleshooting_wiring):
    # A report saying "ready" above a block that raises would contradict the entry it sits in.
    for case in troubleshooting_wiring.cases:
        if troubleshooting_entries.entry(case.slug).kind == RAISES:
            assert not case.ready and "Verdict: not ready" in case.report, case.slug


def test_suggested_renames_are_applied_together(troubleshooting_wiring):
    # Applied one at a time, the first rename (reward) failed on the value key the next one fixes.
    report = troubleshooting_wiring.get("nested-agent-keys-left-at-defaults").report
    assert "Forward pass with the set_keys fixes above applied: runs" in report


def test_setup_code_stops_before_the_first_top_level_try():
    code = "x = 1\nif x:\n    try:\n        pass\n    except Exception:\n        pass\ntry:\n    y = 2\nexcept Exception:\n    pass\n"
    assert setup_code(_entry(code)) == "x = 1\nif x:\n    try:\n        pass\n    except Exception:\n        pass\n"
    assert setup_code(_entry(code, kind=SILENT)) == code  # nothing fails: the whole block


@pytest.mark.parametrize(
    "code, says",
    [
        ("loss = 1\nbatch = 2\n", "no top-level try"),
        ("loss = 1\nbatch = 2\ntry:\n    pass\nexcept Exception:\n    pass\n", "as a loss module"),
        (
            "raise ValueError('boom')\ntry:\n    pass\nexcept Exception:\n    pass\n",
            "failed before the call it catches",
        ),
    ],
)
def test_a_case_the_checker_cannot_run_names_the_entry(code, says):
    with pytest.raises(CaptureError, match=says) as failure:
        wiring_case(_entry(code))
    assert "'demo'" in str(failure.value)


def test_the_report_is_folded_under_the_reproduction_with_a_link_to_the_checker():
    entry = _entry("repro()\n")
    out = render.render_entry(
        entry,
        Capture("demo", "KeyError", "KeyError: demo", "0.14.1"),
        None,
        WiringCase(
            "demo", "loss", "batch", 'Keys it reads:\n  "action"  MISSING\nVerdict: not ready (1 problem)', False
        ),
    )
    block = out.split("    ```python\n    repro()\n    ```\n", 1)[1]
    assert block.lstrip("\n").startswith('??? info "What check_wiring says about this case"\n')
    assert "[`check_wiring`](../tools/check-wiring.md)" in block and "`loss` and `batch`" in block
    assert (
        '    ```text\n    Keys it reads:\n      "action"  MISSING\n    Verdict: not ready (1 problem)\n    ```' in block
    )
    # The fix comes first, the folded reproduction and the checker's report on it after.
    assert out.index("**Fix**") < out.index("??? example") < out.index("Verdict")


def test_the_forward_pass_it_reports_raises_what_the_reader_sees(
    troubleshooting_entries, troubleshooting_captures, troubleshooting_wiring
):
    # The checker's own introspection must not change the failure: its forward pass, on the loss as the
    # reproduction built it, raises the error the entry shows.
    for case in troubleshooting_wiring.cases:
        if troubleshooting_entries.entry(case.slug).kind == RAISES:
            expected = troubleshooting_captures.get(case.slug).first_line
            assert f"Forward pass on a copy of the data: raised {expected}" in case.report, case.slug
