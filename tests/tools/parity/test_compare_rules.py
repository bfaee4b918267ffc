"""The classification rules on a config and a class written for the test."""

from __future__ import annotations

from dataclasses import dataclass

from tools.config_groups.facts.curated import CuratedConfigs
from tools.config_groups.facts.introspect import fields_of
from tools.config_groups.facts.records import ConfigClass
from tools.parity.facts.compare import compare
from tools.parity.facts.records import BY_DESIGN, SUSPICIOUS


class Widget:
    def __init__(self, size: int, *, rate: float = 0.5, mode: str = "fast", params=None, verbose: bool = False):
        pass


@dataclass
class WidgetConfig:
    size: int = 3  # the class requires it: a config default is fine
    rate: float = 0.1  # a different default: suspicious
    mode: str | None = "fast"  # accepts None where the class does not
    colour: str = "red"  # the class has no such parameter
    _target_: str = "tests.tools.parity.test_compare_rules.Widget"


def _differences(curated=None, effective=None):
    record = ConfigClass(
        "WidgetConfig", __name__, WidgetConfig._target_, "class", f"{__name__}.Widget", "", "", fields_of(WidgetConfig)
    )
    curated = curated or CuratedConfigs(factory_targets={}, call_time_parameters={"params": "given at call time"})
    return {(d.kind, d.field): d for d in compare(record, WidgetConfig, Widget, curated, effective or {})}


def test_each_rule():
    diffs = _differences()
    assert diffs[("default", "size")].classification == BY_DESIGN
    assert diffs[("default", "rate")].classification == SUSPICIOUS
    assert diffs[("type", "mode")].classification == SUSPICIOUS
    assert "accepts None" in diffs[("type", "mode")].reason
    assert diffs[("only in config", "colour")].classification == SUSPICIOUS
    assert diffs[("only in class", "params")].classification == BY_DESIGN
    assert diffs[("only in class", "verbose")].classification == SUSPICIOUS
    assert ("default", "mode") not in diffs


def test_a_measured_effective_default_makes_a_difference_by_design():
    diffs = _differences(effective={"Widget": {"rate": "0.1"}})
    assert diffs[("default", "rate")].classification == BY_DESIGN
