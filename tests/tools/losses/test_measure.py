"""Measured outputs: terms are gradient-carrying scalars, diagnostics are the rest."""

from __future__ import annotations

from tools.losses.facts.build import all_records


def test_terms_are_scalars_with_gradients_and_diagnostics_are_not_terms():
    for record in all_records():
        if record.measured is None:
            assert record.not_built_reason, f"{record.name} is neither measured nor explained"
            continue
        m = record.measured
        assert m.loss_outputs, record.name
        for term in m.loss_outputs:
            assert term.carries_grad and term.shape in ([], [1]), (record.name, term)
        for diagnostic in m.diagnostic_outputs:
            assert not (diagnostic.carries_grad and diagnostic.shape in ([], [1])), (record.name, diagnostic)


def test_dqn_names_its_single_term_loss():
    # From the issue: not every loss names its terms loss_*.
    dqn = next(r for r in all_records() if r.name == "DQNLoss")
    assert [o.key for o in dqn.measured.loss_outputs] == ["loss"]


def test_every_recipe_renames_a_key():
    # The examples promise a set_keys rename; the measurement reads it back from the loss.
    unrenamed = [r.name for r in all_records() if r.measured is not None and not r.measured.renamed]
    assert not unrenamed
