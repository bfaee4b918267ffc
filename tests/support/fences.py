"""Find the code fences of a Markdown page and group Python ones into runnable chains.

Written here instead of using pytest-codeblocks, whose parser silently skips
fences with options, cannot tell which fences it ran, and runs blocks with
``__name__ == "builtins"``.  Counting fences ourselves lets a test prove that
every Python block the built site shows was run.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from tools.core.paths import ROOT

OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})(?P<info>[^`\n]*)$")
CONT_MARKER = "<!--pytest-codeblocks:cont-->"
# Above a Python fence: the block is for an older torchrl (an upgrade page's "before" half). The
# runners of the pinned release leave it alone; tests/tools/upgrading runs it on that release.
RUNS_ON = re.compile(r"^<!--runs-on:torchrl==(?P<release>\d+\.\d+\.\d+)-->$")
SNIPPET_LINE = re.compile(r"""^\s*-{1,}8<-{1,}\s+["'](?P<path>[^"']+)["']\s*$""")
# Languages that Pygments renders as Python; the style test allows only the first.
PYTHON_LANGS = {"python", "py", "python3", "py3", "pycon"}


@dataclass
class Fence:
    page: str
    line: int  # 1-based line of the opening fence
    info: str  # everything after the backticks, stripped
    body: str
    continues: bool  # preceded by the cont marker
    runs_on: str | None = None  # an older torchrl release it is for (preceded by the runs-on marker)

    @property
    def lang(self) -> str:
        token = self.info.split()[0] if self.info.split() else ""
        return token.strip("{}").lstrip(".").lower()

    @property
    def is_python(self) -> bool:
        return self.lang in PYTHON_LANGS

    @property
    def snippet_includes(self) -> list[str]:
        return [m.group("path") for line in self.body.splitlines() if (m := SNIPPET_LINE.match(line))]


@dataclass
class Chain:
    """Python fences that run together: one block plus the blocks that continue it."""

    fences: list[Fence] = field(default_factory=list)

    @property
    def page(self) -> str:
        return self.fences[0].page

    @property
    def line(self) -> int:
        return self.fences[0].line

    @property
    def id(self) -> str:
        return f"{self.page}:{self.line}"

    @property
    def whole_snippet(self) -> str | None:
        """The snippet file this chain consists of, if it is one include and nothing else."""
        if len(self.fences) != 1:
            return None
        fence = self.fences[0]
        lines = [line for line in fence.body.splitlines() if line.strip()]
        includes = fence.snippet_includes
        if len(includes) == 1 and len(lines) == 1:
            return includes[0]
        return None

    def code(self) -> str:
        parts = []
        for fence in self.fences:
            body_lines = []
            for line in fence.body.splitlines(keepends=True):
                match = SNIPPET_LINE.match(line)
                body_lines.append((ROOT / match.group("path")).read_text() if match else line)
            parts.append("".join(body_lines))
        return "\n".join(parts)


def extract(markdown: str, page: str) -> list[Fence]:
    fences: list[Fence] = []
    lines = markdown.splitlines()
    index = 0
    previous_nonblank = ""
    while index < len(lines):
        line = lines[index]
        match = OPEN.match(line)
        if not match:
            if line.strip():
                previous_nonblank = line.strip()
            index += 1
            continue
        indent, fence, info = match.group("indent"), match.group("fence"), match.group("info").strip()
        body = []
        start_line = index + 1
        index += 1
        while index < len(lines):
            candidate = lines[index]
            stripped = candidate.strip()
            if stripped.startswith(fence[0] * len(fence)) and not stripped.strip(fence[0]):
                break
            body.append(candidate[len(indent) :] if candidate.startswith(indent) else candidate.lstrip())
            index += 1
        else:
            raise ValueError(f"{page}:{start_line}: code fence opened but never closed")
        fences.append(
            Fence(
                page=page,
                line=start_line,
                info=info,
                body="\n".join(body) + "\n",
                continues=previous_nonblank == CONT_MARKER,
                runs_on=(m.group("release") if (m := RUNS_ON.match(previous_nonblank)) else None),
            )
        )
        previous_nonblank = ""
        index += 1
    return fences


def python_chains(fences: list[Fence]) -> list[Chain]:
    chains: list[Chain] = []
    for fence in fences:
        if fence.runs_on is not None:
            if not fence.is_python or fence.continues:
                raise ValueError(f"{fence.page}:{fence.line}: the runs-on marker sits above a lone Python fence")
            continue
        if not fence.is_python:
            if fence.continues:
                raise ValueError(f"{fence.page}:{fence.line}: the cont marker sits above a {fence.lang!r} fence")
            continue
        if fence.continues:
            if not chains or chains[-1].page != fence.page:
                raise ValueError(f"{fence.page}:{fence.line}: cont marker with no Python block before it")
            chains[-1].fences.append(fence)
        else:
            chains.append(Chain([fence]))
    return chains


def snippet_files() -> list[Path]:
    return sorted((ROOT / "snippets").rglob("*.py"))
