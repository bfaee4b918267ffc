"""A recipe whose family does not beat a random policy says so at the top of its page.

Every family beats random today, so the warning is tested on made-up curves.
"""

from __future__ import annotations

from types import SimpleNamespace

from tools.curves.views.render import render_summary as curves_summary
from tools.recipes.views import render


def _curves(beats: bool | None):
    return SimpleNamespace(
        beats_baseline=beats, seeds=[1, 2, 3], final_mean=21.5, final_std=3.25, baseline=22.8, normalised=(None, None)
    )


def test_a_family_that_does_not_beat_random_gets_a_warning_on_top():
    out = render.does_not_learn(_curves(False))
    assert out.startswith('!!! warning "This recipe does not beat a random policy"')
    assert "21.5 ± 3.2 against 22.8" in out and "(#learning-curve)" in out


def test_a_family_that_learns_or_was_not_trained_gets_none():
    assert render.does_not_learn(_curves(True)) == ""
    assert render.does_not_learn(_curves(None)) == ""
    assert render.does_not_learn(None) == ""


def test_the_recipe_index_and_the_curves_table_say_it_in_bold():
    assert "**does not beat random**" in render._learned(_curves(False))
    assert render._learned(_curves(True)).count("**") == 0
    family = SimpleNamespace(
        label="X",
        family="x",
        environment="CartPole",
        final_mean=21.5,
        final_std=3.25,
        baseline=22.8,
        beats_baseline=False,
        normalised=(None, None),
        behaviour=(None, None),
        reference_agreement=None,
        frames=100,
        cpu_seconds=1.0,
        wall_seconds=1.0,
        seeds=[],
    )
    assert "| **does not beat it** |" in curves_summary([family])
