"""The hook-point records equal what torchrl accepts, and the loop diagram shows each point once, in order."""

from __future__ import annotations

import re
import typing

from tools.hook_points import facts as hook_points
from tools.hook_points.facts.measure import nest
from tools.hook_points.facts.records import LEVELS
from tools.hook_points.views import render


def test_points_equal_the_dest_values_register_op_accepts():
    from torchrl.trainers import Trainer

    accepted = set(typing.get_args(typing.get_type_hints(Trainer.register_op)["dest"]))
    survey = hook_points.survey()
    assert {p.name for p in survey.points} == accepted
    assert set(survey.accepted) == accepted


def test_every_hook_list_of_a_trainer_is_filled_by_some_point():
    from tools.torchrl import trainer_zoo

    trainer = trainer_zoo.probe_trainer()
    lists = {name for name, value in vars(trainer).items() if name.endswith("_ops") and isinstance(value, list)}
    assert {p.ops_attribute for p in hook_points.survey().points} == lists


def test_points_are_in_the_order_the_trace_first_calls_them():
    survey = hook_points.survey()
    first = [name for name in dict.fromkeys(survey.trace) if name in survey.accepted]
    assert [p.name for p in survey.points] == first
    assert all(p.level in LEVELS for p in survey.points)


def test_diagram_links_every_point_once_in_order():
    survey = hook_points.survey()
    html = render.render_diagram(survey)
    linked = re.findall(r'href="#point-(\w+)"', html)
    assert linked == [p.name for p in survey.points]
    table = render.render_table(survey)
    assert all(f'id="point-{p.name}"' in table for p in survey.points)


def test_nest_turns_a_trace_into_loops():
    trace = ["setup", "a", "b", "c", "b", "c", "d", "a", "b", "c", "b", "c", "d", "end"]
    levels = {"setup": "run", "end": "run", "a": "batch", "d": "batch", "b": "epoch", "c": "epoch"}
    # With two levels the counts need not be distinct: nest() only reads the levels.
    nodes = nest(trace, levels, points={"a", "b", "c", "d"})
    assert [n.label for n in nodes] == ["setup", "batch", "end"]
    batch = nodes[1]
    assert [n.label for n in batch.children] == ["a", "epoch", "d"]
    assert [n.label for n in batch.children[1].children] == ["b", "c"]


def test_what_a_returned_tensordict_reaches_is_recorded_for_every_tensordict_point():
    survey = hook_points.survey()
    for p in survey.points:
        hands_over = "TensorDict" in p.receives and not p.name.endswith("_log")
        assert bool(p.none_return) == hands_over, p.name
        later = survey.trace[survey.trace.index(p.name) :]
        assert all(name in later for name in p.returned_reaches), p.name
