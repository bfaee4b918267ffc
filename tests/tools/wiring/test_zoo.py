"""Over the whole loss zoo: ready on each construction's own batch, and every key the loss needs is named when it is deleted.

Each loss is built once per test (one parametrized test per loss, so xdist
spreads them); its batch is then trimmed one key at a time.
"""

from __future__ import annotations

import warnings

import pytest

from tools.torchrl import loss_zoo as zoo
from tools.wiring import check_wiring
from tools.wiring.facts.records import CHANGES, RAISES, as_key, key_text


def _check(case, data):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return check_wiring(case.loss, data)


def _missing(report) -> list[list[str]]:
    return [p.key for p in report.problems if p.kind == "missing"]


@pytest.mark.parametrize("name", zoo.names())
def test_ready_on_its_own_batch_and_each_needed_key_is_named_when_deleted(name):
    case = zoo.build(name)
    full = _check(case, case.batch)
    assert full.ready, f"{name} on its own zoo batch:\n{full}"
    assert full.forward is not None and full.forward.ok
    needed = {tuple(k.key): k.effect for k in full.keys if k.required}
    assert needed, f"{name}: the checker found no key the loss needs"
    for raw in case.batch.keys(include_nested=True, leaves_only=True):
        key = as_key(raw)
        trimmed = case.batch.clone()
        del trimmed[raw]
        report = _check(case, trimmed)
        if tuple(key) in needed:
            assert key in _missing(report), f"{name}: deleting {key_text(key)} is not reported missing:\n{report}"
            if needed[tuple(key)] == RAISES:
                assert not report.forward.ok, f"{name}: the forward pass ran without {key_text(key)}"
            else:
                assert needed[tuple(key)] == CHANGES and report.forward.ok
        if not report.forward.ok:
            # Whatever makes the loss raise, the checker names it (not only the forward pass's error).
            assert key in _missing(report), f"{name}: without {key_text(key)} the loss raises, but:\n{report}"
