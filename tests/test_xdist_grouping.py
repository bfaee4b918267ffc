"""`make test`'s `--dist loadgroup` keeps each `xdist_group` on one worker.

The reader sweeps (tests/site/test_reader_*.py) load every page of the site in a
browser, once per worker that runs one of their tests; their group sends them all
to one worker.  pytest 9.2 broke this without an error (pytest-xdist#1386:
the group travels in the node id, which 9.2 no longer lets a plugin rewrite), and
a CI run paid for two extra sweeps.  This runs a tiny suite the way `make test`
runs ours and reads which worker ran each test.
"""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from collections import defaultdict

GROUPED_MODULE = textwrap.dedent(
    """
    import pytest

    pytestmark = pytest.mark.xdist_group({group!r})


    @pytest.mark.parametrize("n", range(4))
    def test_member(n):
        pass
    """
)
RESULT = re.compile(r"^\[(gw\d+)\].*PASSED (\S+?)::test_member\[\d\](@\S+)?", re.MULTILINE)


def test_each_group_runs_on_one_worker(tmp_path):
    for group in ("first", "second"):
        (tmp_path / f"test_{group}.py").write_text(GROUPED_MODULE.format(group=group))
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-n",
            "2",
            "--dist",
            "loadgroup",
            "-v",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:randomly",
            str(tmp_path),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    workers = defaultdict(set)
    for worker, module, _suffix in RESULT.findall(result.stdout):
        workers[module.rsplit("/", 1)[-1]].add(worker)
    assert set(workers) == {"test_first.py", "test_second.py"}, result.stdout
    split = {module: sorted(found) for module, found in workers.items() if len(found) > 1}
    assert not split, (
        f"--dist loadgroup spread a group over workers: {split}. pytest 9.2 does this (pytest-xdist "
        "#1386); keep the pytest pin in pyproject.toml below 9.2 until pytest-xdist handles it."
    )
