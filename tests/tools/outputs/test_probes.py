"""The recipes' reports under the probe are kept keyed on what produced them: a change makes one stale."""

from __future__ import annotations

import json
from dataclasses import asdict

from tools.core.distributions import pinned
from tools.outputs.facts import probes
from tools.recipes.facts.read import recipe_files


def _store(recipe, key: str) -> None:
    stored = probes.ProbeReport(recipe.name, key, pinned(), "2026-01-01", 1.0, {"rows": []})
    probes.stored_path(recipe).write_text(json.dumps(asdict(stored)))


def test_a_recipe_without_a_report_names_the_command_that_makes_it(tmp_path, monkeypatch):
    monkeypatch.setattr(probes, "PROBES", tmp_path)
    recipe = recipe_files()[0]
    assert "no stored probe report" in probes.staleness(recipe)
    assert "run `make outputs`" in probes.staleness(recipe)


def test_a_report_is_fresh_until_the_probe_or_the_recipe_changes(tmp_path, monkeypatch):
    monkeypatch.setattr(probes, "PROBES", tmp_path)
    recipe = recipe_files()[0]
    _store(recipe, probes.key_for(recipe))
    assert probes.staleness(recipe) is None

    changed_probe = tmp_path / "recipe_probe.py"
    changed_probe.write_bytes(probes.PROBE.read_bytes() + b"\n# changed\n")
    monkeypatch.setattr(probes, "PROBE", changed_probe)
    assert "is stale" in probes.staleness(recipe) and "make outputs" in probes.staleness(recipe)

    monkeypatch.undo()
    monkeypatch.setattr(probes, "PROBES", tmp_path)
    changed_recipe = tmp_path / recipe.name
    changed_recipe.write_bytes(recipe.read_bytes() + b"\n# changed\n")
    assert probes.key_for(changed_recipe) != probes.key_for(recipe)


def test_the_reports_are_not_taken_for_printed_output():
    from tools.outputs.facts.store import stored_sources

    assert not [source for source in stored_sources() if source.startswith("recipe-probes/")]
