"""Renderers of the estimator reference, on hand-made records (no torchrl needed)."""

from __future__ import annotations

from tools.core.signatures import Parameter
from tools.estimators.facts.records import (
    EstimatorRecord,
    EstimatorReference,
    ForwardingCase,
    KeyUse,
    Outcome,
    ShapeProbe,
)
from tools.estimators.views import render


def _record(**overrides) -> EstimatorRecord:
    fields = {
        "name": "FakeEstimator",
        "module": "torchrl.objectives.value",
        "member": "Fake",
        "summary": "Adds things up. Then more.",
        "layout": "single-agent",
        "parameters": [
            Parameter("gamma", "positional or keyword", True, "", "float", "FakeEstimator.__init__"),
            Parameter("differentiable", "keyword-only", False, "False", "bool", "FakeEstimator.__init__"),
            Parameter("value_key", "keyword-only", False, "None", "NestedKey", "FakeEstimator.__init__"),
            Parameter("time_dim", "keyword-only", False, "None", "int | None", "FakeBase.__init__"),
        ],
        "registry_defaults": {"differentiable": True},
        "forward_keywords": ["params"],
        "keys": [
            KeyUse("advantage", "advantage", [], "out_keys", True, None, None, ""),
            KeyUse(
                "reward",
                "reward",
                ["next"],
                "in_keys",
                False,
                Outcome(False, "KeyError: `r` gone"),
                Outcome(True, "", True),
                "added 1",
            ),
            KeyUse(
                "done",
                "done",
                ["next"],
                "in_keys",
                False,
                Outcome(True, "", False),
                Outcome(True, "", False),
                "truncated",
            ),
        ],
        "probe_batch": [2, 5],
        "output_shapes": {'"advantage"': [2, 5, 1]},
        "value_precomputed": Outcome(True, "", False),
        "action_changed": None,
        "shapes": [
            ShapeProbe("time_first", "time first", "the reference run", Outcome(True, "", True)),
            ShapeProbe("time_first_call", "call with time_dim", "", None, "forward() takes no time_dim"),
        ],
        "deprecated_key_arguments": {"value_key": Outcome(False, "RuntimeError: deprecated")},
    }
    fields.update(overrides)
    return EstimatorRecord(**fields)


def test_parameters_show_required_inherited_deprecated_and_loss_defaults():
    table = render.render_parameters(_record())
    assert "| `gamma` | *required* |" in table
    assert "declared by `FakeBase`" in table
    assert "passing it raises `RuntimeError: deprecated`" in table
    assert "passes `differentiable=True`" in table


def test_keys_say_required_no_effect_and_written():
    table = render.render_keys(_record())
    assert "**required**: without it the call raises `` KeyError: `r` gone ``" in table
    assert "truncated: **no effect**" in table
    assert "written, shape `[2, 5, 1]`" in table
    assert '`("next", "reward")`' in table


def test_layout_table_flags_different_numbers_and_skipped_probes():
    table = render.render_shapes(_record())
    assert "**different numbers** from the reference run" in table
    assert "not tried: forward() takes no time_dim" in table


def test_overview_links_each_class_to_its_section():
    reference = EstimatorReference([_record()], [], "ClipPPOLoss", [], ["Fake"])
    table = render.render_overview(reference, "value-estimators/index.md")
    assert "[`FakeEstimator`](FakeEstimator.md)" in table
    assert "| Adds things up. |" in table


def test_forwarding_marks_each_case():
    reference = EstimatorReference(
        [], [], "ClipPPOLoss", [ForwardingCase("a then b", "r2", True), ForwardingCase("b then a", "reward", False)], []
    )
    table = render.render_forwarding(reference)
    assert '| `a then b` | `("next", "r2")` | ✅ yes |' in table
    assert '| `b then a` | `("next", "reward")` | ❌ no |' in table


def test_section_heading_has_a_stable_anchor():
    assert render.render_estimator(_record()).startswith("# `FakeEstimator` { #fakeestimator }")
