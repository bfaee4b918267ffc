"""Snapshot an older torchrl release in a throwaway venv: ``make api-snapshot RELEASE=0.13.3``.

Standard library only; run with the system Python from the project root
(``python3 tools/wings/api_snapshot.py --release 0.13.3``). Steps:

1. download the release's wheel alone and read its ``Requires-Dist``: the
   ``tensordict`` range it requires, and the torch range it accepts;
2. create ``.cache/snapshot-venv-<release>/``, install torch alone, first, at a
   CPU build the release accepts (``--torch``, default 2.13.0: the CPU wheel this
   machine's pip finds; PyPI's other Linux builds are multi-GB CUDA ones);
3. install the wheel, that tensordict range and the project's hydra-core,
   omegaconf and gymnasium pins, with the same torch pin again so nothing
   replaces it;
4. run ``python -m tools.torchrl.snapshot`` with the venv's interpreter, the
   project root on that one process's path (nothing of this project is
   installed in the venv; the snapshot imports only the standard library and
   torchrl's stack), with every ``data/troubleshooting/fixed/*.py`` block and every "before" half
   of the upgrade notes' migrations from this release
   (``data/upgrading/from-<release>/*.before.py``) run in the venv too, into
   ``data/snapshots/torchrl-<release>.json``;
5. delete the venv and the wheel, also after a failure (``--keep`` keeps the venv).

It prints how long the install and the snapshot took and how big the venv was.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT_MODULE = "tools.torchrl.snapshot"
MIGRATIONS = ROOT / "data" / "upgrading"
FIXED_BLOCKS = ROOT / "data" / "troubleshooting" / "fixed"
OUTPUT_DIR = ROOT / "data" / "snapshots"
CACHE = ROOT / ".cache"
RELEASE = re.compile(r"^\d+\.\d+\.\d+$")
REQUIREMENT = re.compile(r"^Requires-Dist:\s*(?P<name>[A-Za-z0-9_.-]+)\s*(?P<spec>[^;]*?)\s*(?:;(?P<marker>.*))?$")


def run(command: list[str], **kwargs) -> None:
    print("+", " ".join(map(str, command)), flush=True)
    subprocess.run(command, check=True, **kwargs)


def requirements(wheel: Path) -> dict[str, str]:
    """Unconditional ``Requires-Dist`` entries of a wheel: name -> version specifier (extras skipped)."""
    with zipfile.ZipFile(wheel) as archive:
        name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
        text = archive.read(name).decode("utf-8")
    found = {}
    for line in text.splitlines():
        match = REQUIREMENT.match(line)
        if match and not (match["marker"] and "extra" in match["marker"]):
            found[match["name"].lower()] = match["spec"].strip().strip("()")
    return found


def project_pin(name: str) -> str:
    """``name==x.y.z`` as pyproject.toml pins it."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    match = re.search(rf'"({re.escape(name)}==[^"]+)"', text)
    if not match:
        raise SystemExit(f"pyproject.toml pins no {name}")
    return match.group(1)


def folder_size(path: Path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--release", required=True, help="a torchrl release on PyPI, e.g. 0.13.3")
    parser.add_argument("--torch", default="2.13.0", help="torch version to install first, alone (CPU build)")
    parser.add_argument(
        "--torch-pip-args",
        default="",
        help="extra pip arguments for the torch install only "
        "(e.g. PyTorch's CPU wheel index, as the Makefile's TORCH_PIP_ARGS)",
    )
    parser.add_argument("--python", default=sys.executable, help="interpreter the venv is made from")
    parser.add_argument("--output", type=Path, help="default: data/snapshots/torchrl-<release>.json")
    parser.add_argument("--keep", action="store_true", help="keep the venv (for working on the snapshot)")
    args = parser.parse_args(argv)
    if not RELEASE.match(args.release):
        raise SystemExit(f"--release {args.release!r}: expected a version such as 0.13.3")
    return args


def _download_wheel(args: argparse.Namespace, wheels: Path) -> Path:
    run(
        [
            args.python,
            "-m",
            "pip",
            "--disable-pip-version-check",
            "download",
            "-qq",
            "--no-deps",
            "--only-binary=:all:",
            f"torchrl=={args.release}",
            "-d",
            str(wheels),
        ]
    )
    return next(wheels.glob("torchrl-*.whl"))


def _install(args: argparse.Namespace, venv: Path, wheel: Path) -> None:
    """torch alone first, then the wheel, the tensordict range it requires and the project's pins."""
    python = venv / "bin" / "python"
    pip = [str(python), "-m", "pip", "--disable-pip-version-check", "install", "-qq"]
    required = requirements(wheel)
    tensordict = "tensordict" + required.get("tensordict", "")
    print(
        f"torchrl {args.release} requires {tensordict} and torch{required.get('torch', '')}"
        f" (installing torch=={args.torch})",
        flush=True,
    )
    run([args.python, "-m", "venv", str(venv)])
    run([*pip, *args.torch_pip_args.split(), f"torch=={args.torch}"])
    torch_version = subprocess.run(
        [str(python), "-c", "from importlib.metadata import version; print(version('torch'))"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    if "+cpu" not in torch_version:
        print(
            f"note: torch {torch_version} is not a +cpu build (pass --torch-pip-args with a CPU wheel index "
            "to avoid the multi-GB CUDA one)",
            flush=True,
        )
    # The torch pin again: pip fails here, loudly, if the release refuses this torch.
    # gymnasium: the fixed-upstream blocks and migrations that build a collector use Pendulum-v1.
    pins = [project_pin(name) for name in ("hydra-core", "omegaconf", "gymnasium")]
    run([*pip, str(wheel), tensordict, *pins, f"torch=={args.torch}"])


def _snapshot(release: str, python: Path, output: Path) -> None:
    """The snapshot module run by the venv's interpreter, with the project root on that process's path only."""
    migrations = MIGRATIONS / f"from-{release}"
    command = [str(python), "-m", SNAPSHOT_MODULE, "--blocks", str(FIXED_BLOCKS), "--migrations", str(migrations)]
    run([*command, "-o", str(output)], cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    output = args.output or OUTPUT_DIR / f"torchrl-{args.release}.json"
    venv = CACHE / f"snapshot-venv-{args.release}"
    wheels = CACHE / f"snapshot-wheel-{args.release}"
    try:
        shutil.rmtree(venv, ignore_errors=True)
        shutil.rmtree(wheels, ignore_errors=True)
        started = time.monotonic()
        _install(args, venv, _download_wheel(args, wheels))
        installed = time.monotonic() - started
        size = folder_size(venv)
        started = time.monotonic()
        _snapshot(args.release, venv / "bin" / "python", output.resolve())
        introspected = time.monotonic() - started
        print(
            f"torchrl {args.release}: venv installed in {installed:.0f} s, {size / 1e9:.2f} GB; "
            f"snapshot (introspection and {len(list(FIXED_BLOCKS.glob('*.py')))} fixed-upstream blocks) "
            f"in {introspected:.0f} s -> {output.relative_to(ROOT) if output.is_relative_to(ROOT) else output}"
        )
    finally:
        shutil.rmtree(wheels, ignore_errors=True)
        if not args.keep and venv.exists():
            started = time.monotonic()
            shutil.rmtree(venv, ignore_errors=True)  # torch's many small files: slow to delete on a busy machine
            print(f"deleted {venv.relative_to(ROOT)} in {time.monotonic() - started:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
