"""The commands on a torchrl other than the pinned one: what introspection alone can tell.

The site's records (measured on the loss and trainer zoos, validated both ways against the curated
``data/*.yaml``) are true for the pinned torchrl only: the zoo's constructions and the curated entries
follow its API.  Where another torchrl is installed (``pip install -e .`` into a user's environment),
``inspect_loss_keys``, ``inspect_trainer`` and ``inspect_config`` answer instead from the API snapshot
the upgrade pages use (``tools.torchrl.snapshot``, written to run on any release): signatures, accepted keys and their defaults, estimators declared, trainer methods and
``register_op`` stages, config fields and targets.  Each answer says so, and names what needs the pinned
release (what was measured).  A name the installed release lacks is refused with the closest names it
has.  ``check_wiring`` measures the user's own loss and needs none of this.
"""

from __future__ import annotations

import functools
import json
import sys

from tools.core.distributions import installed, pinned
from tools.core.errors import UsageError, require_torchrl, unknown_name
from tools.core.keys import key_text
from tools.core.silence import quiet
from tools.torchrl.snapshot import classes, configs, losses
from tools.torchrl.snapshot.guard import Errors


def other_release() -> str | None:
    """The installed torchrl's version when it is not the pinned one (None when it is, or when it is missing)."""
    version = installed().get("torchrl", "missing")
    return None if version in ("missing", pinned().get("torchrl")) else version


def _header(release: str) -> str:
    return (
        f"(torchrl {release} is installed; this project is built for torchrl {pinned()['torchrl']}: the answer "
        "below is introspected from the installed classes, and what the site measures needs the pinned release)"
    )


# The snapshot's sections the commands answer from, by name.
SECTIONS = {
    "losses": losses.losses,
    "estimators": losses.estimators,
    "updaters": classes.updaters,
    "trainers": classes.trainers,
    "configs": configs.configs,
}


@functools.cache
def _facts(section: str):
    require_torchrl()
    with quiet():
        return SECTIONS[section](Errors())


def _params(params: list[dict]) -> list[str]:
    width = max((len(p["name"]) for p in params), default=0)
    lines = []
    for p in params:
        prefix = {"var-positional": "*", "var-keyword": "**"}.get(p["kind"], "")
        default = f"= {p['default']}" if "default" in p else ("" if prefix else "required")
        via = f"  (through **kwargs, {p['via']})" if p.get("via") else ""
        lines.append(f"    {prefix + p['name']:<{width + 2}}  {default:<20} {p['kind']}{via}")
    return lines


def _print(data, as_json: bool, text: str, release: str) -> None:
    if as_json:
        json.dump({"torchrl": release, "introspected_only": True, **data}, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print(_header(release))
        print(text)


# -- inspect_loss_keys ------------------------------------------------------------------------------


def inspect_loss_keys(name: str | None, every: bool, listing: bool, as_json: bool, around: tuple[str, ...]) -> int:
    release = other_release()
    losses = _facts("losses")
    if listing:
        names = [*sorted(losses), *around]
        _print({"names": names}, as_json, "\n".join(names), release)
        return 0
    if every:
        _print({"losses": losses}, as_json, "\n\n".join(_loss_text(n, losses[n]) for n in sorted(losses)), release)
        return 0
    if name in ("SoftUpdate", "HardUpdate"):
        updaters = _facts("updaters")
        if name not in updaters:
            raise UsageError(f"torchrl {release} has no {name}")
        record = updaters[name]
        _print(
            {"name": name, **record},
            as_json,
            "\n".join([name, "  parameters:", *_params(record["parameters"])]),
            release,
        )
        return 0
    if name == "ValueEstimators":
        members = _facts("estimators")["members"]
        lines = ["ValueEstimators", "  members (estimator class; make_value_estimator's default hyperparameters):"]
        for member, record in members.items():
            lines.append(f"    {member:<9} -> {record.get('class') or '(class not registered in this release)'}")
            lines.append(f"      {record.get('default_value_kwargs')}")
        _print({"members": members}, as_json, "\n".join(lines), release)
        return 0
    if name not in losses:
        raise _missing("loss", name, [*losses, *around], release)
    _print({"name": name, **losses[name]}, as_json, _loss_text(name, losses[name]), release)
    return 0


def _loss_text(name: str, record: dict) -> str:
    keys = record.get("accepted_keys") or {}
    width = max((len(k) for k in keys), default=0)
    supported = record.get("supported_value_estimators")
    lines = [
        name,
        f"  import:     from {record['exported_from']} import {name}",
        "  constructor:",
        *_params(record["parameters"]),
        f"  set_keys:   {'available' if keys else 'no configurable keys'}",
    ]
    if keys:
        lines.append("  accepted keys (set_keys name -> default key, as instantiated):")
        lines += [f"    {k:<{width}}  {_key(v)}" for k, v in keys.items()]
    lines += [
        f"  default value estimator: {record.get('default_value_estimator') or 'none'}",
        f"  declared value estimators (SUPPORTED_VALUE_ESTIMATORS): {', '.join(supported) if supported else 'none'}",
        "  not measured here: which estimators work, target parameters and loss terms (the site measures them "
        "on the pinned release)",
    ]
    return "\n".join(lines)


def _key(value) -> str:
    return "resolved at run time" if value is None else key_text(value)


def _missing(kind: str, name: str, known: list[str], release: str) -> UsageError:
    error = unknown_name(kind, name, known)
    return UsageError(
        f"torchrl {release} (installed) has no {kind} {name!r}; "
        + str(error).split("; ", 1)[1]
        + " (a name new in a later torchrl is not there: the site's Upgrading pages list what each release added)"
    )


# -- inspect_trainer --------------------------------------------------------------------------------


def inspect_trainer(name: str | None, every: bool, as_json: bool) -> int:
    release = other_release()
    trainers = _facts("trainers")
    classes = trainers["classes"]
    if every:
        text = "\n".join(f"{n:<24} {c['defined_in']}" for n, c in classes.items())
        _print({"trainers": classes, "register_op_stages": trainers["register_op_stages"]}, as_json, text, release)
        return 0
    if name not in classes:
        raise _missing("trainer", name, list(classes), release)
    record = classes[name]
    lines = [
        f"{name}  ({record['defined_in']}.{name})",
        "  parameters:",
        *_params(record["parameters"]),
        "  public methods defined by the class:",
        *([f"    {m}{signature}" for m, signature in record["methods"].items()] or ["    none (all inherited)"]),
        f"  register_op stages (Trainer): {', '.join(trainers['register_op_stages'] or []) or 'not readable'}",
        "  not measured here: the hooks it registers when built and its checkpoint components (the site measures "
        "them on the pinned release)",
    ]
    _print(
        {"name": name, **record, "register_op_stages": trainers["register_op_stages"]},
        as_json,
        "\n".join(lines),
        release,
    )
    return 0


# -- inspect_config ---------------------------------------------------------------------------------


def inspect_config(name: str | None, every: bool, as_json: bool) -> int:
    release = other_release()
    classes, store = _facts("configs")
    if every:
        text = "\n".join(f"{n:<40} {c['target'] or '-'}" for n, c in classes.items())
        _print({"configs": classes, "config_store": store}, as_json, text, release)
        return 0
    config = store.get(name, name)
    if config not in classes:
        raise _missing("config", name, [*classes, *store], release)
    record = classes[config]
    options = sorted(option for option, cls in store.items() if cls == config)
    lines = [
        f"{config}  ({record['defined_in']}.{config})",
        f"  ConfigStore options: {', '.join(options) or 'none'}",
        f"  _target_: {record['target'] or 'none'}",
        "  fields (type = default; the value after __post_init__ where it differs):",
    ]
    width = max((len(f) for f in record["fields"]), default=0)
    for field, info in record["fields"].items():
        default = info.get("default", "required")
        resolved = f"  -> {info['resolved']}" if "resolved" in info else ""
        lines.append(f"    {field:<{width}}  {info.get('type')} = {default}{resolved}")
    lines.append(
        "  not measured here: the parity audit against the class it builds (the site runs it on the pinned release)"
    )
    _print({"name": config, "options": options, **record}, as_json, "\n".join(lines), release)
    return 0
