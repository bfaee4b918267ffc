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
