"""Shared fixtures: one strict build of the site per test run, shared by xdist workers."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from filelock import FileLock

from tests.support import release_venv as _release_venv
from tools.core.fresh_python import fresh_environment
from tools.core.paths import ROOT


def pytest_configure(config):
    # xdist registers its marker only when it is loaded: without this, `-p no:xdist` (every test in
    # one process) fails to collect the grouped modules under --strict-markers.
    config.addinivalue_line(
        "markers", "xdist_group(name): pytest-xdist's --dist loadgroup runs the group on one worker"
    )


@dataclass(frozen=True)
class BuiltSite:
    site_dir: Path
    returncode: int
    output: str  # mkdocs' stdout and stderr


# The test build is served under a sub-path, as GitHub Pages serves a project site
# (https://owner.github.io/repo/): the browser tests then check that links, search,
# the sitemap and 404.html all work there.
SITE_URL = "http://127.0.0.1:8000/torchrl-reference/"


def build_env() -> dict[str, str]:
    return fresh_environment(
        extra={
            "SITE_URL": SITE_URL,
            "LOCAL_BUILD": "1",  # SITE_URL is a loopback address: the build refuses it otherwise
            "NO_MKDOCS_2_WARNING": "1",  # Material's banner about MkDocs 2, not a build warning
        }
    )


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> BuiltSite:
    # Under xdist every worker has its own basetemp; their parent is per run.  Read the
    # worker from the config, not xdist's fixture, so `-p no:xdist` runs work too.
    root = tmp_path_factory.getbasetemp()
    if hasattr(request.config, "workerinput"):
        root = root.parent
    site_dir, record = root / "site", root / "build.json"
    with FileLock(str(root / "build.lock")):
        if not record.exists():
            result = subprocess.run(
                [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site_dir)],
                cwd=ROOT,
                env=build_env(),
                capture_output=True,
                text=True,
            )
            record.write_text(json.dumps({"returncode": result.returncode, "output": result.stdout + result.stderr}))
    data = json.loads(record.read_text())
    return BuiltSite(site_dir, data["returncode"], data["output"])


@pytest.fixture
def site(built_site: BuiltSite) -> Path:
    """The built site's directory; fails (once per test) when the build failed."""
    if built_site.returncode != 0:
        pytest.fail(f"the strict build failed:\n{built_site.output[-4000:]}")
    return built_site.site_dir


def pytest_collection_modifyitems(config, items):
    """The tests that use the older release's venv run last: `make test` builds it meanwhile."""
    last = [item for item in items if item.nodeid.startswith(_release_venv.USERS)]
    if last:
        items[:] = [item for item in items if item not in last] + last
