"""A process that may only reuse records (the pages' renderer forked from the build) never computes one."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from tools.core.paths import ROOT

SCRIPT = textwrap.dedent(
    """
    from tools.core import cache

    calls = []

    def kept():
        return cache.cached("forbidden-test.kept", lambda: calls.append("kept") or 1)


    def later():
        return cache.cached("forbidden-test.later", lambda: calls.append("later") or 2)

    assert kept() == 1
    cache.forbid_computing()
    assert kept() == 1  # in memory: reused
    try:
        later()
    except cache.NotInMemory as exc:
        print("refused:", exc)
    print("computed:", calls)
    """
)


def test_a_record_set_not_in_memory_is_refused_and_one_in_memory_is_reused():
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, env={"DOCS_CACHE": "off", "PATH": ""}
    )
    assert result.returncode == 0, result.stderr
    assert "refused: forbidden-test.later: not computed yet" in result.stdout
    assert "computed: ['kept']" in result.stdout
