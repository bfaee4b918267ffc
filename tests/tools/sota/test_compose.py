"""The *_trainer configs' stored Hydra compositions are fresh (``make sota-compose`` refreshes them)."""

from __future__ import annotations

from tools.sota.facts import compositions as compose


def test_stored_compositions_match_the_map_and_the_pins():
    stored = compose.load()
    assert stored is not None, f"{compose.STORED} is missing: run '{compose.REFRESH_COMMAND}'"
    assert stored.key == compose.current_key(), (
        f"{compose.STORED} was composed for another data/sota.json, compose.py or pinned versions: "
        f"run '{compose.REFRESH_COMMAND}'"
    )
    from tools.sota.facts.data import load_map

    expected = {(d.name, c.file) for d in load_map().directories for c in d.trainer_configs}
    assert {(c.directory, c.file) for c in stored.compositions} == expected
