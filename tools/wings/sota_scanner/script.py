"""What one SOTA script builds: the torchrl classes it constructs (with their arguments and whether they run
under the default config), where its target updaters step, the hyperparameters those read, its devices."""

from __future__ import annotations

import ast
from pathlib import Path

from tools.sota.facts import classify
from tools.sota.facts.records import Argument, Construction, Hyperparameter, Script, UpdaterStep
from tools.wings.sota_scanner.arguments import call_arguments
from tools.wings.sota_scanner.conditions import condition
from tools.wings.sota_scanner.configs import MISSING, Config, read_yaml
from tools.wings.sota_scanner.flow import Flow, ScanError, split_external


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
                arguments = call_arguments(flow, key, config, node.args, node.keywords)
                arguments = [
                    Argument("value_type", a.source, a.value, a.config_keys) if a.name == "#0" else a for a in arguments
                ]
                when, runs = condition(flow, key, config, module, node)
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
                what = _kind_of(module_name, name, f"{module.file}:{node.lineno}")
                if what is None or display != name:
                    continue
                when, runs = condition(flow, key, config, module, node)
                made = Construction(
                    name,
                    module_name,
                    what,
                    module.file,
                    node.lineno,
                    call_arguments(flow, key, config, args, keywords),
                    when=when,
                    by_default=runs,
                )
                found[(module.file, node.lineno, name)] = made
    return sorted(found.values(), key=lambda c: (c.file != flow.script.file, c.file, c.line, c.name))


def _kind_of(module: str, name: str, where: str) -> str | None:
    try:
        return classify.kind_of(module, name)
    except classify.NotInstalled as exc:
        raise ScanError(f"{where}: {exc}") from None


def _updaters(flow: Flow, key, node: ast.AST) -> list[str]:
    return sorted(
        split_external(ref)[1]
        for kind, ref in flow.values(key, node)
        if kind == "obj" and _kind_of(*split_external(ref)[:2], "an updater's step()") == "target_updater"
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
