"""Read a recipe file's source (``ast`` and ``tokenize``, no import, no run): what it wires.

The pages state what each recipe uses (losses, estimators, updaters and their
arguments, renamed keys, knobs) from the file itself, so a page cannot say
one thing while its file does another.  Nothing here runs the recipe: cold
builds never train.
"""

from __future__ import annotations

import ast
import functools
import io
import re
import tokenize
from pathlib import Path

from tools.core.paths import ROOT, SNIPPETS
from tools.recipes.facts.catalog import FAMILIES
from tools.recipes.facts.records import Call, Knob, Recipe

RECIPES = SNIPPETS / "recipes"
# Records computed from this module are keyed on these files too (tools.core.cache).
__cache_inputs__ = ("snippets/recipes",)
UPDATERS = ("SoftUpdate", "HardUpdate")
# Exploration modules (whose step() advances their schedule) and prioritized replay.
EXPLORATION = ("EGreedyModule", "AdditiveGaussianModule", "OrnsteinUhlenbeckProcessModule")
PRIORITIZED = ("TensorDictPrioritizedReplayBuffer", "PrioritizedReplayBuffer", "PrioritizedSampler")
# Sequence pieces of a replay buffer (trajectory slices, returns-to-go written on extend): what a
# sequence model's loss reads depends on them.
SEQUENCES = ("SliceSampler", "Reward2GoTransform")
# Methods whose calls wire a loss, an estimator or a buffer: the lines a page highlights.
WIRING_METHODS = (
    "set_keys",
    "make_value_estimator",
    "value_estimator",
    "update_tensordict_priority",
    "update_priority",
)


class RecipeSourceError(Exception):
    """A recipe file breaks the recipe contract; the message names the file and the fix."""


def recipe_files() -> list[Path]:
    return sorted(RECIPES.glob("*.py"))


# Where Python's tokenizer ends a line.
LINE_END = re.compile(r"(?<=\r\n)|(?<=\r)(?!\n)|(?<=\n)")


@functools.lru_cache(maxsize=2)
def _lines(source: str) -> list[str]:
    return [line for line in LINE_END.split(source) if line]


def _segment(source: str, node: ast.AST) -> str | None:
    """``ast.get_source_segment(source, node)``, with the source split into lines once.

    The standard library splits the whole file again for every node it is asked about:
    that was most of reading the recipes (hundreds of nodes) in a cold build.
    """
    end_line, end_col = getattr(node, "end_lineno", None), getattr(node, "end_col_offset", None)
    if end_line is None or end_col is None:
        return None
    lines, first, last = _lines(source), node.lineno - 1, end_line - 1
    if first == last:  # column offsets count UTF-8 bytes
        return lines[first].encode()[node.col_offset : end_col].decode()
    head = lines[first].encode()[node.col_offset :].decode()
    tail = lines[last].encode()[:end_col].decode()
    return "".join([head, *lines[first + 1 : last], tail])


def _comments(source: str) -> dict[int, str]:
    found = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            found[token.start[0]] = token.string.lstrip("#").strip()
    return found


def _imported(tree: ast.Module) -> dict[str, str]:
    """Local name -> module it was imported from."""
    names = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                names[alias.asname or alias.name] = node.module
    return names


def _knobs(tree: ast.Module, source: str, comments: dict[int, str]) -> list[Knob]:
    knobs = []
    for node in tree.body:
        if not isinstance(node, ast.Assign):
            continue
        targets = node.targets[0]
        names = [targets] if isinstance(targets, ast.Name) else list(getattr(targets, "elts", []))
        if not names or not all(isinstance(n, ast.Name) and n.id.isupper() for n in names):
            continue
        values = (
            list(node.value.elts)
            if len(names) > 1 and isinstance(node.value, ast.Tuple) and len(node.value.elts) == len(names)
            else [node.value] * len(names)
        )
        for name, value in zip(names, values, strict=False):
            knobs.append(Knob(name.id, _segment(source, value) or "", comments.get(node.lineno, "")))
    return knobs


def _callee(node: ast.Call) -> str | None:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return None


def _dict_literals(tree: ast.Module, source: str) -> dict[str, dict[str, str]]:
    """Variables assigned a dict literal with string keys: what ``f(**name)`` passes."""
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
            if isinstance(target, ast.Name) and all(isinstance(k, ast.Constant) for k in value.keys):
                found[target.id] = {
                    k.value: _segment(source, v) or "" for k, v in zip(value.keys, value.values, strict=True)
                }
    return found


def _call(node: ast.Call, name: str, source: str, dicts: dict[str, dict[str, str]] | None = None) -> Call:
    keywords = {}
    for keyword in node.keywords:
        if keyword.arg:
            keywords[keyword.arg] = _segment(source, keyword.value) or ""
        elif isinstance(keyword.value, ast.Name) and dicts and keyword.value.id in dicts:
            keywords.update(dicts[keyword.value.id])  # f(**nested), nested a dict literal
    return Call(
        name=name,
        line=node.lineno,
        end_line=node.end_lineno or node.lineno,
        keywords=keywords,
        positional=[_segment(source, a) or "" for a in node.args],
        receiver=getattr(node.func.value, "id", "") if isinstance(node.func, ast.Attribute) else "",
    )


def _statement_spans(tree: ast.Module) -> dict[int, tuple[int, int]]:
    """Line of a call -> (first, last) line of the simple statement holding it."""
    spans = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt) and not isinstance(
            node, (ast.FunctionDef, ast.ClassDef, ast.For, ast.While, ast.If, ast.With, ast.Try)
        ):
            for line in range(node.lineno, (node.end_lineno or node.lineno) + 1):
                spans.setdefault(line, (node.lineno, node.end_lineno or node.lineno))
    return spans


def _loss_aliases(tree: ast.Module, losses: list[str]) -> dict[str, str]:
    """``loss_class = MAPPOLoss if ... else IPPOLoss``: calls of loss_class build one of the two losses."""
    aliases = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.IfExp) and len(node.targets) == 1:
            options = [getattr(node.value.body, "id", None), getattr(node.value.orelse, "id", None)]
            if all(o in losses for o in options) and isinstance(node.targets[0], ast.Name):
                aliases[node.targets[0].id] = "/".join(options)
    return aliases


def _local_envs(tree: ast.Module) -> list[str]:
    """Environment classes the recipe defines itself (subclasses of EnvBase)."""
    return [
        node.name
        for node in tree.body
        if isinstance(node, ast.ClassDef)
        and any(getattr(b, "id", getattr(b, "attr", "")) == "EnvBase" for b in node.bases)
    ]


def _is_environment(name: str | None, imported: dict[str, str], local_envs: list[str]) -> bool:
    if name in local_envs:
        return True
    return bool(
        name
        and name.endswith("Env")
        and imported.get(name, "").startswith("torchrl.envs")
        and name not in ("GymEnv", "TransformedEnv")
    )


def _constructions(
    tree: ast.Module, source: str, imported: dict[str, str], losses: list[str], estimators: list[str]
) -> tuple[list[Call], list[str]]:
    """What the recipe builds: the calls of the classes and wiring methods the pages describe (and the
    uses of the objects they built), and the environments it makes. ``estimators`` grows with the
    ``ValueEstimators`` members the recipe names."""
    aliases = _loss_aliases(tree, losses)
    local_envs = _local_envs(tree)
    dicts = _dict_literals(tree, source)
    described = (*losses, *aliases.values(), *estimators, *UPDATERS, *EXPLORATION, *PRIORITIZED, *SEQUENCES)
    built: dict[str, str] = {}  # variable -> the loss, estimator or updater class it holds
    calls: list[Call] = []
    environments: list[str] = []
    for node in ast.walk(tree):
        names_a_member = isinstance(node, ast.Attribute) and getattr(node.value, "id", None) == "ValueEstimators"
        if names_a_member and node.attr not in estimators:
            estimators.append(node.attr)
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Call):
            made = aliases.get(_callee(node.value), _callee(node.value))
            if made in (*UPDATERS, *EXPLORATION, *losses, *aliases.values(), *estimators):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        built[target.id] = made
        if not isinstance(node, ast.Call):
            continue
        name = aliases.get(_callee(node), _callee(node))
        if name == "GymEnv" and node.args and isinstance(node.args[0], ast.Constant):
            environments.append(str(node.args[0].value))
        elif _is_environment(name, imported, local_envs):
            environments.append(name)
        if name in (*described, *estimators, *WIRING_METHODS):
            calls.append(_call(node, name, source, dicts))
    environments += [e for e in local_envs if e not in environments]
    return calls + _uses(tree, source, built, (*losses, *aliases.values(), *estimators)), environments


def _uses(tree: ast.Module, source: str, built: dict[str, str], callables: tuple[str, ...]) -> list[Call]:
    """Uses of the objects built: loss(batch), estimator(batch), updater.step()."""
    calls = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Name) and built.get(node.func.id) in callables:
            calls.append(_call(node, f"{built[node.func.id]}.__call__", source))
        elif (
            isinstance(node.func, ast.Attribute)
            and node.func.attr == "step"
            and built.get(getattr(node.func.value, "id", None)) in (*UPDATERS, *EXPLORATION)
        ):
            calls.append(_call(node, f"{built[node.func.value.id]}.step", source))
    return calls


def _train_defaults(tree: ast.Module, source: str, where: str) -> dict[str, str]:
    """The defaults of the recipe's ``train(...)`` arguments, as written."""
    train = next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "train"), None)
    if train is None:
        raise RecipeSourceError(f"{where}: define the training loop as `def train(...)` at module level")
    defaults = dict(
        zip(
            [a.arg for a in train.args.kwonlyargs],
            [_segment(source, d) if d else None for d in train.args.kw_defaults],
            strict=True,
        )
    )
    positional = train.args.posonlyargs + train.args.args
    defaults.update(
        zip(
            [a.arg for a in positional[len(positional) - len(train.args.defaults) :]],
            [_segment(source, d) or "" for d in train.args.defaults],
            strict=True,
        )
    )
    return {k: v or "" for k, v in defaults.items()}


def read_recipe(path: Path) -> Recipe:
    where = path.relative_to(ROOT).as_posix()
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source, filename=where)
    comments, imported = _comments(source), _imported(tree)
    docstring = ast.get_docstring(tree) or ""
    if not docstring:
        raise RecipeSourceError(f"{where}: start the file with a docstring; its first line is the recipe's title")

    losses = [n for n, m in imported.items() if m.startswith("torchrl.objectives") and n.endswith("Loss")]
    estimators = [n for n, m in imported.items() if m == "torchrl.objectives.value"]
    calls, environments = _constructions(tree, source, imported, losses, estimators)
    spans = _statement_spans(tree)
    calls = [
        Call(
            c.name,
            spans.get(c.line, (c.line, c.end_line))[0],
            spans.get(c.line, (c.line, c.end_line))[1],
            c.keywords,
            c.positional,
            c.receiver,
        )
        for c in sorted(calls, key=lambda c: c.line)
    ]
    train_defaults = _train_defaults(tree, source, where)
    slug = path.stem
    if slug not in FAMILIES:
        raise RecipeSourceError(
            f"{where}: no family named {slug!r} in tools/recipes/facts/catalog.py FAMILIES; add it there"
        )
    return Recipe(
        slug=slug,
        family=FAMILIES[slug],
        source=where,
        title=docstring.splitlines()[0].strip(),
        losses=losses,
        estimators=estimators,
        environments=list(dict.fromkeys(environments)),
        knobs=_knobs(tree, source, comments),
        calls=calls,
        train_defaults=train_defaults,
    )


def read_all() -> list[Recipe]:
    """Every recipe file, in the catalog's order; a catalog entry without a file is an error."""
    by_slug = {path.stem: read_recipe(path) for path in recipe_files()}
    missing = [slug for slug in FAMILIES if slug not in by_slug]
    if missing:
        raise RecipeSourceError(
            f"tools/recipes/facts/catalog.py lists {missing} but snippets/recipes/ has no such file; write it or drop the entry"
        )
    return [by_slug[slug] for slug in FAMILIES]


def highlight_lines(recipe: Recipe) -> str:
    """The ``hl_lines`` value that highlights every wiring call of the recipe (ranges merged)."""
    lines = sorted({line for call in recipe.calls for line in range(call.line, call.end_line + 1)})
    ranges: list[list[int]] = []
    for line in lines:
        if ranges and line == ranges[-1][1] + 1:
            ranges[-1][1] = line
        else:
            ranges.append([line, line])
    return " ".join(f"{a}-{b}" if a != b else str(a) for a, b in ranges)
