"""``torchrl-reference-mcp`` driven by the MCP SDK's own client over stdio, as an agent client drives it.

In the project's venv the server is started from this checkout (``python -m tools.cli.mcp_server``,
the console script's module); in the kept older-release venv by its installed console script, where
it answers for that torchrl.  Bad input must come back as an error result with the command's
message, never a traceback.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from pathlib import Path

import pytest
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from tests.support.release_venv import RELEASE, release_venv
from tools.core.fresh_python import thread_limits
from tools.core.paths import ROOT

pytestmark = pytest.mark.xdist_group("other-release")

CALLS = {
    "tools": None,
    "loss": ("loss_keys", {"name": "ClipPPOLoss"}),
    "unknown loss": ("loss_keys", {"name": "ClipPPO"}),
    "config": ("config_builds", {"name": "loss/sac"}),
    "unknown config": ("config_builds", {"name": "trainer/pp"}),
    "error": ("explain", {"traceback_text": "KeyError: Couldn't find the log-prob action_log_prob in the input data."}),
    "empty error": ("explain", {"traceback_text": "   "}),
    "search": ("search_site", {"query": "ClipPPOLoss accepted keys"}),
    "empty search": ("search_site", {"query": "?"}),
    "page": ("page_markdown", {"page": "losses/ClipPPOLoss.md"}),
    "missing page": ("page_markdown", {"page": "losses/NoSuchLoss.md"}),
}


def _session(command: str, args: list[str], env: dict[str, str]) -> dict:
    async def talk() -> dict:
        parameters = StdioServerParameters(command=command, args=args, env=env, cwd=str(ROOT))
        results = {}
        async with stdio_client(parameters) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            results["tools"] = sorted(tool.name for tool in (await session.list_tools()).tools)
            for label, call in CALLS.items():
                if call is not None:
                    results[label] = await session.call_tool(*call)
        return results

    return asyncio.run(talk())


def _text(result) -> str:
    return "\n".join(block.text for block in result.content if getattr(block, "text", None) is not None)


def _environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    return {**env, **thread_limits(1), "PYTHONWARNINGS": "ignore"}


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """A site's Markdown exports, as a build writes them: llms.txt and one index.md per page."""
    folder = tmp_path_factory.mktemp("site")
    (folder / "llms.txt").write_text("# TorchRL\n")
    page = folder / "losses" / "ClipPPOLoss"
    page.mkdir(parents=True)
    (page / "index.md").write_text("# ClipPPOLoss\n\nThe clipped PPO loss.\n\n## Accepted keys\n\nadvantage, value\n")
    return folder


@pytest.fixture(scope="module")
def pinned(site) -> dict:
    return _session(
        sys.executable, ["-m", "tools.cli.mcp_server"], {**_environment(), "TORCHRL_REFERENCE_SITE": str(site)}
    )


def _error(result) -> str:
    assert result.is_error, _text(result)
    text = _text(result)
    assert "Traceback" not in text
    return text


def test_every_tool_is_listed(pinned):
    assert pinned["tools"] == ["config_builds", "explain", "loss_keys", "loss_names", "page_markdown", "search_site"]


def test_loss_keys_answers_as_the_command_does(pinned):
    from tools.losses.facts import record_of

    answer = json.loads(_text(pinned["loss"]))
    record = record_of("ClipPPOLoss")
    assert answer["default_value_estimator"] == record.default_value_estimator
    assert set(answer["accepted_keys"]) == {k.name for k in record.accepted_keys}


def test_config_builds_names_the_class(pinned):
    from tools.config_groups.facts import survey

    assert json.loads(_text(pinned["config"]))["resolved"] == survey().builds("loss/sac")


def test_a_pasted_error_is_explained(pinned):
    matches = json.loads(_text(pinned["error"]))["matches"]
    assert matches and any("log-prob" in m["title"].lower() or "log_prob" in m["title"] for m in matches)


def test_the_site_is_searched_and_read(pinned):
    hits = pinned["search"].structured_content["result"]  # a list comes back wrapped, one text block per hit
    assert hits[0]["page"] == "losses/ClipPPOLoss/" and hits[0]["heading"] == "Accepted keys"
    assert _text(pinned["page"]).startswith("# ClipPPOLoss")


def test_bad_input_is_an_error_result_with_the_fix(pinned):
    assert "did you mean ClipPPOLoss" in _error(pinned["unknown loss"])
    assert "trainer/ppo" in _error(pinned["unknown config"])
    assert "nothing to explain" in _error(pinned["empty error"])
    assert "no word to search for" in _error(pinned["empty search"])
    assert "no page 'losses/NoSuchLoss'" in _error(pinned["missing page"])


def test_the_console_script_is_declared():
    assert 'torchrl-reference-mcp = "tools.cli.mcp_server:main"' in (ROOT / "pyproject.toml").read_text()


def test_the_installed_server_answers_for_the_older_release(site):
    bin_dir = release_venv()
    script = bin_dir / "torchrl-reference-mcp"
    assert script.exists(), (
        "the older release's venv lacks the console script: make release-venv reinstalls the project"
    )
    results = _session(str(script), [], {**_environment(), "TORCHRL_REFERENCE_SITE": str(site)})
    answer = json.loads(_text(results["loss"]))
    assert answer["torchrl"] == RELEASE and answer["default_value_estimator"] == "GAE"
    assert "did you mean ClipPPOLoss" in _error(results["unknown loss"])
    assert not results["config"].is_error
