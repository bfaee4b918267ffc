"""Each recipe page's top card gives its family's result, read from the committed curves, with a link to the curve."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tools.curves.facts import committed_curves
from tools.recipes.facts import checked_losses, recipes
from tools.recipes.views import render

CURVES = {c.recipe: c for c in committed_curves()}


@pytest.mark.parametrize("recipe", recipes(), ids=lambda r: r.slug)
def test_the_top_card_states_the_committed_result(recipe):
    curves = CURVES[recipe.source]
    card = render.render_summary(recipe, checked_losses(recipe), curves)
    first_row = card.split("\n| Result (measured) | ", 1)[1].split("\n", 1)[0]
    assert f"**{render._figure(curves.final_mean)}**" in first_row
    assert f"over {len(curves.seeds)} seeds" in first_row
    assert f"against {render._figure(curves.baseline)} for a random policy" in first_row
    assert "(#learning-curve)" in first_row


def test_the_top_card_says_when_a_family_was_not_trained_or_does_not_beat_random():
    assert "not trained yet" in render.measured_result(None)
    losing = SimpleNamespace(
        final_mean=-900.0,
        final_std=50.0,
        baseline=-1000.0,
        beats_baseline=False,
        seeds=[SimpleNamespace(x=[1.0, 2.0])] * 3,
        x="updates",
        frames=10,
        normalised=(None, None),
    )
    out = render.measured_result(losing)
    assert "**does not beat it**" in out and "after 2 optimiser steps" in out and "over 3 seeds" in out
