"""The git commands the fix scanner runs, against a git directory (a bare clone is enough).

Each runs with the user's and the system's git configuration ignored, so that settings such as
``diff.noprefix`` or ``log.showSignature`` cannot change what the scanner reads.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tools.fixes.facts.records import RELEASE_TAG, release_version


class ScanError(Exception):
    """The git directory or the commit cannot be read; the message says which and how to fix it."""


class Git:
    def __init__(self, git_dir: Path) -> None:
        self.git_dir = Path(git_dir)
        self._env = {
            **os.environ,
            "GIT_CONFIG_GLOBAL": os.devnull,
            "GIT_CONFIG_NOSYSTEM": "1",
            "LC_ALL": "C",
        }
        probe = self._run_bytes("rev-parse", "--git-dir", check=False)
        if probe is None:
            raise ScanError(
                f"{self.git_dir} is not a git directory; pass the .git directory of a pytorch/rl clone "
                "(git clone --bare https://github.com/pytorch/rl .mirrors/pytorch-rl.git)"
            )

    def _run_bytes(self, *args: str, check: bool = True) -> bytes | None:
        try:
            done = subprocess.run(
                ["git", f"--git-dir={self.git_dir}", *args], capture_output=True, env=self._env, check=True
            )
        except FileNotFoundError:
            raise ScanError("git is not installed or not on PATH; the fix scanner reads history with it") from None
        except subprocess.CalledProcessError as exc:
            if not check:
                return None
            message = exc.stderr.decode("utf-8", "replace").strip().splitlines()
            raise ScanError(
                f"git {' '.join(args[:2])} failed in {self.git_dir}: {message[-1] if message else exc}"
            ) from None
        return done.stdout

    def run(self, *args: str) -> str:
        return self._run_bytes(*args).decode("utf-8", "replace")

    def commit(self, name: str) -> str:
        """The full hash of the commit ``name`` names (a hash, a tag, a branch)."""
        found = self._run_bytes("rev-parse", "--verify", "--quiet", f"{name}^{{commit}}", check=False)
        if not found:
            raise ScanError(f"{self.git_dir} has no commit {name!r}; fetch it, or pass --commit with one it has")
        return found.decode().strip()

    def release_tags(self) -> list[str]:
        """Every release tag of the repository, lowest version first."""
        # Full ref names: a branch may share a tag's name (pytorch/rl has a branch v0.2.0), and the
        # short form of such a tag reads "tags/v0.2.0".
        refs = self.run("for-each-ref", "--format=%(refname)", "refs/tags").split()
        tags = [ref.removeprefix("refs/tags/") for ref in refs]
        return sorted((t for t in tags if RELEASE_TAG.match(t)), key=release_version)

    def reachable_from_tag(self, tag: str) -> set[str]:
        """Every commit in the history of the tag ``tag``."""
        return set(self.run("rev-list", f"refs/tags/{tag}^{{commit}}").split())

    def blobs(self) -> Blobs:
        return Blobs(self)


class Blobs:
    """File contents at commits, read through one ``git cat-file --batch`` process."""

    def __init__(self, git: Git) -> None:
        self._process = subprocess.Popen(
            ["git", f"--git-dir={git.git_dir}", "cat-file", "--batch"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=git._env,
        )

    def read(self, commit: str, path: str) -> bytes | None:
        """The file ``path`` at ``commit``, or None when it is not there."""
        self._process.stdin.write(f"{commit}:{path}\n".encode())
        self._process.stdin.flush()
        header = self._process.stdout.readline().decode().split()
        if len(header) != 3:  # "<name> missing"
            return None
        content = self._process.stdout.read(int(header[2]))
        self._process.stdout.read(1)  # the newline after each object
        return content if header[1] == "blob" else None

    def __enter__(self) -> Blobs:
        return self

    def __exit__(self, *_exc: object) -> None:
        self._process.stdin.close()
        self._process.stdout.close()
        self._process.wait()
