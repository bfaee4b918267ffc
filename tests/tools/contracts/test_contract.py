"""The loss contract: every rule measured, and the page built from it."""

from __future__ import annotations

from tools.contracts import facts as contracts
from tools.contracts.views.concern import CONCERN
from tools.losses.facts.build import all_records


def test_every_exported_loss_subclasses_loss_module_and_matches_the_loss_table():
    facts = contracts.facts()
    exported = {e.name for e in facts.exported if e.loss}
    assert exported == {r.name for r in all_records()}
    assert not [e.name for e in facts.exported if not e.loss and e.name.endswith("Loss")]


def test_set_keys_rules_record_what_torchrl_did():
    facts = contracts.facts()
    assert facts.unknown_name_error.startswith("ValueError: advantage_key is not an accepted tensordict key")
    assert "0x" not in facts.unknown_name_error  # no memory address: the page is stable between builds
    rules = {c.claim: c for c in facts.set_keys_checks}
    assert rules["Each instance has its own keys: renaming on one leaves the others alone"].holds
    # A list key is stored as given and breaks the forward pass: the reason for the tuple example.
    assert not rules["A list key (as Hydra passes a YAML list) works in a forward pass"].holds


def test_mask_modes_and_vmap_are_measured():
    facts = contracts.facts()
    assert facts.mask_default == "'auto'"
    assert [c.holds for c in facts.mask_checks] == [True, True, True, True, False]
    assert facts.vmap_checks[0].holds, facts.vmap_checks[0].evidence


def test_default_estimator_is_made_silently_with_gamma_0_99():
    made = [
        r.measured.probes.default_estimator
        for r in all_records()
        if r.measured and r.measured.probes and r.measured.probes.default_estimator
    ]
    assert made and all(not d.existed_before_forward for d in made)
    assert any(d.hyperparameters.get("gamma") == "0.99" for d in made)


def test_inventory_has_the_contract_and_the_contradictions():
    section = CONCERN.inventory()
    assert {"loss_contract", "docstring_contradictions"} <= set(section)
    assert section["docstring_contradictions"]


def test_the_forward_rule_names_the_losses_whose_terms_are_not_loss_underscore():
    """DQNLoss, QMixerLoss and three more return a single `loss`: the contract says so (measured)."""
    text = CONCERN.sections["forward"]("")
    for name in ("DQNLoss", "QMixerLoss", "DTLoss", "DistributionalDQNLoss", "GAILLoss"):
        assert f"[`{name}`](" in text
    assert "every loss names them `loss_*`" not in text and "do not:" in text
