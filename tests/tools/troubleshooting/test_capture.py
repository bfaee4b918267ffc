"""capture.py: the error a block catches is read from the block's own run, exactly as shown."""

from __future__ import annotations

import sys

import pytest

from tests.support.pasted_errors import READER_SITE_PACKAGES
from tools.troubleshooting.facts.capture import (
    FRESH_SCRIPT_RECURSION_LIMIT,
    CaptureError,
    capture_entry,
    caught_exceptions,
    redact,
)
from tools.troubleshooting.facts.records import RAISES, Entry


def _entry(code: str) -> Entry:
    return Entry("demo", "keys", "KeyError: demo", RAISES, "Why.", "found by trying", [], code, "pass\n")


def test_the_exception_the_block_catches_is_recorded():
    code = "def f():\n    raise KeyError('deep')\ntry:\n    f()\nexcept KeyError as error:\n    assert 'deep' in str(error)\n"
    (caught,) = caught_exceptions(code, "<demo>")
    assert isinstance(caught, KeyError) and caught.args == ("deep",)


def test_exceptions_caught_inside_called_functions_are_not_recorded():
    code = "def f():\n    try:\n        {}['x']\n    except KeyError:\n        return 1\nassert f() == 1\n"
    assert caught_exceptions(code, "<demo>") == []


def test_an_error_the_block_catches_is_recorded_even_when_tracing_is_switched_off():
    # The interpreter switches tracing off when the trace function fails (a RecursionError
    # can strike inside it); the block's except clause still hands over what it caught.
    code = (
        "import sys\n"
        "def deep(n):\n    return deep(n + 1)\n"
        "try:\n    sys.settrace(None)\n    deep(0)\nexcept RecursionError as error:\n"
        "    assert 'recursion' in str(error)\n"
    )
    (caught,) = caught_exceptions(code, "<demo>")
    assert isinstance(caught, RecursionError)


def test_a_function_s_own_handlers_are_not_recorded_through_the_except_clause():
    code = "def f():\n    try:\n        {}['x']\n    except KeyError as e:\n        return e\nassert f()\n"
    assert caught_exceptions(code, "<demo>") == []


def test_capture_returns_the_last_line_of_a_traceback():
    capture = capture_entry(_entry("try:\n    {}['state_value']\nexcept KeyError:\n    pass\n"), "0.0")
    assert capture.error_type == "KeyError" and capture.error_text == "KeyError: 'state_value'"


def test_qualified_names_for_exceptions_outside_builtins():
    code = "import json\ntry:\n    json.loads('{')\nexcept json.JSONDecodeError:\n    pass\n"
    assert capture_entry(_entry(code), "0.0").error_type == "json.decoder.JSONDecodeError"


@pytest.mark.parametrize(
    "code, says",
    [
        ("x = 1\n", "raised nothing"),
        ("raise ValueError('escaped')\n", "did not end as it asserts"),
        ("try:\n    {}['a']\nexcept KeyError:\n    pass\ntry:\n    [][1]\nexcept IndexError:\n    pass\n", "caught 2"),
    ],
)
def test_a_block_that_does_not_behave_names_the_entry(code, says):
    with pytest.raises(CaptureError, match=says) as failure:
        capture_entry(_entry(code), "0.0")
    assert "'demo'" in str(failure.value)


def test_machine_specific_parts_are_shortened():
    text = f"ImportError: cannot import name 'X' from 'torchrl' ({READER_SITE_PACKAGES}/torchrl/x.py) at 0x7fc1f79385d0"
    assert redact(text) == "ImportError: cannot import name 'X' from 'torchrl' (.../site-packages/torchrl/x.py) at 0x…"


def test_a_block_cannot_leave_the_environment_or_cwd_changed(tmp_path):
    import os

    before_cwd, before_env = os.getcwd(), os.environ.get("CKPT_BACKEND")
    capture_entry(
        _entry("import os\nos.environ['CKPT_BACKEND'] = 'memmap'\ntry:\n    {}['a']\nexcept KeyError:\n    pass\n"),
        "0.0",
    )
    assert os.getcwd() == before_cwd and os.environ.get("CKPT_BACKEND") == before_env


def test_a_block_runs_as_a_fresh_script_whatever_the_caller_s_stack_and_recursion_limit():
    # Where a RecursionError strikes, and so its text, depends on both (old-estimator-class-names).
    code = (
        "import sys\n"
        "frame, depth = sys._getframe(), 0\n"
        "while frame is not None:\n    frame, depth = frame.f_back, depth + 1\n"
        "try:\n    raise KeyError(f'limit {sys.getrecursionlimit()}, depth {depth}')\nexcept KeyError:\n    pass\n"
    )

    def from_depth(n: int) -> str:
        return capture_entry(_entry(code), "0.0").error_text if n == 0 else from_depth(n - 1)

    limit = sys.getrecursionlimit()
    texts = set()
    try:
        for caller_limit in (1000, 2000):  # 2000: what mkdocstrings sets in the build's process
            sys.setrecursionlimit(caller_limit)
            texts |= {from_depth(0), from_depth(40)}
            assert sys.getrecursionlimit() == caller_limit  # given back
    finally:
        sys.setrecursionlimit(limit)
    (text,) = texts
    assert text.startswith(f"KeyError: 'limit {FRESH_SCRIPT_RECURSION_LIMIT}, depth ")
