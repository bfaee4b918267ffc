"""Whether a call runs with a script's default config: the ``if`` tests around it, evaluated where the config
decides them."""

from __future__ import annotations

import ast
from typing import Any

from tools.wings.sota_scanner.arguments import literal
from tools.wings.sota_scanner.configs import MISSING, Config
from tools.wings.sota_scanner.flow import Flow

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
        ok, value = literal(node)
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


def condition(flow: Flow, key, config: Config | None, module, node: ast.AST) -> tuple[dict[str, Any], bool | None]:
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
