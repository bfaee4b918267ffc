"""inspect_loss_keys.py LOSS [--json] | --list: the keys a torchrl loss reads and the value estimator it makes.

Part of the TorchRL objectives-and-training agent skill.  It needs only torchrl, and answers for the
torchrl installed where it runs (the skill's references state the release the skill was built for).
Exit status: 0 answered, 1 torchrl cannot be imported, 2 unknown loss or usage mistake.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import sys

# The namespaces whose exports are the public losses.
NAMESPACES = ("torchrl.objectives", "torchrl.objectives.llm")


def loss_classes() -> dict[str, type]:
    from torchrl.objectives import LossModule

    found: dict[str, type] = {}
    for module_name in NAMESPACES:
        try:
            module = importlib.import_module(module_name)
        except ImportError:  # an older torchrl without this namespace
            continue
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name, None)
            if isinstance(obj, type) and issubclass(obj, LossModule) and obj is not LossModule:
                found.setdefault(name, obj)
    return dict(sorted(found.items()))


def key_json(key):
    """A key as JSON: a string for one part, a list for a nested key, None when resolved at run time."""
    if key is None:
        return None
    return key if isinstance(key, str) else [str(part) for part in key]


def key_text(key) -> str:
    """``"reward"`` or ``("next", "reward")``, as a reader writes the key in Python."""
    if key is None:
        return "None"
    parts = [key] if isinstance(key, str) else list(key)
    quoted = ['"' + part.replace('"', '\\"') + '"' for part in parts]
    return quoted[0] if len(quoted) == 1 else "(" + ", ".join(quoted) + ")"


def facts(name: str, cls: type) -> dict:
    accepted = getattr(cls, "_AcceptedKeys", None)
    keys = {}
    if accepted is not None and dataclasses.is_dataclass(accepted):
        instance = accepted()  # an instance: some defaults are resolved in __post_init__
        keys = {f.name: key_json(getattr(instance, f.name)) for f in dataclasses.fields(instance)}
    default = getattr(cls, "default_value_estimator", None)
    declared = getattr(cls, "SUPPORTED_VALUE_ESTIMATORS", None)
    return {
        "name": name,
        "defined_in": cls.__module__,
        "accepted_keys": keys,
        "default_value_estimator": None if default is None else default.name,
        "supported_value_estimators": [] if declared is None else [m.name for m in declared],
    }


def text(found: dict) -> str:
    width = max((len(k) for k in found["accepted_keys"]), default=0)
    lines = [found["name"], "  accepted keys (set_keys name -> default key):"]
    lines += [f"    {k.ljust(width)}  {key_text(v)}" for k, v in found["accepted_keys"].items()]
    lines.append(f"  default value estimator: {found['default_value_estimator'] or 'none'}")
    declared = ", ".join(found["supported_value_estimators"]) or "none declared"
    lines.append(f"  declared value estimators (SUPPORTED_VALUE_ESTIMATORS): {declared}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="inspect_loss_keys.py", description=__doc__.splitlines()[0])
    parser.add_argument("name", nargs="?", help="a loss class, e.g. ClipPPOLoss")
    parser.add_argument("--list", action="store_true", help="the losses the installed torchrl offers")
    parser.add_argument("--json", action="store_true", help="print JSON")
    args = parser.parse_args(argv)
    try:
        import torchrl  # noqa: F401
    except ImportError as exc:
        print(f"inspect_loss_keys.py: error: torchrl cannot be imported ({exc}); pip install torchrl", file=sys.stderr)
        return 1
    classes = loss_classes()
    if args.list:
        print("\n".join(classes))
        return 0
    if not args.name:
        print("inspect_loss_keys.py: error: name a loss (e.g. ClipPPOLoss), or give --list", file=sys.stderr)
        return 2
    if args.name not in classes:
        print(f"inspect_loss_keys.py: error: unknown loss {args.name!r}; --list shows the losses", file=sys.stderr)
        return 2
    found = facts(args.name, classes[args.name])
    print(json.dumps(found, indent=2) if args.json else text(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
