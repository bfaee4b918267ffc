"""The reports the page shows are what the checker prints today.

``make outputs`` keys a stored output on the example file and the pinned
versions only; these examples' output also depends on ``tools/wiring/``.  So
each example runs here, in-process, and its output must equal the stored one.
"""

from __future__ import annotations

import contextlib
import io
import runpy
import warnings

import pytest

from tools.core.paths import ROOT, SNIPPETS
from tools.outputs.facts.store import REFRESH_COMMAND, load

EXAMPLES = sorted(p.relative_to(ROOT).as_posix() for p in (SNIPPETS / "tools").glob("check_wiring_*.py"))


@pytest.mark.parametrize("source", EXAMPLES)
def test_stored_report_equals_what_the_example_prints_now(source):
    stored = load(source)
    assert stored is not None, f"no stored output for {source}; run `{REFRESH_COMMAND}`"
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        runpy.run_path(str(ROOT / source), run_name="__main__")
    assert printed.getvalue() == stored.stdout, (
        f"{source} prints another report than the page shows (tools/wiring/ changed); "
        f"run `{REFRESH_COMMAND} PATHS={source}`"
    )
