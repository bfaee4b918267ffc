"""Plugin events and mkdocstrings' ::: blocks are timed inside a real MkDocs build of a tiny site."""

from __future__ import annotations

import sys
import textwrap
from types import SimpleNamespace

import pytest
from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.plugins import BasePlugin, PluginCollection

from bench.instrument import PluginClock, mkdocstrings_enabled, timing_mkdocstrings_blocks


class _FakeClock:
    """Seconds that pass only when the code under test says so."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Recorder(BasePlugin):
    def __init__(self):
        super().__init__()
        self.seen = []

    def on_config(self, config):
        self.seen.append("config")
        return config


def test_events_are_wrapped_in_place_and_keep_their_plugin_name():
    plugins = PluginCollection()
    plugins["namespace/recorder"] = recorder = Recorder()
    clock = PluginClock()
    clock.instrument(SimpleNamespace(plugins=plugins))
    assert plugins.on_config("the config") == "the config"
    assert recorder.seen == ["config"]
    assert clock.calls[("namespace/recorder", "on_config")] == 1
    assert clock.seconds["namespace/recorder"] >= 0
    assert set(plugins._event_origins.values()) == {"namespace/recorder"}


def test_nested_calls_of_one_owner_are_counted_once():
    clock = PluginClock()
    inner = clock.timed("p", lambda: sum(range(1000)))
    outer = clock.timed("p", lambda: [inner() for _ in range(3)])
    outer()
    assert clock.calls[("p", "<lambda>")] == 4
    assert len(clock.seconds) == 1


@pytest.fixture
def tiny_site(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "tiny_module.py").write_text('def answer() -> int:\n    """The answer."""\n    return 42\n')
    (tmp_path / "docs" / "index.md").write_text("# API\n\n::: tiny_module.answer\n")
    (tmp_path / "mkdocs.yml").write_text(
        textwrap.dedent(f"""
        site_name: tiny
        theme: material
        plugins:
          - mkdocstrings:
              handlers:
                python:
                  paths: [{str(tmp_path)!r}]
        """)
    )
    return tmp_path


def test_mkdocstrings_blocks_are_timed(tiny_site):
    clock = PluginClock()
    with timing_mkdocstrings_blocks(clock):
        config = clock.instrument(load_config(str(tiny_site / "mkdocs.yml"), site_dir=str(tiny_site / "site")))
        config.plugins.on_startup(command="build", dirty=False)
        build(config)
        config.plugins.on_shutdown()
    assert mkdocstrings_enabled(config)
    assert "The answer." in (tiny_site / "site" / "index.html").read_text()
    assert clock.calls[("mkdocstrings", "run")] == 1  # the ::: block processor
    assert clock.mkdocstrings_seconds(config) >= clock.seconds["mkdocstrings"] > 0


def test_processor_is_put_back_afterwards():
    from mkdocstrings import AutoDocProcessor

    original = AutoDocProcessor.run
    with timing_mkdocstrings_blocks(PluginClock()):
        assert AutoDocProcessor.run is not original
    assert AutoDocProcessor.run is original


def test_a_site_without_mkdocstrings_reports_none(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text("site_name: plain\n")
    config = load_config(str(tmp_path / "mkdocs.yml"))
    assert not mkdocstrings_enabled(config)
    assert PluginClock().mkdocstrings_seconds(config) is None


def test_first_imports_of_named_modules_are_stages_of_their_own(tmp_path, monkeypatch):
    from bench.instrument import timing_imports
    from tools.core import timing

    (tmp_path / "bench_outer").mkdir()
    # The imports advance a fake clock instead of sleeping (no test reads the wall clock).
    advance = "from tools.core import timing\ntiming.clock.now += {}\n"
    (tmp_path / "bench_outer" / "__init__.py").write_text(advance.format(0.02) + "import bench_inner\n")
    (tmp_path / "bench_inner.py").write_text(advance.format(0.05))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(timing, "clock", _FakeClock())
    timing.reset()
    try:
        with timing_imports(["bench_outer", "bench_inner"]), timing.stage("losses.measure"):
            import bench_outer  # noqa: F401

        exclusive = timing.exclusive_totals()
        assert set(exclusive) == {"losses.measure", "bench_outer.import", "bench_inner.import"}
        assert exclusive["bench_inner.import"] == pytest.approx(0.05)
        assert exclusive["bench_outer.import"] == pytest.approx(0.02)
        assert timing.totals()["bench_outer.import"] == pytest.approx(0.07)
    finally:
        timing.reset()
        for name in ("bench_outer", "bench_inner"):
            sys.modules.pop(name, None)
