"""What a call's arguments are: a literal, a config value, an object the script built, a torchrl name, arithmetic
over config values, or an expression (with the config keys it reads)."""

from __future__ import annotations

import ast
from typing import Any

from tools.sota.facts.records import Argument
from tools.wings.sota_scanner.configs import MISSING, Config
from tools.wings.sota_scanner.flow import Flow, split_external


def literal(node: ast.AST) -> tuple[bool, Any]:
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
    ok, value = literal(node)
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


def call_arguments(flow: Flow, key, config, args, keywords) -> list[Argument]:
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
