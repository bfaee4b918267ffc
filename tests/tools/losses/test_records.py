"""The loss records round-trip through the disk cache's JSON unchanged."""

from __future__ import annotations

import json

from tools.losses.facts.build import all_records, decode, encode


def test_records_survive_the_disk_cache():
    records = all_records()
    assert decode(json.loads(json.dumps(encode(records)))) == records


def test_parameters_documented_but_not_named_are_reported():
    from tools.api.facts import load, objects
    from tools.losses.facts import record_of

    # TD3Loss's docstring describes `spec`; its constructor names `action_spec`.
    record = record_of("TD3Loss")
    docs = load.parameter_docs(objects.documented()["TD3Loss"].identifier)
    assert "spec" in record.documented_only(docs) and "action_spec" not in record.documented_only(docs)
    assert docs["num_qvalue_nets"]
