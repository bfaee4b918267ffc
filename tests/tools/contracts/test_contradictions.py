"""Docstring claims vs records: the pure checks, then what they find on the installed torchrl."""

from __future__ import annotations

from types import SimpleNamespace

from tools.contracts.facts.contradictions import (
    DEFAULT,
    REFUSED,
    SET_KEYS,
    default_contradictions,
    loss_contradictions,
    refused_contradictions,
    set_keys_contradictions,
    stated_default,
)
from tools.losses.facts import record_of


def test_stated_defaults_are_parsed_as_python_values():
    assert stated_default("the weight. Defaults to ``0.01``.")[0] == 0.01
    assert stated_default('which loss. Default: "smooth_l1"')[0] == "smooth_l1"
    assert stated_default("whether to. Default is False.")[0] is False
    _value, quote = stated_default("Defaults to the value of the spec.")
    assert quote == ""  # not a value: nothing to check


def test_a_stated_default_differing_from_the_signature_is_flagged_and_an_equal_one_is_not():
    docs = {"a": "Defaults to ``True``.", "b": "Default: 2.", "c": "Defaults to 0.5"}
    found = default_contradictions("X", "p.md", docs, {"a": "False", "b": "2", "c": "None"}, {"c": "0.5"})
    assert [(c.subject, c.kind) for c in found] == [("a", DEFAULT)]


def test_a_none_default_is_judged_by_what_the_built_object_holds():
    docs = {"c": "Defaults to 0.5"}
    assert default_contradictions("X", "p.md", docs, {"c": "None"}, {"c": "0.25"})[0].how == "measured"
    assert default_contradictions("X", "p.md", docs, {"c": "None"}, None)[0].how == "introspected"


def test_set_keys_names_are_checked_against_accepted_keys():
    found = set_keys_contradictions(
        "X", "p.md", "use .set_keys(priority_key=k) or set_keys(action=a)", {"priority", "action"}
    )
    assert [(c.subject, c.kind) for c in found] == [("priority_key", SET_KEYS)]
    assert "`priority`" in found[0].fact


def test_refused_documented_arguments_are_flagged():
    outcome = SimpleNamespace(name="gamma", outcome="refused", tried="0.5", text="TypeError: no", set_keys_name="")
    found = refused_contradictions("X", "p.md", {"gamma": "discount"}, [outcome])
    assert found[0].kind == REFUSED and "TypeError: no" in found[0].fact


def test_sac_docstring_recommends_a_set_keys_name_that_raises():
    # From the issue: upstream notes recommend set_keys(priority_key=...), which 0.14.1 does not accept.
    found = loss_contradictions(record_of("SACLoss"))
    assert any(c.kind == SET_KEYS and c.subject == "priority_key" for c in found)
    assert any(c.kind == REFUSED and c.subject == "priority_key" for c in found)


def test_the_loss_page_flags_each_contradiction_in_place():
    from tools.losses.views.concern import _pages
    from tools.site.markers import expand

    page = expand(_pages()["losses/SACLoss.md"], "losses/SACLoss.md", generated_page=True).markdown
    assert "Upstream text that the installed torchrl contradicts" in page
    assert page.count("⚠ Upstream says") >= len(loss_contradictions(record_of("SACLoss")))
    assert "(contract.md)" in page


def test_the_estimators_advice_to_call_set_keys_with_an_argument_name_is_flagged_with_what_it_raised():
    """torchrl's refusal of `advantage_key=` (shown in the estimator reference) advises
    `.set_keys(advantage_key=...)`, a name set_keys refuses: measured on each estimator."""
    from tools.contracts.facts.contradictions import estimator_contradictions

    found = {(c.owner, c.kind, c.subject): c for c in estimator_contradictions()}
    advice = found[("GAE", SET_KEYS, "advantage_key")]
    assert advice.how == "measured" and "KeyError" in advice.fact and "`advantage`" in advice.fact
    assert advice.family == "estimator" and advice.anchor == "gae"
    assert found[("GAE", REFUSED, "advantage_key")].how == "measured"


def test_batch_subsampler_default_is_minus_one_is_flagged_on_the_hooks_page():
    from tools.contracts.facts.contradictions import hook_contradictions
    from tools.contracts.views.concern import CONCERN

    found = [c for c in hook_contradictions() if c.owner == "BatchSubSampler"]
    assert {c.subject for c in found} == {"sub_traj_len", "min_sub_traj_len"}
    assert all("`0`" in c.fact and "-1" in c.upstream for c in found)
    flags = CONCERN.sections["flags"]("hooks")
    assert "`BatchSubSampler`: ⚠ Upstream says" in flags and "(../losses/upstream-text.md)" in flags


def test_a_none_default_a_built_hook_resolves_is_not_flagged():
    """LogValidationReward documents log_keys' default; the signature says None, and the built hook holds the
    documented value (measured), so no flag."""
    from tools.contracts.facts.contradictions import hook_contradictions
    from tools.hooks.facts import hook_records

    record = next(h for h in hook_records() if h.name == "LogValidationReward")
    assert {"log_keys", "out_keys"} <= set(record.effective_defaults)
    found = [c for c in hook_contradictions() if c.owner == "LogValidationReward"]
    assert not [c for c in found if c.subject in {"log_keys", "out_keys"}], found


def test_config_docstrings_are_read_and_compared_with_their_fields():
    import dataclasses

    from tools.contracts.facts.contradictions import _config_docs

    @dataclasses.dataclass
    class ProbeConfig:
        """A config.

        Args:
            width (int): how wide. Defaults to ``4``.
            depth (int): how deep. Defaults to ``2``.
        """

        width: int = 8
        depth: int = 2

    docs = _config_docs(ProbeConfig)
    assert set(docs) == {"width", "depth"}
    found = default_contradictions("ProbeConfig", "configs/index.md", docs, {"width": "8", "depth": "2"}, None)
    assert [(c.subject, c.kind) for c in found] == [("width", DEFAULT)]


def test_every_family_reaches_the_upstream_text_page():
    from tools.contracts.facts import all_contradictions
    from tools.contracts.views.render import render_contradictions

    found = all_contradictions()
    families = {c.family for c in found}
    # No trainer docstring contradicts torchrl 0.14.1 (checked below on a made-up record), so no trainer row.
    assert {"loss", "estimator", "hook"} <= families
    page = render_contradictions(found)
    assert "| [BatchSubSampler](../trainers/hooks.md#hook-BatchSubSampler) | hook |" in page
    assert "| [GAE](../value-estimators/reference.md#gae) | estimator |" in page


def test_the_estimator_reference_flags_above_each_api_section():
    from tools.estimators.views.concern import CONCERN

    section = CONCERN.sections["reference"]("GAE")
    assert section.index("<!-- gen:contracts.flags estimator GAE -->") < section.index("<!-- gen:api.object GAE 3 -->")


def test_a_trainer_parameter_description_is_checked_against_its_default_and_what_the_trainer_holds():
    from types import SimpleNamespace

    from tools.contracts.facts.contradictions import trainer_record_contradictions
    from tools.trainers.facts.descriptions import UPSTREAM

    record = SimpleNamespace(
        name="ProbeTrainer",
        descriptions={
            "clip_norm": ("Maximum gradient norm. Defaults to ``1.0``.", UPSTREAM),
            "frame_skip": ("Frames per step. Defaults to 1.", UPSTREAM),
            "interval": ("How often. Defaults to 10.", UPSTREAM),
        },
        parameters=[
            SimpleNamespace(name="clip_norm", default="None", required=False),
            SimpleNamespace(name="frame_skip", default="1", required=False),
            SimpleNamespace(name="interval", default="100", required=False),
        ],
        effective_defaults=[SimpleNamespace(name="clip_norm", effective="100.0")],
    )
    found = {c.subject: c for c in trainer_record_contradictions(record)}
    assert set(found) == {"clip_norm", "interval"}
    assert found["clip_norm"].how == "measured" and "`100.0`" in found["clip_norm"].fact
    assert found["interval"].fact == "the signature default is `100`" and found["interval"].family == "trainer"
