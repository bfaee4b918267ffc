"""Follow one script through its own helper modules with ``ast``: imports, functions reached, what names hold.

A script builds its loss in ``utils.make_loss_module(cfg, model)``, hands the
updater back in a tuple and steps it in a closure of ``main``.  Reading the
class name off an import line would say which classes a file *could* build;
this module follows the code instead:

* **units**: the script's module body and every function (or class) it reaches
  by name, in the script and in the local modules it imports, transitively;
* **values**: what a name can hold, found by a small fixpoint over assignments,
  tuple returns and call arguments (``("obj", "torchrl.objectives.sac.SACLoss")``
  for a loss built from that class, ``("cfg", "optim")`` for a config node,
  ``("optim", ...)`` for an optimizer, ``("ref", ...)`` for an imported name,
  ``("local", "utils:make_loss")`` for a helper function).

Nothing is executed.  Nested functions share the names of the top-level
function around them (a script's ``update`` closure uses ``main``'s
optimizer and updater), which is what the scripts need and keeps this small.
"""

from __future__ import annotations

import ast
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from tools.core.errors import error_text

Value = tuple[str, str]
MODULE_UNIT = "<module>"
# Packages every script imports; the map lists what else a script needs.
BASE_PACKAGES = frozenset({"torch", "torchrl", "tensordict", "numpy", "hydra", "omegaconf", "tqdm", "__future__"})
# nn.Module methods that return the module itself.
SELF_RETURNING = frozenset(
    {"to", "cuda", "cpu", "train", "eval", "float", "double", "half", "requires_grad_", "share_memory"}
)
_OPTIMIZER_NAME = re.compile(r"(optim|^opt$|^opt_|_opt$)")


class ScanError(Exception):
    """A file the scanner cannot read; the message names it."""


@dataclass
class LocalModule:
    name: str  # dotted, relative to the SOTA directory ("utils", "utils.logging")
    file: str  # relative path
    tree: ast.Module
    package: str  # the package relative imports start from
    imports: dict[str, str] = field(default_factory=dict)  # alias -> "pkg.mod.Name" | "@module:x" | "@local:x:f"
    units: dict[str, ast.AST] = field(default_factory=dict)  # function/class name (Class.method) -> node
    classes: dict[str, list[str]] = field(default_factory=dict)  # class -> its method units
    parents: dict[ast.AST, ast.AST] = field(default_factory=dict)


def split_external(dotted: str) -> tuple[str, str, str]:
    """``torchrl.objectives.ValueEstimators.TD0`` -> (module, first capitalised name, display name)."""
    parts = dotted.split(".")
    for index, part in enumerate(parts):
        if part[:1].isupper():
            return ".".join(parts[:index]), part, ".".join(parts[index:])
    return ".".join(parts[:-1]), parts[-1], parts[-1]


class Flow:
    """The units a script reaches and what their names hold."""

    def __init__(self, directory: Path, script: str):
        self.directory = directory
        self.modules: dict[str, LocalModule] = {}
        self.script = self._load(Path(script).with_suffix("").as_posix().replace("/", "."), script)
        self.main: tuple[str, str] | None = None
        self.hydra: dict[str, str] = {}
        self.reachable: set[tuple[str, str]] = set()
        self.bindings: dict[tuple[str, str], dict[str, set[Value]]] = {}
        self.returns: dict[tuple[str, str], dict[int | None, set[Value]]] = {}
        self._find_main()
        self._reach()
        self._bind()

    # --- loading ---------------------------------------------------------------------------------

    def _module_file(self, dotted: str) -> str | None:
        base = dotted.replace(".", "/")
        for candidate in (f"{base}.py", f"{base}/__init__.py"):
            if (self.directory / candidate).is_file():
                return candidate
        return None

    def _load(self, name: str, file: str) -> LocalModule:
        if name in self.modules:
            return self.modules[name]
        path = self.directory / file
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        except (SyntaxError, UnicodeDecodeError) as exc:
            raise ScanError(f"{path}: not readable Python ({error_text(exc)})") from None
        package = name if file.endswith("__init__.py") else name.rpartition(".")[0]
        module = LocalModule(name, file, tree, package)
        self.modules[name] = module
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                module.units[node.name] = node
            elif isinstance(node, ast.ClassDef):
                module.units[node.name] = node
                methods = []
                for item in node.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        module.units[f"{node.name}.{item.name}"] = item
                        methods.append(f"{node.name}.{item.name}")
                module.classes[node.name] = methods
        for parent in ast.walk(tree):
            for child in ast.iter_child_nodes(parent):
                module.parents[child] = parent
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    local = self._module_file(alias.name)
                    if local:
                        target = f"@module:{self._load(alias.name, local).name}"
                        module.imports[alias.asname or alias.name] = target
                    elif alias.asname:  # import a.b as c: c is a.b
                        module.imports[alias.asname] = alias.name
                    else:  # import a.b: the name bound is a
                        module.imports[alias.name.split(".")[0]] = alias.name.split(".")[0]
            elif isinstance(node, ast.ImportFrom):
                source = node.module or ""
                if node.level:
                    base = module.package.split(".") if module.package else []
                    base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                    source = ".".join([*base, *([source] if source else [])])
                local = self._module_file(source) if source else None
                for alias in node.names:
                    if alias.name == "*":
                        continue
                    as_name = alias.asname or alias.name
                    if local or node.level:
                        module.imports[as_name] = self._local_attribute(source, alias.name)
                    else:
                        module.imports[as_name] = f"{source}.{alias.name}"
        return module

    def _local_attribute(self, module_name: str, attribute: str) -> str:
        """What ``from <local module> import attribute`` names."""
        submodule = f"{module_name}.{attribute}" if module_name else attribute
        file = self._module_file(submodule)
        if file:
            return f"@module:{self._load(submodule, file).name}"
        file = self._module_file(module_name) if module_name else None
        if file is None:
            return f"@missing:{submodule}"
        module = self._load(module_name, file)
        if attribute in module.units:
            return f"@local:{module.name}:{attribute}"
        return module.imports.get(attribute, f"@missing:{submodule}")

    # --- name resolution -------------------------------------------------------------------------

    def resolve(self, module: LocalModule, node: ast.AST) -> str | None:
        """The imported or local thing a Name/Attribute refers to, ignoring local variables."""
        if isinstance(node, ast.Name):
            if node.id in module.units:
                return f"@local:{module.name}:{node.id}"
            return module.imports.get(node.id)
        if isinstance(node, ast.Attribute):
            base = self.resolve(module, node.value)
            if base is None or base.startswith(("@local:", "@missing:")):
                return None
            if base.startswith("@module:"):
                target = self.modules[base.removeprefix("@module:")]
                if node.attr in target.units:
                    return f"@local:{target.name}:{node.attr}"
                return target.imports.get(node.attr)
            return f"{base}.{node.attr}"
        return None

    # --- units -----------------------------------------------------------------------------------

    def unit_roots(self, key: tuple[str, str]) -> list[ast.AST]:
        module = self.modules[key[0]]
        if key[1] == MODULE_UNIT:
            return [
                n for n in module.tree.body if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            ]
        node = module.units[key[1]]
        if isinstance(node, ast.ClassDef):  # the class body without its methods
            return [n for n in node.body if not isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        return [node]

    def walk(self, key: tuple[str, str], *, nested: bool = True):
        """Every node of a unit; ``nested=False`` stops at nested function definitions."""
        stack = list(reversed(self.unit_roots(key)))
        top = set(map(id, stack))
        while stack:
            node = stack.pop()
            yield node
            if (
                not nested
                and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
                and id(node) not in top
            ):
                continue
            stack.extend(reversed(list(ast.iter_child_nodes(node))))

    def _find_main(self) -> None:
        for name, node in self.script.units.items():
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for decorator in node.decorator_list:
                if isinstance(decorator, ast.Call) and self.resolve(self.script, decorator.func) == "hydra.main":
                    self.main = (self.script.name, name)
                    for keyword in decorator.keywords:
                        if isinstance(keyword.value, ast.Constant) and isinstance(keyword.value.value, str):
                            self.hydra[keyword.arg] = keyword.value.value

    def _unit_of(self, ref: str) -> list[tuple[str, str]]:
        _, module_name, unit = ref.split(":")
        module = self.modules[module_name]
        return [(module_name, unit), *((module_name, m) for m in module.classes.get(unit, []))]

    def _reach(self) -> None:
        todo = [(self.script.name, MODULE_UNIT), *((self.script.name, u) for u in self.script.units)]
        while todo:
            key = todo.pop()
            if key in self.reachable:
                continue
            self.reachable.add(key)
            module = self.modules[key[0]]
            for node in self.walk(key):
                if isinstance(node, (ast.Name, ast.Attribute)):
                    ref = self.resolve(module, node)
                    if ref and ref.startswith("@local:"):
                        todo.extend(k for k in self._unit_of(ref) if k not in self.reachable)

    def units(self) -> list[tuple[str, str]]:
        """Reachable units in a stable order: script first, then modules by name, then source order."""

        def order(key):
            module = self.modules[key[0]]
            line = 0 if key[1] == MODULE_UNIT else module.units[key[1]].lineno
            return (key[0] != self.script.name, key[0], line, key[1])

        return sorted(self.reachable, key=order)

    # --- values ----------------------------------------------------------------------------------

    def lookup(self, key: tuple[str, str], name: str) -> set[Value]:
        found = self.bindings.get(key, {}).get(name)
        if found:
            return found
        if "." in key[1]:  # a method: its class body
            found = self.bindings.get((key[0], key[1].split(".")[0]), {}).get(name)
            if found:
                return found
        return self.bindings.get((key[0], MODULE_UNIT), {}).get(name, set())

    def values(self, key: tuple[str, str], node: ast.AST) -> set[Value]:
        module = self.modules[key[0]]
        if isinstance(node, ast.Name):
            bound = self.lookup(key, node.id)
            if bound:
                return bound
        if isinstance(node, ast.Attribute):
            base = self.values(key, node.value)
            configs = {("cfg", f"{p}.{node.attr}" if p else node.attr) for kind, p in base if kind == "cfg"}
            if configs:
                return configs
        if isinstance(node, (ast.Name, ast.Attribute)):
            ref = self.resolve(module, node)
            if ref is None or ref.startswith("@missing:") or ref.startswith("@module:"):
                return set()
            return {("local", ref.removeprefix("@local:"))} if ref.startswith("@local:") else {("ref", ref)}
        if isinstance(node, ast.IfExp):
            return self.values(key, node.body) | self.values(key, node.orelse)
        if isinstance(node, ast.BoolOp):
            return set().union(*(self.values(key, v) for v in node.values))
        if isinstance(node, ast.Call):
            if isinstance(node.func, ast.Attribute) and node.func.attr in SELF_RETURNING:
                return self.values(key, node.func.value)  # `Loss(...).to(device)` is still the loss
            return self._call_values(key, node)
        return set()

    def callee(self, key: tuple[str, str], call: ast.Call) -> tuple[set[Value], list[ast.expr], list[ast.keyword]]:
        """What a call calls, with its arguments; ``functools.partial(f, ...)`` calls ``f``."""
        func = self.values(key, call.func)
        if any(kind == "ref" and ref in {"functools.partial", "partial"} for kind, ref in func) and call.args:
            return self.values(key, call.args[0]), call.args[1:], call.keywords
        return func, call.args, call.keywords

    def _call_values(self, key: tuple[str, str], call: ast.Call) -> set[Value]:
        func, args, _ = self.callee(key, call)
        out: set[Value] = set()
        partial = args is not call.args
        for kind, ref in func:
            if kind == "ref":
                module, name, _ = split_external(ref)
                if (ref.startswith("torch.optim.") and name[:1].isupper()) or ref.endswith(".group_optimizers"):
                    out.add(("optim", ref))
                elif module.startswith("torchrl") and name[:1].isupper() and ref.count(".") == module.count(".") + 1:
                    # functools.partial(Class, ...) is a factory: calling it later builds the object.
                    out.add(("partial", ref) if partial else ("obj", ref))
            elif kind == "partial" and not partial:
                out.add(("obj", ref))
            elif kind == "local":
                module_name, unit = ref.split(":")
                out |= self.returns.get((module_name, unit), {}).get(None, set())
        return out

    def _function(self, ref: str) -> ast.FunctionDef | None:
        module_name, unit = ref.split(":")
        node = self.modules[module_name].units.get(unit)
        return node if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) else None

    def _add(self, table: dict, name, values: set[Value]) -> bool:
        current = table.setdefault(name, set())
        if values <= current:
            return False
        current |= values
        return True

    def _bind(self) -> None:
        if self.main is not None:
            node = self.script.units[self.main[1]]
            if node.args.args:
                self.bindings.setdefault(self.main, {})[node.args.args[0].arg] = {("cfg", "")}
        for _ in range(20):
            changed = False
            for key in self.units():
                scope = self.bindings.setdefault(key, {})
                for node in self.walk(key):
                    if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
                        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                        for target in targets:
                            changed |= self._assign(key, scope, target, node.value)
                    elif isinstance(node, ast.Call):
                        changed |= self._bind_arguments(key, node)
                returns = self.returns.setdefault(key, {})
                for node in self.walk(key, nested=False):
                    if isinstance(node, ast.Return) and node.value is not None:
                        if isinstance(node.value, ast.Tuple):
                            for index, element in enumerate(node.value.elts):
                                changed |= self._add(returns, index, self.values(key, element))
                        else:
                            changed |= self._add(returns, None, self.values(key, node.value))
            if not changed:
                return

    def _assign(self, key, scope, target: ast.AST, value: ast.AST) -> bool:
        if isinstance(target, ast.Name):
            return self._add(scope, target.id, self.values(key, value))
        if not isinstance(target, (ast.Tuple, ast.List)):
            return False
        changed = False
        if isinstance(value, (ast.Tuple, ast.List)) and len(value.elts) == len(target.elts):
            for t, v in zip(target.elts, value.elts, strict=False):
                changed |= self._assign(key, scope, t, v)
        elif isinstance(value, ast.Call):
            func, _, _ = self.callee(key, value)
            for kind, ref in func:
                if kind != "local":
                    continue
                returned = self.returns.get(tuple(ref.split(":")), {})
                for index, t in enumerate(target.elts):
                    if isinstance(t, ast.Name):
                        changed |= self._add(scope, t.id, returned.get(index, set()))
        return changed

    def _bind_arguments(self, key, call: ast.Call) -> bool:
        func, args, keywords = self.callee(key, call)
        changed = False
        for kind, ref in func:
            if kind != "local":
                continue
            node = self._function(ref)
            if node is None:
                continue
            params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
            scope = self.bindings.setdefault(tuple(ref.split(":")), {})
            for index, arg in enumerate(args):
                if index < len(params) and not isinstance(arg, ast.Starred):
                    changed |= self._add(scope, params[index], self.values(key, arg))
            names = set(params) | {a.arg for a in node.args.kwonlyargs}
            for keyword in keywords:
                if keyword.arg in names:
                    changed |= self._add(scope, keyword.arg, self.values(key, keyword.value))
        return changed

    # --- queries used by the scanner --------------------------------------------------------------

    def is_optimizer(self, key, node: ast.AST) -> bool:
        if any(kind == "optim" for kind, _ in self.values(key, node)):
            return True
        name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
        return bool(name and _OPTIMIZER_NAME.search(name))

    def config_keys_in(self, key, node: ast.AST) -> list[str]:
        """Config keys read in an expression (the longest ``cfg.a.b`` chains)."""
        found: list[str] = []
        stack = [node]
        while stack:
            current = stack.pop()
            if isinstance(current, (ast.Attribute, ast.Name)):
                keys = [p for kind, p in self.values(key, current) if kind == "cfg" and p]
                if keys:
                    found.extend(sorted(keys))
                    continue
            stack.extend(ast.iter_child_nodes(current))
        return list(dict.fromkeys(found))

    def third_party(self) -> list[str]:
        local = {m.split(".")[0] for m in self.modules}
        packages = set()
        for module in self.modules.values():
            for node in ast.walk(module.tree):
                if isinstance(node, ast.Import):
                    packages.update(a.name.split(".")[0] for a in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    packages.add(node.module.split(".")[0])
        return sorted(p for p in packages - local - BASE_PACKAGES if p not in sys.stdlib_module_names)
