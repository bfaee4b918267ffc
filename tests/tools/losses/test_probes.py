"""Constructor arguments, nested keys and the other action kind, measured on the zoo."""

from __future__ import annotations

import inspect
import typing

from tools.losses.facts import record_of
from tools.losses.facts.introspect import accepted_key_defaults
from tools.losses.facts.probes.arguments import probe_arguments
from tools.losses.facts.probes.probe_values import NOT_TRIED, probe_value
from tools.torchrl import loss_zoo as zoo


def test_probe_values_differ_from_the_default():
    assert probe_value("flag", False, bool) is True
    assert probe_value("coef", 0.2, float) == 0.1
    assert probe_value("n", 2, int) == 3
    assert probe_value("mode", "a", typing.Literal["a", "b"]) == "b"
    assert probe_value("loss_function", "l2", str) == "l1"
    assert probe_value("bounds", None, "tuple[float] | None") is NOT_TRIED
    assert probe_value("net", inspect.Parameter.empty, object) is NOT_TRIED


def test_gamma_is_refused_by_every_loss_that_does_not_require_it():
    # From the issue: gamma= raises on 0.14.1 for all but one loss.
    for name in ("ClipPPOLoss", "SACLoss", "DQNLoss", "TD3Loss"):
        outcome = record_of(name).measured.probes.argument("gamma")
        assert outcome.outcome == "refused" and outcome.text.startswith("TypeError"), (name, outcome)
    assert record_of("DistributionalDQNLoss").measured.probes.argument("gamma").outcome == "given by the example"


def test_deprecated_key_arguments_map_to_accepted_set_keys_names():
    for name in ("ClipPPOLoss", "SACLoss", "DQNLoss"):
        record = record_of(name)
        accepted = {k.name for k in record.accepted_keys}
        for outcome in record.measured.probes.arguments:
            if outcome.name.endswith("_key"):
                assert outcome.set_keys_name in accepted, (name, outcome)


def test_group_testing_gives_the_outcome_of_each_argument_alone():
    case = zoo.build("ClipPPOLoss")
    grouped = {o.name: o.outcome for o in probe_arguments(case, set(accepted_key_defaults(type(case.loss))))}
    for name, outcome in grouped.items():
        if outcome not in ("accepted", "refused"):
            continue
        value = next(o for o in record_of("ClipPPOLoss").measured.probes.arguments if o.name == name).tried
        try:
            case.construct(**{name: eval(value)})
            alone = "accepted"
        except Exception:
            alone = "refused"
        assert alone == outcome, name


def test_clip_ppo_runs_with_nested_multi_agent_keys_and_both_action_kinds():
    probes = record_of("ClipPPOLoss").measured.probes
    assert probes.nested.ok, probes.nested.error
    assert probes.nested_keys["done"] == ["agents", "done"]
    assert probes.other_action["discrete"].ok, probes.other_action["discrete"].error


def test_every_measured_loss_has_a_nested_verdict():
    for name in zoo.names():
        nested = record_of(name).measured.probes.nested
        assert nested is not None and (nested.ok or nested.error), name


def test_skip_done_states_keeps_the_terminal_observation_from_the_actor_not_from_the_critics():
    """What the SACLoss page's skip_done_states row says, measured (tools/losses/facts/probes/terminal.py)."""
    from tools.losses.views.probes import argument_cell

    terminal = record_of("SACLoss").measured.probes.terminal
    off, on = terminal.runs
    assert (off.skip_done_states, on.skip_done_states) == (False, True)
    assert off.nan_outputs == on.nan_outputs == ["loss_qvalue"]  # it does not fix the NaN critic loss
    assert off.network_read_nan == {"actor_network": True, "qvalue_network": True}
    assert on.network_read_nan == {"actor_network": False, "qvalue_network": True}
    cell = argument_cell(record_of("SACLoss").measured.probes, "skip_done_states")
    assert "`skip_done_states=True`: `loss_qvalue` NaN; the NaN reaches `qvalue_network`, not `actor_network`" in cell
    assert record_of("DQNLoss").measured.probes.terminal is None  # no such argument
