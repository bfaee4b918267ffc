"""Two builds of one commit write the same site: nothing the pages show depends on the hash seed.

Python sets iterate in an order that changes with the interpreter's hash seed, so a
set that reaches a page (a captured error message that prints one, a list built from
one) makes two builds of the same commit differ.  Here every page's expanded
Markdown and the inventory are rendered by two fresh processes with different
hash seeds, every record measured afresh in each (no disk cache), and compared.
"""

from __future__ import annotations

import difflib
import json
import subprocess
import sys

from tests.conftest import build_env
from tools.core.paths import ROOT

SEEDS = ("0", "1")


def _render(seed: str, out) -> dict[str, str]:
    env = {**build_env(), "PYTHONHASHSEED": seed, "DOCS_CACHE": "off"}
    result = subprocess.run(
        [sys.executable, "-m", "tests.support.render_site", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, f"rendering under PYTHONHASHSEED={seed} failed:\n{result.stderr[-4000:]}"
    return json.loads(out.read_text())


def test_pages_and_inventory_do_not_depend_on_the_hash_seed(tmp_path):
    first, second = (_render(seed, tmp_path / f"seed-{seed}.json") for seed in SEEDS)
    assert sorted(first) == sorted(second)
    differ = [name for name in first if first[name] != second[name]]
    shown = [
        line
        for name in differ[:3]
        for line in list(
            difflib.unified_diff(first[name].splitlines(), second[name].splitlines(), name, name, lineterm="", n=0)
        )[:8]
    ]
    assert not differ, (
        f"{len(differ)} page(s) differ between PYTHONHASHSEED={SEEDS[0]} and {SEEDS[1]}: {', '.join(differ)}; "
        "sort the set that reaches the text (tools.core.errors.error_text does it for error messages)\n"
        + "\n".join(shown)
    )
