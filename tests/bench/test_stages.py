"""Where a build's time goes: stage groups and the per-run arithmetic behind the medians."""

from __future__ import annotations

import pytest

from bench.stages import breakdown, derived, grouped, stage_concern, stage_kind


def run(wall, build, stages, plugins=None, mkdocstrings=None, hooks=("hooks.py",)):
    return {
        "wall": wall,
        "build": build,
        "stages": stages,
        "plugins": plugins or {},
        "mkdocstrings": mkdocstrings,
        "hooks": list(hooks),
    }


def test_stage_names_split_into_concern_and_kind():
    assert (stage_concern("losses.zoo.compute"), stage_kind("losses.zoo.compute")) == ("losses", "compute")
    assert grouped({"a.render": 1.0, "b.render": 2.0, "a.compute": 4.0}, stage_kind) == {"render": 3.0, "compute": 4.0}


def test_mkdocs_itself_is_what_generation_and_mkdocstrings_leave():
    out = derived(run(10.0, 8.0, {"a.compute": 3.0, "a.render": 1.0}, {"hooks.py": 4.5, "mkdocstrings": 2.0}, 2.0))
    assert out["generation"] == 4.0
    assert out["mkdocstrings"] == 2.0
    assert out["mkdocs_itself"] == 4.0
    assert out["before_build"] == 2.0
    assert out["hooks_own"] == 0.5


def test_breakdown_takes_medians_of_per_run_values():
    runs = [
        run(10.0, 9.0, {"a.compute": 5.0}),
        run(12.0, 11.0, {"a.compute": 4.0, "b.render": 1.0}),
        run(20.0, 19.0, {"a.compute": 6.0}),
    ]
    out = breakdown(runs)
    assert out["wall"]["median"] == 12.0
    # per run: 5, 7, 14 -> median 7 (the difference of the medians would say 12 - 5 = 7 too, but min/max differ)
    assert (out["mkdocs_itself"]["median"], out["mkdocs_itself"]["min"], out["mkdocs_itself"]["max"]) == (
        7.0,
        5.0,
        14.0,
    )
    assert out["stages"]["b.render"]["median"] == 0.0 and out["stages"]["b.render"]["max"] == 1.0
    assert out["by_concern"]["a"]["median"] == 5.0
    assert out["mkdocstrings"] is None
    assert out["hooks"] == ["hooks.py"]


def test_breakdown_reports_mkdocstrings_when_enabled():
    out = breakdown([run(10.0, 9.0, {}, {"mkdocstrings": 3.0}, 3.0)])
    assert out["mkdocstrings"]["median"] == 3.0
    assert out["mkdocs_itself"]["median"] == 7.0


def test_breakdown_of_no_runs_is_an_error():
    with pytest.raises(ValueError):
        breakdown([])


def test_the_time_after_build_is_shown_apart_from_the_start():
    out = derived({**run(10.0, 8.0, {}), "after_build": 0.5})
    assert (out["before_build"], out["after_build"]) == (1.5, 0.5)
    assert breakdown([run(10.0, 8.0, {})])["after_build"] is None


def test_the_griffe_parse_counts_to_mkdocstrings_not_to_generation():
    from bench.stages import derived

    run = {
        "wall": 10.0,
        "build": 9.0,
        "stages": {"losses.compute": 2.0, "api.griffe": 1.5},
        "plugins": {},
        "mkdocstrings": 0.5,
    }
    out = derived(run)
    assert out["generation"] == 2.0 and out["mkdocstrings"] == 2.0 and out["mkdocs_itself"] == 6.0
    disabled = derived({**run, "mkdocstrings": None})
    assert disabled["generation"] == 3.5 and disabled["mkdocstrings"] == 0.0
