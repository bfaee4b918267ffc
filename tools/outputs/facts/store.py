"""Captured output of example files, kept in ``outputs/`` and keyed on what produced it.

Running every example on each build would make cold builds train; pasting
output by hand would let it drift.  So ``make outputs`` runs each example whose
output a page shows, in a fresh interpreter as a reader would, and stores its
stdout in ``outputs/<example path>.json`` with a key: the hash of the example's
bytes and of the pinned versions.  Pages show the stored text; a test fails
when a key no longer matches, naming the command that refreshes it.

Generated pages show generated examples (each loss page's example is its
construction plus a few generated lines): a concern lists them in ``CONCERN.examples``
(name -> code), and they are captured, keyed and shown the same way, under the
name ``generated/<name>``, with the hash taken of the code itself.

One JSON file per example (not one manifest) so that two changes adding
examples never touch the same file.
"""

from __future__ import annotations

import ast
import datetime
import hashlib
import json
import re
import subprocess
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from tools.core.cache import code_files
from tools.core.distributions import pinned
from tools.core.fresh_python import run_fresh_python
from tools.core.paths import COMMITTED_RECORDS, ROOT

OUTPUTS = ROOT / "outputs"
# Kept beside the captures, keyed the same way, but not printed output: make curves' runs, the
# recipes' reports under the probe (tools/outputs/facts/probes.py) and make records' measured record sets.
RECIPE_PROBES = OUTPUTS / "recipe-probes"
NOT_CAPTURES = (OUTPUTS / "curves", RECIPE_PROBES, COMMITTED_RECORDS)
REFRESH_COMMAND = "make outputs"
TIMEOUT_SECONDS = 900
# Terminal colour codes (torchrl's logger colours its INFO lines): a reader's terminal
# shows the text without them, and so does the page.
ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")


@dataclass(frozen=True)
class CapturedOutput:
    source: str  # project-relative path of the example file
    key: str
    pins: dict[str, str]
    captured_on: str
    seconds: float
    stdout: str


def source_path(source: str) -> Path:
    path = (ROOT / source).resolve()
    if not path.is_file() or ROOT not in path.parents:
        raise FileNotFoundError(f"{source!r} is not a file of this project (paths are relative to its root)")
    return path


# Names of generated examples (no file: the concern that generates the page gives their code).
GENERATED = "generated/"


def project_modules(text: str) -> list[str]:
    """The modules of this project (``tools.*``) an example imports: what it prints depends on them too."""
    found = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and (node.module or "").split(".")[0] == "tools":
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name.split(".")[0] == "tools")
    return sorted(found)


def key_for(source: str, code: str | None = None) -> str:
    """Hash of the example (``code`` for a generated one, else the file's bytes), of the project code it
    imports (``check_wiring``'s examples print what ``tools.wiring`` says) and of the pins."""
    return inputs_key(source_path(source).read_bytes() if code is None else code.encode())


def inputs_key(text: bytes, *also: bytes) -> str:
    """Hash of a file's bytes, of ``also`` (what runs it, for a recipe under the probe), of the
    project code the file imports and of the pins."""
    digest = hashlib.sha256(text)
    for extra in also:
        digest.update(extra)
    for path in code_files(project_modules(text.decode("utf-8"))):
        digest.update(path.read_bytes())
    digest.update(json.dumps(pinned(), sort_keys=True).encode())
    return digest.hexdigest()[:16]


def stored_path(source: str) -> Path:
    return OUTPUTS / f"{source}.json"


def load(source: str) -> CapturedOutput | None:
    path = stored_path(source)
    if not path.exists():
        return None
    return CapturedOutput(**json.loads(path.read_text()))


def staleness(source: str, code: str | None = None) -> str | None:
    """Why the stored output of ``source`` cannot be shown as current, or None when it can."""
    captured = load(source)
    if captured is None:
        return f"no captured output for {source}; run `{REFRESH_COMMAND}`"
    if captured.key != key_for(source, code):
        return (
            f"the captured output of {source} is stale (the file or a pinned version changed since "
            f"{captured.captured_on}); run `{REFRESH_COMMAND}`"
        )
    return None


def run_example(source: str, code: str | None = None) -> subprocess.CompletedProcess:
    """Run an example (a file, or generated ``code``) alone in a fresh interpreter, in an empty directory."""
    with tempfile.TemporaryDirectory() as cwd:
        path = source_path(source) if code is None else Path(cwd) / "example.py"
        if code is not None:
            path.write_text(code)
        return run_fresh_python([str(path)], cwd=Path(cwd), timeout=TIMEOUT_SECONDS)


def capture(source: str, code: str | None = None) -> CapturedOutput:
    """Run ``source`` (or the generated ``code`` named so) and store what it printed; raise when it fails."""
    started = time.perf_counter()
    result = run_example(source, code=code)
    seconds = round(time.perf_counter() - started, 1)
    if result.returncode != 0:
        raise RuntimeError(f"{source} exited {result.returncode}; nothing stored:\n{result.stderr[-4000:]}")
    captured = CapturedOutput(
        source=source,
        key=key_for(source, code),
        pins=pinned(),
        captured_on=datetime.date.today().isoformat(),
        seconds=seconds,
        stdout=ANSI_ESCAPE.sub("", result.stdout),
    )
    path = stored_path(source)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(asdict(captured), indent=1) + "\n")
    return captured


def stored_sources() -> list[str]:
    """Every example that has a stored output."""
    return sorted(
        p.relative_to(OUTPUTS).as_posix().removesuffix(".json")
        for p in OUTPUTS.rglob("*.json")
        if not any(p.is_relative_to(kept) for kept in NOT_CAPTURES)
    )
