"""Read a pytorch/rl checkout's sota-implementations/ into records (``python -m tools.wings.sota_scanner PATH``).

Everything comes from the code: the classes a script builds (``script.py``) are the calls the
flow analysis (``tools.wings.sota_scanner.flow``) finds in the units the script reaches, the
hyperparameters are its Hydra YAML's leaves, the launchers and CI smoke tests
are the files that name its path.  Which of those calls build a loss, an
estimator, a target updater or a trainer is decided by the installed torchrl's
class lists (``tools.sota.facts.classify``), so the scan imports torchrl; a name
the installed torchrl lacks stops it with a message.  The build checks the
result against the same torchrl.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tools.core.errors import error_text
from tools.sota.facts import classify
from tools.sota.facts.records import (
    Directory,
    Hyperparameter,
    Launcher,
    SmokeRunner,
    SotaMap,
    TrainerConfig,
)
from tools.wings.sota_scanner.configs import Config, read_yaml
from tools.wings.sota_scanner.flow import MODULE_UNIT, ScanError
from tools.wings.sota_scanner.script import scan_script

SOTA_FOLDER = "sota-implementations"
LAUNCHERS = "sota-check"
CI_SMOKE = ".github/unittest/linux_sota/scripts/test_sota.py"
_EXPORT = re.compile(r"^\s*export\s+([A-Za-z_]\w*)=(\S*)\s*$", re.M)
REPOSITORY = "pytorch/rl"
# A path to a script inside a launcher's shell text or a CI command string.
_SCRIPT_PATH = re.compile(SOTA_FOLDER + r"/([\w.-]+)/([\w./-]+\.py)")
_GPUS = re.compile(r"^#SBATCH\s+--gres=gpu:(\d+)", re.M)
_REQUIREMENT = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)")


# --- a directory ----------------------------------------------------------------------------


def _is_entry_point(path: Path) -> bool:
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    except (SyntaxError, UnicodeDecodeError) as exc:
        raise ScanError(f"{path}: not readable Python ({error_text(exc)})") from None
    for node in tree.body:
        if isinstance(node, ast.If) and "__name__" in {n.id for n in ast.walk(node.test) if isinstance(n, ast.Name)}:
            return True
    return False


def _requirements(directory: Path) -> list[str]:
    names = set()
    for path in sorted(directory.rglob("requirements*.txt")):
        for line in path.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            match = _REQUIREMENT.match(line)
            if match and not line.startswith(("-", "#")):
                names.add(match.group(1).lower())
    return sorted(names)


def _trainer_configs(directory: Path, configs: list[str]) -> list[TrainerConfig]:
    """YAML files whose defaults list picks an option of torchrl's ``trainer`` config group,
    or extends (names in its defaults list) a YAML of the same folder that does."""
    data = {file: read_yaml(directory / file) for file in configs}
    chosen: set[str] = set()
    while True:
        found = set(chosen)
        for file, content in data.items():
            defaults = content.get("defaults") or []
            groups = {str(k).split("@")[0] for entry in defaults if isinstance(entry, dict) for k in entry}
            folder = Path(file).parent
            extends = {(folder / f"{entry}.yaml").as_posix() for entry in defaults if isinstance(entry, str)}
            if "trainer" in groups or extends & chosen:
                found.add(file)
        if found == chosen:
            break
        chosen = found
    out = []
    for file in sorted(chosen):
        defaults = data[file].get("defaults") or []
        config = Config(data[file])
        keys = [k for k in config.leaves if classify.matters(k)]
        out.append(TrainerConfig(file, defaults, config.body, [Hyperparameter(k, config.leaves[k]) for k in keys]))
    return out


def _files(directory: Path, *suffixes: str) -> list[str]:
    return sorted(
        p.relative_to(directory).as_posix()
        for p in directory.rglob("*")
        if p.is_file() and p.suffix in suffixes and "__pycache__" not in p.parts
    )


def scan_directory(
    root: Path,
    name: str,
    launchers: dict[str, list[Launcher]],
    smoke: dict[str, dict[str, str]],
    smoke_commands: dict[str, dict[str, str]] | None = None,
) -> Directory:
    directory = root / SOTA_FOLDER / name
    python = _files(directory, ".py")
    entry = [f for f in python if _is_entry_point(directory / f)]
    configs = _files(directory, ".yaml", ".yml")
    return Directory(
        name=name,
        scripts=[scan_script(directory, f) for f in entry],
        helpers=[f for f in python if f not in entry],
        configs=configs,
        requirements=_requirements(directory),
        launchers=launchers.get(name, []),
        ci_smoke=smoke.get(name, {}),
        trainer_configs=_trainer_configs(directory, configs),
        ci_smoke_commands=(smoke_commands or {}).get(name, {}),
    )


def _launchers(root: Path) -> dict[str, list[Launcher]]:
    out: dict[str, list[Launcher]] = {}
    folder = root / LAUNCHERS
    if not folder.is_dir():
        return out
    for path in sorted(folder.glob("*.sh")):
        text = path.read_text(encoding="utf-8", errors="replace")
        by_directory: dict[str, list[str]] = {}
        for directory, script in _SCRIPT_PATH.findall(text):
            by_directory.setdefault(directory, [])
            if script not in by_directory[directory]:
                by_directory[directory].append(script)
        gpus = _GPUS.search(text)
        for directory, scripts in by_directory.items():
            out.setdefault(directory, []).append(Launcher(path.name, scripts, int(gpus.group(1)) if gpus else None))
    return out


def _smoke(root: Path) -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]]]:
    """Per directory: CI smoke-test name -> script, and name -> command (whitespace collapsed): the
    string-to-string dict of the CI's test module."""
    path = root / CI_SMOKE
    scripts: dict[str, dict[str, str]] = {}
    commands: dict[str, dict[str, str]] = {}
    if not path.is_file():
        return scripts, commands
    try:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    except SyntaxError as exc:
        raise ScanError(f"{path}: not readable Python ({exc})") from None
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict)):
            continue
        for key, value in zip(node.value.keys, node.value.values, strict=True):
            if not (isinstance(key, ast.Constant) and isinstance(value, ast.Constant) and isinstance(value.value, str)):
                continue
            for directory, script in _SCRIPT_PATH.findall(value.value):
                scripts.setdefault(directory, {})[str(key.value)] = script
                commands.setdefault(directory, {})[str(key.value)] = " ".join(value.value.split())
    return scripts, commands


def _smoke_test(tree: ast.Module) -> tuple[str, str]:
    """(test function, parameter) of the test parametrized over the smoke list, or ("", "")."""
    for node in tree.body:
        if not (isinstance(node, ast.FunctionDef) and node.name.startswith("test")):
            continue
        for decorator in node.decorator_list:
            if (
                isinstance(decorator, ast.Call)
                and isinstance(decorator.func, ast.Attribute)
                and decorator.func.attr == "parametrize"
                and decorator.args
                and isinstance(decorator.args[0], ast.Constant)
                and isinstance(decorator.args[0].value, str)
            ):
                return node.name, decorator.args[0].value
    return "", ""


def _smoke_runner(root: Path) -> SmokeRunner | None:
    """The CI shell command that runs the smoke file, with the variables it exports that the file names."""
    smoke = root / CI_SMOKE
    if not smoke.is_file():
        return None
    text = smoke.read_text(encoding="utf-8")
    test, parameter = _smoke_test(ast.parse(text))
    found, environment = None, {}
    for script in sorted(smoke.parent.glob("*.sh")):
        shell = script.read_text(encoding="utf-8", errors="replace").replace("\\\n", " ")
        for name, value in _EXPORT.findall(shell):
            if name in text:
                environment[name] = value
        for line in shell.splitlines():
            if found is None and CI_SMOKE in line and "pytest" in line and not line.lstrip().startswith("#"):
                words = [w for w in line.split() if "$" not in w]
                found = (script.relative_to(root).as_posix(), " ".join(words))
    if found is None:
        return None
    return SmokeRunner(found[0], found[1], test, parameter, dict(sorted(environment.items())))


def check_checkout(root: Path) -> None:
    if not root.exists():
        raise ScanError(f"{root} does not exist; give the folder of a pytorch/rl checkout")
    if not root.is_dir():
        raise ScanError(f"{root} is not a folder; give the folder of a pytorch/rl checkout")
    if not (root / SOTA_FOLDER).is_dir():
        hint = (
            " (it has a torchrl/ package, so this commit predates sota-implementations/)"
            if (root / "torchrl").is_dir()
            else ""
        )
        raise ScanError(
            f"{root} has no {SOTA_FOLDER}/ folder{hint}; give the root of a pytorch/rl checkout, for instance "
            f"'git --git-dir=MIRROR archive COMMIT {SOTA_FOLDER} {LAUNCHERS} .github | tar x -C DIR'"
        )


def scan(root: Path, commit: str) -> SotaMap:
    check_checkout(root)
    launchers, (smoke, commands) = _launchers(root), _smoke(root)
    names = sorted(p.name for p in (root / SOTA_FOLDER).iterdir() if p.is_dir() and not p.name.startswith((".", "__")))
    directories = [scan_directory(root, name, launchers, smoke, commands) for name in names]
    return SotaMap(
        REPOSITORY, commit, directories, CI_SMOKE if (root / CI_SMOKE).is_file() else "", _smoke_runner(root)
    )


__all__ = ["MODULE_UNIT", "ScanError", "check_checkout", "scan", "scan_script"]
