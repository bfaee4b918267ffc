"""Read a pytorch/rl checkout's sota-implementations/ into records (``python -m tools.wings.sota_scanner PATH``).

Everything comes from the code: the classes a script builds are the calls the
flow analysis (``tools.wings.sota_scanner.flow``) finds in the units the script reaches, the
hyperparameters are its Hydra YAML's leaves, the launchers and CI smoke tests
are the files that name its path.  No torchrl import: a checkout may be newer
than the installed wheel, and the build checks the result against it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

from tools.core.errors import error_text
from tools.sota.facts import classify
from tools.sota.facts.records import (
    Argument,
    Construction,
    Directory,
    Hyperparameter,
    Launcher,
    Script,
    SotaMap,
    TrainerConfig,
    UpdaterStep,
)
from tools.wings.sota_scanner.configs import MISSING, Config, read_yaml
from tools.wings.sota_scanner.flow import MODULE_UNIT, Flow, ScanError, split_external

SOTA_FOLDER = "sota-implementations"
LAUNCHERS = "sota-check"
CI_SMOKE = ".github/unittest/linux_sota/scripts/test_sota.py"
REPOSITORY = "pytorch/rl"
# A path to a script script inside a launcher's shell text or a CI command string.
_SCRIPT_PATH = re.compile(SOTA_FOLDER + r"/([\w.-]+)/([\w./-]+\.py)")
_GPUS = re.compile(r"^#SBATCH\s+--gres=gpu:(\d+)", re.M)
_REQUIREMENT = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)")


# --- values of arguments ----------------------------------------------------------------------


def _literal(node: ast.AST) -> tuple[bool, Any]:
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return False, None
    if isinstance(value, tuple):
        value = list(value)
    ok = (
        value is None
        or isinstance(value, (str, int, float, bool))
        or (isinstance(value, list) and all(v is None or isinstance(v, (str, int, float, bool)) for v in value))
    )
    return ok, value if ok else None


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _compute(flow: Flow, key, config: Config | None, node: ast.AST) -> tuple[float, list[str]] | None:
    """Arithmetic over literals and config values (``1 - cfg.loss.tau``), or None."""
    if isinstance(node, ast.Constant) and _number(node.value):
        return node.value, []
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.USub, ast.UAdd)):
        inner = _compute(flow, key, config, node.operand)
        return None if inner is None else ((-inner[0] if isinstance(node.op, ast.USub) else inner[0]), inner[1])
    if isinstance(node, ast.BinOp):
        left, right = _compute(flow, key, config, node.left), _compute(flow, key, config, node.right)
        if left is None or right is None:
            return None
        try:
            value = {
                ast.Add: lambda a, b: a + b,
                ast.Sub: lambda a, b: a - b,
                ast.Mult: lambda a, b: a * b,
                ast.Div: lambda a, b: a / b,
                ast.FloorDiv: lambda a, b: a // b,
                ast.Pow: lambda a, b: a**b,
            }[type(node.op)](left[0], right[0])
        except (KeyError, ArithmeticError):
            return None
        return value, list(dict.fromkeys(left[1] + right[1]))
    keys = [p for kind, p in flow.values(key, node) if kind == "cfg"]
    if len(keys) == 1 and config is not None and _number(config.get(keys[0])):
        return config.get(keys[0]), keys
    return None


def _tidy(value: float) -> float | int:
    return value if isinstance(value, int) else float(f"{value:.12g}")


def _argument(flow: Flow, key, config: Config | None, name: str, node: ast.AST) -> Argument:
    ok, value = _literal(node)
    if ok:
        return Argument(name, "literal", value)
    values = flow.values(key, node)
    configs = sorted(p for kind, p in values if kind == "cfg" and p)
    if configs and len(configs) == len(values):
        found = config.get(configs[0]) if config is not None and len(configs) == 1 else MISSING
        return Argument(name, "config", None if found is MISSING else found, configs)
    built = sorted({split_external(ref)[2] for kind, ref in values if kind == "obj"})
    if built and len(built) == len(values):
        return Argument(name, "built", " or ".join(built))
    refs = sorted({split_external(ref)[2] for kind, ref in values if kind == "ref" and ref.startswith("torchrl.")})
    if refs and len(refs) == len(values):
        return Argument(name, "torchrl", " or ".join(refs))
    computed = _compute(flow, key, config, node)
    if computed is not None and computed[1]:
        return Argument(name, "computed", _tidy(computed[0]), computed[1])
    return Argument(name, "expression", None, flow.config_keys_in(key, node))


def _arguments(flow: Flow, key, config, args, keywords) -> list[Argument]:
    out = []
    for index, arg in enumerate(args):
        if isinstance(arg, ast.Starred):
            out.append(Argument("*", "expression", None, flow.config_keys_in(key, arg)))
        else:
            out.append(_argument(flow, key, config, f"#{index}", arg))
    for keyword in keywords:
        if keyword.arg is None:
            out.append(Argument("**", "expression", None, flow.config_keys_in(key, keyword.value)))
        else:
            out.append(_argument(flow, key, config, keyword.arg, keyword.value))
    return out


# --- whether a call runs with the default config -------------------------------------------------

_UNKNOWN = object()
_COMPARE = {
    ast.Eq: lambda a, b: a == b,
    ast.NotEq: lambda a, b: a != b,
    ast.Is: lambda a, b: a is b,
    ast.IsNot: lambda a, b: a is not b,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
    ast.Lt: lambda a, b: a < b,
    ast.LtE: lambda a, b: a <= b,
    ast.Gt: lambda a, b: a > b,
    ast.GtE: lambda a, b: a >= b,
}


def _evaluate(flow: Flow, key, config: Config | None, node: ast.AST) -> Any:
    """A test's value under the default config, or _UNKNOWN when it depends on anything else."""
    if isinstance(node, (ast.Constant, ast.Tuple, ast.List, ast.Set)):
        ok, value = _literal(node)
        return value if ok else _UNKNOWN
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        inner = _evaluate(flow, key, config, node.operand)
        return inner if inner is _UNKNOWN else not inner
    if isinstance(node, ast.BoolOp):
        values = [_evaluate(flow, key, config, v) for v in node.values]
        known = [bool(v) for v in values if v is not _UNKNOWN]
        if isinstance(node.op, ast.And):
            return False if False in known else (_UNKNOWN if len(known) < len(values) else True)
        return True if True in known else (_UNKNOWN if len(known) < len(values) else False)
    if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _COMPARE:
        left, right = _evaluate(flow, key, config, node.left), _evaluate(flow, key, config, node.comparators[0])
        if left is _UNKNOWN or right is _UNKNOWN:
            return _UNKNOWN
        try:
            return _COMPARE[type(node.ops[0])](left, right)
        except TypeError:
            return _UNKNOWN
    if isinstance(node, (ast.Name, ast.Attribute)) and config is not None:
        values = flow.values(key, node)
        if len(values) == 1:
            kind, path = next(iter(values))
            if kind == "cfg" and path and config.get(path) is not MISSING:
                return config.get(path)
    return _UNKNOWN


def _branches(module, node: ast.AST) -> list[tuple[ast.expr, bool]]:
    """The tests around a node, within its function: (test, whether the node runs when it holds)."""
    out = []
    child, current = node, module.parents.get(node)
    while current is not None and not isinstance(
        current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.Module)
    ):
        if isinstance(current, ast.If) and child is not current.test:
            out.append((current.test, any(child is n for n in current.body)))
        elif isinstance(current, ast.IfExp) and child is not current.test:
            out.append((current.test, child is current.body))
        child, current = current, module.parents.get(current)
    return out


def _condition(flow: Flow, key, config: Config | None, module, node: ast.AST) -> tuple[dict[str, Any], bool | None]:
    when: dict[str, Any] = {}
    runs: bool | None = True
    for test, holds in _branches(module, node):
        for k in flow.config_keys_in(key, test):
            found = config.get(k) if config is not None else MISSING
            when[k] = None if found is MISSING else found
        value = _evaluate(flow, key, config, test)
        if value is _UNKNOWN:
            runs = None if runs else runs
        elif bool(value) != holds:
            runs = False
    return when, runs


# --- what a script builds ---------------------------------------------------------------------


def _constructions(flow: Flow, config: Config | None) -> list[Construction]:
    found: dict[tuple, Construction] = {}
    for key in flow.units():
        module = flow.modules[key[0]]
        for node in flow.walk(key):
            if not isinstance(node, ast.Call):
                continue
            if isinstance(node.func, ast.Attribute) and node.func.attr == "make_value_estimator":
                losses = sorted(
                    split_external(ref)[1] for kind, ref in flow.values(key, node.func.value) if kind == "obj"
                )
                arguments = _arguments(flow, key, config, node.args, node.keywords)
                arguments = [
                    Argument("value_type", a.source, a.value, a.config_keys) if a.name == "#0" else a for a in arguments
                ]
                when, runs = _condition(flow, key, config, module, node)
                made = Construction(
                    "make_value_estimator",
                    "",
                    "make_value_estimator",
                    module.file,
                    node.lineno,
                    arguments,
                    " or ".join(losses),
                    when,
                    runs,
                )
                found[(module.file, node.lineno, made.name)] = made
                continue
            func, args, keywords = flow.callee(key, node)
            for kind, ref in sorted(func):
                if kind != "ref":
                    continue
                module_name, name, display = split_external(ref)
                what = classify.kind_of(module_name, name)
                if what is None or display != name:
                    continue
                when, runs = _condition(flow, key, config, module, node)
                made = Construction(
                    name,
                    module_name,
                    what,
                    module.file,
                    node.lineno,
                    _arguments(flow, key, config, args, keywords),
                    when=when,
                    by_default=runs,
                )
                found[(module.file, node.lineno, name)] = made
    return sorted(found.values(), key=lambda c: (c.file != flow.script.file, c.file, c.line, c.name))


def _updaters(flow: Flow, key, node: ast.AST) -> list[str]:
    return sorted(
        split_external(ref)[1]
        for kind, ref in flow.values(key, node)
        if kind == "obj" and classify.kind_of(*split_external(ref)[:2]) == "target_updater"
    )


def _enclosing(module, node: ast.AST) -> list[ast.AST]:
    """Ancestors of a node up to (not including) its innermost function."""
    chain = []
    current = module.parents.get(node)
    while current is not None and not isinstance(
        current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.Module)
    ):
        chain.append(current)
        current = module.parents.get(current)
    return chain + ([current] if current is not None else [])


def _step_calls(node: ast.AST):
    """``x.step()`` calls in a function body, not descending into nested functions."""
    stack = list(ast.iter_child_nodes(node))
    while stack:
        current = stack.pop()
        if isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if (
            isinstance(current, ast.Call)
            and isinstance(current.func, ast.Attribute)
            and current.func.attr == "step"
            and not current.args
        ):
            yield current
        stack.extend(ast.iter_child_nodes(current))


def _condition_config(flow: Flow, key, config: Config | None, tests: list[ast.AST]) -> tuple[list[str], dict]:
    """Names in the ``if`` tests, and the config keys they come from (through up to three assignments)."""
    assigned: dict[str, list[ast.AST]] = {}
    closures = {n.name: n for n in flow.walk(key) if isinstance(n, ast.FunctionDef)}
    for node in flow.walk(key):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    assigned.setdefault(target.id, []).append(node.value)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in closures:
            # A nested function's parameter holds what its callers pass (`update(batch, delayed)`).
            params = [a.arg for a in closures[node.func.id].args.args]
            for param, arg in zip(params, node.args, strict=False):
                assigned.setdefault(param, []).append(arg)
            for keyword in node.keywords:
                if keyword.arg:
                    assigned.setdefault(keyword.arg, []).append(keyword.value)
    names = sorted({n.id for t in tests for n in ast.walk(t) if isinstance(n, ast.Name)})
    keys: list[str] = [k for t in tests for k in flow.config_keys_in(key, t)]
    frontier, seen = list(names), set(names)
    for _ in range(3):
        following = []
        for name in frontier:
            for value in assigned.get(name, []):
                keys += flow.config_keys_in(key, value)
                for n in ast.walk(value):
                    if isinstance(n, ast.Name) and n.id not in seen:
                        seen.add(n.id)
                        following.append(n.id)
        frontier = following
    values = {}
    for k in dict.fromkeys(keys):
        found = config.get(k) if config is not None else MISSING
        values[k] = None if found is MISSING else found
    return names, values


def _updater_steps(flow: Flow, config: Config | None) -> list[UpdaterStep]:
    steps = []
    for key in flow.units():
        module = flow.modules[key[0]]
        for node in flow.walk(key):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
                continue
            if node.func.attr in {"register_op", "register_hook"} and len(node.args) >= 2:
                point, op = node.args[0], node.args[1]
                if (
                    isinstance(point, ast.Constant)
                    and isinstance(point.value, str)
                    and isinstance(op, ast.Attribute)
                    and op.attr == "step"
                ):
                    for updater in _updaters(flow, key, op.value):
                        steps.append(UpdaterStep(updater, module.file, node.lineno, "trainer-hook", hook=point.value))
                continue
            if node.func.attr != "step" or node.args:
                continue
            updaters = _updaters(flow, key, node.func.value)
            if not updaters:
                continue
            ancestors = _enclosing(module, node)
            function = ancestors[-1]
            optimizer_steps = sorted(
                (
                    c
                    for c in _step_calls(function)
                    if c is not node and not _updaters(flow, key, c.func.value) and flow.is_optimizer(key, c.func.value)
                ),
                key=lambda c: (c.lineno, c.col_offset),
            )
            here = (node.lineno, node.col_offset)
            before = [c for c in optimizer_steps if (c.lineno, c.col_offset) < here]
            after = [c for c in optimizer_steps if (c.lineno, c.col_offset) > here]
            placement = (
                "after-optimizer-step" if before else "before-optimizer-step" if after else "no-optimizer-step-nearby"
            )
            # The `if`s around this step() that some optimizer step of the function runs outside of:
            # the updater then moves on fewer iterations than the optimizer (TD3's delayed actor).
            guards = [
                a
                for a in ancestors
                if isinstance(a, ast.If) and any(a not in _enclosing(module, c) for c in optimizer_steps)
            ]
            names, values = _condition_config(flow, key, config, [g.test for g in guards]) if guards else ([], {})
            for updater in updaters:
                steps.append(UpdaterStep(updater, module.file, node.lineno, placement, "", bool(guards), names, values))
    return sorted(steps, key=lambda s: (s.file != flow.script.file, s.file, s.line, s.updater))


def _cuda_calls(flow: Flow) -> list[str]:
    found = set()
    for key in flow.units():
        module = flow.modules[key[0]]
        for node in flow.walk(key):
            if isinstance(node, ast.Call):
                ref = flow.resolve(module, node.func) or ""
                if ref.startswith("torch.cuda."):
                    found.add(ref.removeprefix("torch."))
                elif ref.endswith(".get_available_device"):
                    found.add("get_available_device")
    return sorted(found)


def _hyperparameters(
    config: Config | None, constructions: list[Construction], steps: list[UpdaterStep]
) -> list[Hyperparameter]:
    if config is None:
        return []
    users: dict[str, list[str]] = {}

    def use(key: str, label: str) -> None:
        if label not in users.setdefault(key, []):
            users[key].append(label)

    for c in constructions:
        owner = f"{c.on or 'loss'}.make_value_estimator" if c.kind == "make_value_estimator" else c.name
        for a in c.arguments:
            for k in a.config_keys:
                use(k, f"{owner}({a.name})")
    for step in steps:
        for k in step.condition_config:
            use(k, f"{step.updater}.step() condition")
    keys = [k for k in config.leaves if classify.matters(k) or k in users]
    return [Hyperparameter(k, config.leaves[k], users.get(k, [])) for k in keys]


def _config_file(directory: Path, flow: Flow) -> str:
    """The YAML ``@hydra.main(config_path=..., config_name=...)`` points at, relative to the directory."""
    name = flow.hydra.get("config_name")
    if not name:
        return ""
    path = flow.hydra.get("config_path", "")
    base = "" if path in ("", ".", "./") else path.strip("/")
    for suffix in (".yaml", ".yml"):
        relative = f"{base}/{name}{suffix}" if base else f"{name}{suffix}"
        if (directory / relative).is_file():
            return relative
    return ""


def scan_script(directory: Path, file: str) -> Script:
    flow = Flow(directory, file)
    config_file = _config_file(directory, flow)
    config = Config(read_yaml(directory / config_file)) if config_file else None
    constructions = _constructions(flow, config)
    steps = _updater_steps(flow, config)
    leaves = config.leaves if config else {}
    return Script(
        file=file,
        config=config_file,
        helpers=sorted(m.file for name, m in flow.modules.items() if name != flow.script.name),
        constructions=constructions,
        updater_steps=steps,
        hyperparameters=_hyperparameters(config, constructions, steps),
        devices={k: v for k, v in leaves.items() if classify.names_device(k)},
        cuda_calls=_cuda_calls(flow),
        third_party=flow.third_party(),
        env_names={k: v for k, v in leaves.items() if classify.names_environment(k)},
    )


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
    root: Path, name: str, launchers: dict[str, list[Launcher]], smoke: dict[str, dict[str, str]]
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


def _smoke(root: Path) -> dict[str, dict[str, str]]:
    """CI smoke-test name -> script, per directory: the string-to-string dict of the CI's test module."""
    path = root / CI_SMOKE
    out: dict[str, dict[str, str]] = {}
    if not path.is_file():
        return out
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
                out.setdefault(directory, {})[str(key.value)] = script
    return out


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
    launchers, smoke = _launchers(root), _smoke(root)
    names = sorted(p.name for p in (root / SOTA_FOLDER).iterdir() if p.is_dir() and not p.name.startswith((".", "__")))
    directories = [scan_directory(root, name, launchers, smoke) for name in names]
    return SotaMap(REPOSITORY, commit, directories, CI_SMOKE if (root / CI_SMOKE).is_file() else "")


__all__ = ["MODULE_UNIT", "ScanError", "check_checkout", "scan", "scan_script"]
