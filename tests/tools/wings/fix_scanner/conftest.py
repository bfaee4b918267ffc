"""A tiny pytorch/rl-shaped git repository, made by the tests, so the scanner's rules are tested without a mirror.

Every commit has a fixed date, so two runs make the same history (hashes included).
"""

from __future__ import annotations

import os
import subprocess
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

import pytest

PPO_V1 = '''\
"""A loss module."""
import math


def _helper(x):
    return x + 1


class PPOLoss:
    """A loss."""

    default_value = 1

    def __init__(self):
        self.value = 0

    @staticmethod
    def scale(x):
        return 2 * x

    def forward(self, data):
        return data


class ClipPPOLoss(PPOLoss):
    def forward(self, data):
        return data * 2
'''


VALUE_V1 = """\
import warnings


def check(gamma, lmbda):
    if gamma > 1:
        raise ValueError(f"gamma must be at most one, got {gamma}")
    if lmbda is None:
        warnings.warn("lmbda was not given: the estimator uses 0.95")
    return gamma
"""


@dataclass
class TinyRepo:
    git_dir: Path
    work: Path
    shas: dict[str, str] = field(default_factory=dict)  # label -> full hash
    _day: int = 0

    def git(self, *args: str) -> str:
        env = {
            **os.environ,
            "GIT_CONFIG_GLOBAL": os.devnull,
            "GIT_CONFIG_NOSYSTEM": "1",
            "GIT_AUTHOR_NAME": "Tester",
            "GIT_AUTHOR_EMAIL": "tester@example.com",
            "GIT_COMMITTER_NAME": "Tester",
            "GIT_COMMITTER_EMAIL": "tester@example.com",
            "GIT_AUTHOR_DATE": f"2024-01-{self._day + 1:02d}T12:00:00+00:00",
            "GIT_COMMITTER_DATE": f"2024-01-{self._day + 1:02d}T12:00:00+00:00",
        }
        done = subprocess.run(["git", *args], cwd=self.work, env=env, capture_output=True, text=True, check=True)
        return done.stdout

    def write(self, path: str, text: str) -> None:
        target = self.work / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(textwrap.dedent(text))

    def commit(self, label: str, message: str) -> str:
        self.git("add", "-A")
        self.git("commit", "-q", "-m", message)
        self._day += 1
        self.shas[label] = self.git("rev-parse", "HEAD").strip()
        return self.shas[label]


def make_tiny_repo(root: Path) -> TinyRepo:
    work = root / "rl"
    work.mkdir()
    repo = TinyRepo(work / ".git", work)
    repo.git("init", "-q", "-b", "main")
    repo.write("torchrl/objectives/ppo.py", PPO_V1)
    repo.write("README.md", "rl\n")
    repo.commit("root", "Initial commit")

    # A fix to one method; its message names issues and quotes an error line.
    repo.write("torchrl/objectives/ppo.py", PPO_V1.replace("        return data\n", "        return data + 0\n", 1))
    repo.commit(
        "forward",
        "[BugFix] Fix PPOLoss.forward (#12)\n\nFixes #5, #6 and pytorch/pytorch#7\n\n"
        "The old code raised:\n\n    KeyError: 'action'\n\nSee also https://github.com/pytorch/rl/issues/9.\n",
    )
    repo.git("tag", "v0.1.0")
    repo.git("branch", "v0.1.0", repo.shas["root"])  # a branch that shares a tag's name

    # Not a fix.
    repo.write("torchrl/objectives/ppo.py", (repo.work / "torchrl/objectives/ppo.py").read_text() + "\n\nX = 1\n")
    repo.commit("feature", "[Feature] A constant (#13)")
    repo.git("tag", "v0.9.0rc1")

    # Deletes a top-level function: read in the parent's version; the PR is only in the message.
    text = (repo.work / "torchrl/objectives/ppo.py").read_text()
    repo.write("torchrl/objectives/ppo.py", text.replace("def _helper(x):\n    return x + 1\n\n\n", ""))
    repo.commit("helper", "[Bug Fix] Drop the helper\n\nPull Request resolved: https://github.com/pytorch/rl/pull/14\n")
    repo.git("tag", "v0.9.0")

    # Outside the covered paths: not listed, whatever its subject.
    repo.write("docs/index.md", "docs\n")
    repo.commit("docs", "[BugFix] Docs only (#15)")
    repo.git("tag", "v0.10.0")

    # A decorator line of a method, a class attribute, and a SOTA script.
    text = (repo.work / "torchrl/objectives/ppo.py").read_text()
    text = text.replace("    @staticmethod\n", "    @staticmethod  # no self\n").replace(
        "default_value = 1", "default_value = 2"
    )
    repo.write("torchrl/objectives/ppo.py", text)
    repo.write("sota-implementations/ppo/ppo.py", "def main():\n    return 1\n")
    repo.commit("decorator", "[Feature, BUGFIX] Scale and a script (#16)")
    repo.git("tag", "1.0.0")  # a release tag without its "v", as pytorch/rl's 0.0.3

    # In no release yet.
    text = (repo.work / "torchrl/objectives/ppo.py").read_text()
    repo.write("torchrl/objectives/ppo.py", text.replace("return data * 2", "return data * 3"))
    repo.commit("late", "[BugFix] After the last release (#17)")

    # A module whose raise the next fix rewords and whose warning's condition it changes.
    repo.write("torchrl/objectives/value.py", VALUE_V1)
    repo.commit("value", "[Feature] Value checks (#18)")
    repo.write(
        "torchrl/objectives/value.py",
        VALUE_V1.replace("if gamma > 1:", "if gamma >= 1:").replace(
            "gamma must be at most one", "gamma must lie in [0, 1)"
        ),
    )
    repo.commit("messages", "[BugFix] Stricter gamma (#19)")

    repo.git("revert", "--no-edit", repo.shas["forward"])
    repo._day += 1
    repo.shas["revert"] = repo.git("rev-parse", "HEAD").strip()
    return repo


@pytest.fixture(scope="session")
def tiny_repo(tmp_path_factory) -> TinyRepo:
    return make_tiny_repo(tmp_path_factory.mktemp("fix-scanner"))
