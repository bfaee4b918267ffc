"""Outputs shown on pages exist, are fresh, and render as the reader sees them."""

from __future__ import annotations

import json

import pytest

from tools.outputs.facts import store
from tools.outputs.facts.shown import generated_examples, shown_sources
from tools.outputs.views.render import render_output
from tools.site.markers import expand

SHOWN = shown_sources()
GENERATED = generated_examples()


def test_some_page_shows_an_output():
    assert "snippets/index.py" in SHOWN


@pytest.mark.parametrize("source", SHOWN)
def test_shown_output_is_fresh(source):
    # Fails when the example or a pin changed after its output was captured.
    problem = store.staleness(source)
    assert problem is None, problem


@pytest.mark.parametrize("name", sorted(GENERATED))
def test_generated_example_output_is_fresh(name):
    # Fails when a loss page's generated example changed after its output was captured.
    problem = store.staleness(name, GENERATED[name])
    assert problem is None, problem


def test_every_loss_page_example_has_its_output():
    from tools.losses.facts.build import all_records

    assert {f"generated/losses/{r.name}.py" for r in all_records()} <= set(GENERATED)


def test_every_stored_output_is_shown_somewhere():
    orphans = sorted(set(store.stored_sources()) - set(SHOWN) - set(GENERATED))
    assert not orphans, f"outputs/ holds captures no page shows (delete them): {orphans}"


def test_key_changes_with_the_file_and_the_pins(tmp_path, monkeypatch):
    monkeypatch.setattr(store, "ROOT", tmp_path)
    (tmp_path / "a.py").write_text("print(1)\n")
    first = store.key_for("a.py")
    (tmp_path / "a.py").write_text("print(2)\n")
    assert store.key_for("a.py") != first
    second = store.key_for("a.py")
    monkeypatch.setattr(store, "pinned", lambda: {"torchrl": "9.9.9"})
    assert store.key_for("a.py") != second


def test_capture_stores_stdout_and_a_stale_one_is_flagged(tmp_path, monkeypatch):
    monkeypatch.setattr(store, "ROOT", tmp_path)
    monkeypatch.setattr(store, "OUTPUTS", tmp_path / "outputs")
    (tmp_path / "ex.py").write_text("print('hello | <b>')\nprint('\\x1b[92mgreen\\x1b[0m')\n")
    captured = store.capture("ex.py")
    assert captured.stdout == "hello | <b>\ngreen\n"  # colour codes dropped, as a terminal shows it
    assert json.loads((tmp_path / "outputs" / "ex.py.json").read_text())["key"] == captured.key
    assert store.staleness("ex.py") is None
    shown = render_output("ex.py", store.load("ex.py"))
    assert "```text\nhello | <b>\ngreen\n```" in shown and "Stale" not in shown
    (tmp_path / "ex.py").write_text("print('changed')\n")
    assert "make outputs" in store.staleness("ex.py")
    assert "Stale output" in render_output("ex.py", store.load("ex.py"))


def test_a_failing_example_stores_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(store, "ROOT", tmp_path)
    monkeypatch.setattr(store, "OUTPUTS", tmp_path / "outputs")
    (tmp_path / "bad.py").write_text("raise SystemExit('boom')\n")
    with pytest.raises(RuntimeError, match="boom"):
        store.capture("bad.py")
    assert store.load("bad.py") is None


def test_missing_output_fails_the_render_naming_the_command():
    with pytest.raises(FileNotFoundError, match="make outputs"):
        render_output("snippets/nothing-here.py", None)


def test_tabs_hold_the_whole_file_and_its_output_indented():
    page = expand('# T\n\n<!-- gen:outputs.tabs snippets/index.py hl_lines="3" -->\n', "x.md").markdown
    assert '=== "Code"' in page and '=== "Output"' in page
    assert '    ```python hl_lines="3"\n    --8<-- "snippets/index.py"\n    ```' in page
    assert "    ```text\n" in page


def test_indented_marker_output_keeps_the_indentation():
    page = expand("!!! note\n\n    <!-- gen:outputs.show snippets/index.py -->\n", "x.md").markdown
    assert "\n    ```text\n" in page


def test_generated_code_is_keyed_on_its_text_and_run_alone(tmp_path, monkeypatch):
    monkeypatch.setattr(store, "OUTPUTS", tmp_path / "outputs")
    name = "generated/demo/x.py"
    captured = store.capture(name, "print('from generated code')\n")
    assert captured.stdout == "from generated code\n"
    assert store.staleness(name, "print('from generated code')\n") is None
    assert "make outputs" in store.staleness(name, "print('changed')\n")
    shown = render_output(name, store.load(name), "print('from generated code')\n")
    assert "Printed by the example above" in shown
