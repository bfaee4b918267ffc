"""``torchrl-reference-mcp``: the site's commands as one Model Context Protocol server, over stdio.

Each tool runs the command behind it (``inspect_loss_keys``, ``inspect_config``, ``explain_error``)
through the same entry code the console scripts use, so the server answers for the torchrl installed
where it runs, as they do.  A command's usage error (an unknown name, empty input) comes back as an
MCP error result carrying the command's one-line message, never a traceback.  The site tools
(``search_site``, ``page_markdown``) read a built site's Markdown exports: ``site/`` of this checkout
(``make build``), or the folder ``TORCHRL_REFERENCE_SITE`` names.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError

from tools.cli import explain_error, inspect_config, inspect_loss_keys
from tools.core import urls
from tools.core.errors import run
from tools.core.paths import ROOT

SITE_ENV = "TORCHRL_REFERENCE_SITE"
SEARCH_RESULTS = 10

server = MCPServer(
    name="torchrl-reference",
    instructions=(
        "TorchRL objectives and training reference: the keys and default estimator of a loss, what a Hydra "
        "config builds, a pasted error explained, and the site's pages as Markdown, for the installed torchrl."
    ),
)


def _command(main: Callable[[list[str] | None], int | None], argv: list[str], ok: tuple[int, ...] = (0,)) -> str:
    """What the command prints; its error message as a ToolError.  Its output never reaches the
    server's stdout, which carries the protocol."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = run(main, argv)
        except SystemExit as exc:  # argparse refusing the arguments
            code = exc.code if isinstance(exc.code, int) else 2
    if code not in ok:
        message = err.getvalue().strip().splitlines()
        raise ToolError(message[-1] if message else f"the command ended with exit status {code}")
    return out.getvalue()


@server.tool()
def loss_keys(name: str) -> dict:
    """The keys a torchrl loss reads (set_keys name -> default key), its default value estimator, the
    estimators it declares and, on the pinned release, what the site measured. Also SoftUpdate,
    HardUpdate and ValueEstimators. An unknown name is an error naming the closest ones."""
    return json.loads(_command(inspect_loss_keys.main, ["--loss", name, "--json"]))


@server.tool()
def loss_names() -> list[str]:
    """The names loss_keys answers for: every public loss of the installed torchrl, and the objects around one."""
    return json.loads(_command(inspect_loss_keys.main, ["--list", "--json"]))


@server.tool()
def config_builds(name: str) -> dict:
    """What a Hydra config builds: a ConfigStore group/name (``trainer/ppo``, ``loss/sac``) or a config
    dataclass (``SoftUpdateConfig``) -> its _target_, the class it builds, its fields and, on the pinned
    release, the parity audit's differences."""
    return json.loads(_command(inspect_config.main_args, [name, "--json"]))


@server.tool()
def explain(traceback_text: str, limit: int = 5) -> dict:
    """A pasted traceback, its last line, a warning or a bare message -> the troubleshooting entries,
    error-catalogue sites and upstream fixes that match, best first (pages relative to the site's root)."""
    with tempfile.TemporaryDirectory() as folder:
        pasted = Path(folder) / "error.txt"
        pasted.write_text(traceback_text, encoding="utf-8")
        printed = _command(explain_error.main_args, [str(pasted), "--json", "--limit", str(limit)], ok=(0, 1))
    return json.loads(printed)


def _site() -> Path:
    site = Path(os.environ.get(SITE_ENV) or ROOT / "site")
    if not (site / "llms.txt").is_file():
        raise ToolError(f"no built site at {site}: run `make build` in the project, or set {SITE_ENV} to a built site")
    return site


def _export(site: Path, page: str) -> Path:
    """A page as the site names it (``losses/ClipPPOLoss.md``, ``losses/ClipPPOLoss/``, its export's path) -> its export."""
    page = page.strip().lstrip("/").removesuffix(urls.HOME).removesuffix("index.html").removesuffix("/")
    page = page.removesuffix(".md").removesuffix(".html")
    path = site / urls.markdown_export(f"{page}.md" if page else urls.HOME)
    if ".." in Path(page).parts or not path.is_file():
        raise ToolError(f"no page {page!r} in the site; search_site finds pages, llms.txt lists them all")
    return path


def _sections(text: str) -> list[tuple[str, str]]:
    """(heading, body) of each section of a page's Markdown."""
    parts = re.split(r"^(#{1,4} .+)$", text, flags=re.M)
    out = [("", parts[0])]
    out += [(parts[i].lstrip("# ").strip(), parts[i + 1]) for i in range(1, len(parts) - 1, 2)]
    return out


@server.tool()
def search_site(query: str) -> list[dict]:
    """The site's sections holding the most words of ``query`` (page, heading, and the section's first
    line), best first; page_markdown reads a whole page."""
    words = [w for w in re.findall(r"[\w.]+", query.lower()) if len(w) > 1]
    if not words:
        raise ToolError("the query holds no word to search for; give names or words, e.g. 'ClipPPOLoss advantage'")
    site = _site()
    scored = []
    for path in site.rglob(urls.HOME):
        page = path.parent.relative_to(site).as_posix()
        for heading, body in _sections(path.read_text(encoding="utf-8")):
            lowered = f"{heading}\n{body}".lower()
            found = sum(1 for w in words if w in lowered)
            if found:
                hits = sum(lowered.count(w) for w in words)
                first = next((line.strip() for line in body.splitlines() if line.strip()), "")
                scored.append((-found, -(heading.lower().count(words[0])), -hits, page, heading, first[:200]))
    scored.sort()
    return [
        {"page": f"{page}/" if page != "." else "", "heading": heading, "text": first}
        for *_, page, heading, first in scored[:SEARCH_RESULTS]
    ]


@server.tool()
def page_markdown(page: str) -> str:
    """One page of the site as Markdown (``losses/ClipPPOLoss.md`` or ``losses/ClipPPOLoss/``)."""
    return _export(_site(), page).read_text(encoding="utf-8")


def main() -> None:
    # torchrl and the commands may print while they import or measure: the protocol owns stdout.
    sys.stdout.reconfigure(line_buffering=True)
    server.run("stdio")


if __name__ == "__main__":
    main()
