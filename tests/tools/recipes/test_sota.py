"""Each recipe page's "What the SOTA scripts use": the curated knob table against the records, the choice of
scripts on made-up sources, and the rendered section on the real records."""

from __future__ import annotations

from tools.recipes.facts import recipes, sota_comparison
from tools.recipes.facts.records import Call, Knob, Recipe
from tools.recipes.facts.sota import COLUMNS, KNOB_KEYS, answer, compare
from tools.recipes.views.concern import CONCERN
from tools.recipes.views.render import render_sota
from tools.sota.facts import loss_sources
from tools.sota.facts.records import Hyperparameter
from tools.sota.facts.sources import LossSource


def test_every_curated_knob_is_a_recipe_knob_and_every_key_part_occurs_in_the_map():
    knobs = {k.name for r in recipes() for k in r.knobs}
    assert set(KNOB_KEYS) <= knobs, f"KNOB_KEYS names knobs no recipe has: {sorted(set(KNOB_KEYS) - knobs)}"
    parts = {h.key.rsplit(".", 1)[-1] for s in loss_sources() for h in s.hyperparameters}
    unused = sorted({leaf for leaves in KNOB_KEYS.values() for leaf in leaves} - parts)
    assert not unused, f"KNOB_KEYS names config key parts no SOTA script or trainer config has: {unused}"


def _source(directory: str, losses: list[str], values: dict, multi_agent: bool = False) -> LossSource:
    return LossSource(
        directory,
        "train.py",
        "script",
        losses,
        f"sota/index.md#dir-{directory}",
        multi_agent,
        ["Env-v0"],
        updaters=["SoftUpdate(eps=0.995)"],
        hyperparameters=[Hyperparameter(k, v) for k, v in values.items()],
    )


def _recipe(losses: list[str], knobs: dict[str, str], calls: list[Call] = ()) -> Recipe:
    return Recipe(
        "r",
        "R",
        "snippets/recipes/r.py",
        "t",
        losses,
        [],
        ["Pendulum-v1"],
        [Knob(k, v, "") for k, v in knobs.items()],
        list(calls),
        {},
    )


def test_answer_prefers_the_specific_key_part_then_a_set_value_then_the_shortest_key():
    source = _source(
        "d",
        ["XLoss"],
        {
            "trainer.replay_buffer.batch_size": 64,
            "trainer.batch_size": None,
            "replay_buffer.batch_size": 64,
            "loss.mini_batch_size": 32,
        },
    )
    assert answer(source, "BATCH_SIZE").key == "replay_buffer.batch_size"
    assert answer(source, "MINIBATCH").key == "loss.mini_batch_size"
    assert answer(source, "HIDDEN") is None


def test_compare_picks_columns_and_says_why_the_others_are_left_out():
    recipe = _recipe(["XLoss"], {"LR": "1e-3", "GAMMA": "0.99", "HIDDEN": "64"})
    sources = [
        _source("one", ["XLoss"], {"optim.lr": 0.1}),
        _source("both", ["XLoss"], {"optim.lr": 0.2, "loss.gamma": 0.9}),
        _source("mixed", ["XLoss", "YLoss"], {"optim.lr": 0.3}),
        _source("team", ["XLoss"], {"optim.lr": 0.4}, multi_agent=True),
        _source("bare", ["XLoss"], {}),
        _source("other", ["ZLoss"], {"optim.lr": 0.5}),
    ]
    comparison = compare(recipe, sources, multi_agent_losses=set())
    assert [s.directory for s in comparison.shown] == ["both", "one"]  # most knobs answered first
    reasons = {a.source.directory: a.reason for a in comparison.also}
    assert reasons == {"mixed": "other losses", "team": "multi-agent", "bare": "no knob"}
    assert [r.knob for r in comparison.rows] == ["LR", "GAMMA"]
    assert [c.value if c else None for c in comparison.rows[1].cells] == [0.9, None]
    assert comparison.unmatched == ["HIDDEN"]
    many = compare(recipe, [_source(f"d{i}", ["XLoss"], {"optim.lr": i}) for i in range(COLUMNS + 2)], set())
    assert len(many.shown) == COLUMNS and {a.reason for a in many.also} == {"columns"}


def test_nested_set_keys_make_a_recipe_multi_agent_and_a_deprecated_class_stands_in():
    nested = Call("set_keys", 1, 1, {"action": '("agents", "action")'}, receiver="loss")
    recipe = _recipe(["XLoss"], {"LR": "1e-3"}, [nested])
    sources = [_source("single", ["XLoss"], {"optim.lr": 1}), _source("team", ["XLoss"], {"optim.lr": 2}, True)]
    assert [s.directory for s in compare(recipe, sources, set()).shown] == ["team"]
    older = compare(_recipe(["XLoss"], {"LR": "1e-3"}), [_source("old", ["XLoss_deprecated"], {"optim.lr": 1})], set())
    assert older.unbuilt == ["XLoss"] and older.older == {"XLoss": "XLoss_deprecated"}
    assert [s.directory for s in older.shown] == ["old"]


def test_section_shows_the_updaters_as_built_and_the_measured_eps_rule():
    recipe = Recipe(
        **{
            **_recipe(["XLoss"], {"TAU": "0.005"}).__dict__,
            "calls": [Call("SoftUpdate", 3, 3, {"tau": "TAU"}, ["loss"])],
        }
    )
    # The scan saw the key passed to SoftUpdate's eps (otherwise an eps answers no TAU).
    source = _landing(
        _source("d", ["XLoss"], {"optim.target_update_polyak": 0.995}), {"optim.target_update_polyak": "SoftUpdate.eps"}
    )
    comparison = compare(recipe, [source], set())
    text = render_sota(recipe, comparison, "0123456789abcdef", eps_is_one_minus_tau=True)
    assert "| Target updater | `SoftUpdate(tau=0.005)` | `SoftUpdate(eps=0.995)` |" in text
    assert "`eps` is `1 - tau`" in text
    assert "`eps` is" not in render_sota(recipe, comparison, "0123456789abcdef", eps_is_one_minus_tau=False)


def test_section_when_no_script_builds_the_loss_says_so():
    comparison = compare(_recipe(["XLoss"], {"LR": "1e-3"}), [_source("other", ["ZLoss"], {"optim.lr": 1})], set())
    text = render_sota(_recipe(["XLoss"], {"LR": "1e-3"}), comparison, "0123456789abcdef", True)
    assert "No script or trainer config of pytorch/rl's `sota-implementations/` builds `XLoss`." in text
    assert "0123456789" in text and "|" not in text


def test_every_recipe_page_section_renders_values_from_the_records():
    sources = loss_sources()
    for r in recipes():
        comparison = sota_comparison(r.slug)
        text = CONCERN.sections["sota"](r.slug)
        builders = [s for s in sources if set(r.losses) & set(s.losses)]
        if not builders and not comparison.older:
            assert "builds" in text and "| Knob |" not in text, r.slug
            continue
        for source in comparison.shown:
            assert f"]({'../' + source.anchor})" in text, (r.slug, source.directory)
            for row in comparison.rows:
                cell = row.cells[comparison.shown.index(source)]
                if cell is not None:
                    assert f"from `{cell.key}`" in text, (r.slug, cell.key)


def test_the_td3_bc_page_compares_the_td3_bc_script_with_its_alpha():
    comparison = sota_comparison("td3_bc")
    assert [(s.directory, s.file) for s in comparison.shown] == [("td3_bc", "td3_bc.py")]
    alpha = next(row for row in comparison.rows if row.knob == "ALPHA")
    assert alpha.cells[0].key == "optim.alpha"
    assert "TD3BCLoss(alpha)" in alpha.cells[0].used_by


def _landing(source: LossSource, lands_on: dict[str, str]) -> LossSource:
    import dataclasses

    return dataclasses.replace(source, lands_on=lands_on)


def test_a_knob_stated_another_way_shows_the_converted_value_and_names_the_conversion():
    recipe = _recipe(["XLoss"], {"TAU": "0.005", "UPDATES_PER_BATCH": "32", "TOTAL_FRAMES": "2_000"})
    source = _landing(
        _source(
            "d",
            ["XLoss"],
            {
                "optim.target_update_polyak": 0.995,
                "optim.utd_ratio": 0.5,
                "collector.frames_per_batch": 1000,
                "collector.total_frames": "???",
                "collector.n_iters": 10,
            },
        ),
        {"optim.target_update_polyak": "SoftUpdate.eps"},
    )
    comparison = compare(recipe, [source], set())
    cells = {row.knob: row.cells[0] for row in comparison.rows}
    assert (cells["TAU"].value, cells["TAU"].converted, cells["TAU"].conversion) == (0.995, 0.005, "tau = 1 − eps")
    assert (cells["UPDATES_PER_BATCH"].value, cells["UPDATES_PER_BATCH"].converted) == (0.5, 500)
    # An unset total ("???": the script fills it in) gives way to the iterations it is computed from.
    assert (cells["TOTAL_FRAMES"].key, cells["TOTAL_FRAMES"].converted) == ("collector.n_iters", 10_000)
    text = render_sota(recipe, comparison, "0123456789abcdef", eps_is_one_minus_tau=True)
    assert "from `optim.target_update_polyak` (`SoftUpdate` `eps`)<br>→ `0.005` (tau = 1 − eps)" in text
    assert "updates per batch = utd\\_ratio × frames\\_per\\_batch" in text


def test_an_eps_that_is_not_soft_update_eps_answers_no_knob():
    recipe = _recipe(["XLoss"], {"TAU": "0.005"})
    optimizer = _landing(_source("d", ["XLoss"], {"optim.eps": 1e-8}), {"optim.eps": "Adam.eps"})
    assert compare(recipe, [optimizer], set()).unmatched == ["TAU"]
    updater = _landing(
        _source("d", ["XLoss"], {"target_net_updater.eps": 0.99}), {"target_net_updater.eps": "SoftUpdate.eps"}
    )
    assert compare(recipe, [updater], set()).rows[0].cells[0].converted == 0.01


def test_the_sac_page_converts_the_scripts_eps_to_tau():
    """The issue's case: 0.995 from optim.target_update_polyak is SoftUpdate's eps; the tau it stands for is 0.005."""
    comparison = sota_comparison("sac")
    tau = next(row for row in comparison.rows if row.knob == "TAU")
    polyak = [c for c in tau.cells if c is not None and c.key == "optim.target_update_polyak"]
    assert polyak and all(c.lands_on == "SoftUpdate.eps" and c.converted == 0.005 for c in polyak)
    text = CONCERN.sections["sota"]("sac")
    assert "→ `0.005` (tau = 1 − eps)" in text


def test_every_conversion_names_what_keeps_it_true_and_the_curated_ones_hold_in_the_scripts():
    """utd_ratio and n_iters are read from the scripts' code, not from a construction the scanner sees: check
    each script that has such a key in the pytorch/rl mirror (where there is one), at the recorded commit."""
    import os
    import re
    import subprocess
    from pathlib import Path

    import pytest

    from tools.core.paths import ROOT
    from tools.recipes.facts.sota import CONVERSIONS
    from tools.sota.facts import sota_map

    assert all(c.checked for c in CONVERSIONS)
    mirror = Path(os.environ.get("SOTA_MIRROR") or ROOT / ".mirrors" / "pytorch-rl.git")
    if not mirror.is_dir():
        pytest.skip("needs a git directory of pytorch/rl at SOTA_MIRROR or .mirrors/pytorch-rl.git")
    ignored = {c.leaf: c.ignored_by for c in CONVERSIONS if c.scripts_only}
    patterns = {
        "utd_ratio": r"int\(\s*cfg\.collector\.frames_per_batch\s*\*\s*cfg\.optim\.utd_ratio\s*\)",
        "n_iters": r"cfg\.collector\.total_frames\s*=\s*cfg\.collector\.frames_per_batch\s*\*\s*cfg\.collector\.n_iters",
    }
    commit = sota_map().commit
    checked = 0
    for source in loss_sources():
        if source.kind != "script":
            continue
        for leaf, pattern in patterns.items():
            if any(h.key.rsplit(".", 1)[-1] == leaf for h in source.hyperparameters):
                path = f"sota-implementations/{source.directory}/{source.file}"
                code = subprocess.run(
                    ["git", f"--git-dir={mirror}", "show", f"{commit}:{path}"],
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout
                listed = f"{source.directory}/{source.file}" in ignored[leaf]
                computes = re.search(pattern, code) is not None
                assert computes != listed, (
                    f"{path}: {'computes' if computes else 'does not compute'} what the {leaf} conversion says, "
                    f"and is {'' if listed else 'not '}in its ignored_by"
                )
                checked += computes
    assert checked >= 5
