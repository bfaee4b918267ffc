"""The record sets kept in outputs/records/: each current, and each what measuring it afresh gives."""

from __future__ import annotations

import json

import pytest

from tools.cli.records import kept_sets, measure_fresh
from tools.core.cache import committed_key, committed_path

REFRESH = "make records"

KEPT = kept_sets()


def test_the_measuring_concerns_keep_their_records():
    assert {"losses", "estimators.matrix", "troubleshooting.captures"} <= {rs.name for rs in KEPT}


@pytest.mark.parametrize("kept", KEPT, ids=lambda rs: rs.name)
def test_each_kept_set_is_current(kept):
    assert committed_key(kept.name) == kept.key(), (
        f"outputs/records/{kept.name}.json is missing or was measured under other code, data or versions; "
        f"run `{REFRESH}`"
    )


@pytest.mark.parametrize("kept", KEPT, ids=lambda rs: rs.name)
def test_each_kept_set_is_what_measuring_it_now_gives(kept):
    # Nothing pasted: the file holds exactly what this torchrl and this code measure, in a fresh
    # interpreter as `make records` measures it.
    stored = json.loads(committed_path(kept.name).read_text())["records"]
    assert measure_fresh(kept.name) == stored, f"{kept.name}: measured now differs from the kept file; run `{REFRESH}`"
