"""The loss records round-trip through the disk cache's JSON unchanged."""

from __future__ import annotations

import json

from tools.losses.build import all_records, decode, encode


def test_records_survive_the_disk_cache():
    records = all_records()
    assert decode(json.loads(json.dumps(encode(records)))) == records
