"""inspect_loss_keys: how to wire a torchrl loss, and the objects around it.

Answers for every public loss (keys, set_keys, estimators declared and
measured, target parameters, outputs), for the target updaters ``SoftUpdate``
and ``HardUpdate`` (signature, eps/tau, measured copy cadence) and for the
``ValueEstimators`` enum (each member's estimator class and the losses it
works with).  Answers come from the records the site is built from: read from
``.cache/records/`` without importing torch when a build left them fresh,
measured on tiny networks otherwise (trains nothing).

Two spellings, both supported:

    inspect_loss_keys ClipPPOLoss [--json]         inspect_loss_keys --all [--json]
    inspect_loss_keys --loss ClipPPOLoss [--json]  inspect_loss_keys --list [--json]

Exit codes: 0 answered; 1 torchrl cannot be imported (missing or broken);
2 a usage mistake or an unknown name (with the closest names).
"""

from __future__ import annotations

import argparse
import json
import sys

from tools.cli import other_release
from tools.core.errors import UsageError, entry_point, require_torchrl, unknown_name
from tools.core.keys import key_text
from tools.core.signatures import format_call
from tools.core.silence import quiet
from tools.estimator_matrix.facts import matrix
from tools.estimator_matrix.facts.measure import measure_row
from tools.estimators.facts import reference as estimator_reference
from tools.losses.facts import all_records
from tools.losses.facts.build import compute_records
from tools.losses.views.inventory import entry
from tools.targets.facts import reference as targets_reference
from tools.targets.views.concern import inventory as targets_inventory
from tools.torchrl import losses as discover

TARGET_UPDATERS = ("SoftUpdate", "HardUpdate")
ENUM = "ValueEstimators"
AROUND_A_LOSS = (*TARGET_UPDATERS, ENUM)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="inspect_loss_keys",
        description="How to wire a torchrl loss (keys, set_keys, value estimators, target parameters), "
        "or the objects around it: SoftUpdate, HardUpdate, ValueEstimators.",
        epilog="Examples: inspect_loss_keys ClipPPOLoss | inspect_loss_keys --loss SACLoss --json | "
        "inspect_loss_keys SoftUpdate | inspect_loss_keys --list. Exit codes: 0 answered, "
        "1 torchrl cannot be imported, 2 usage mistake or unknown name.",
    )
    parser.add_argument(
        "name", nargs="?", help="a loss class (e.g. ClipPPOLoss), SoftUpdate, HardUpdate or ValueEstimators"
    )
    parser.add_argument("--loss", metavar="NAME", help="the same as the positional NAME (the skill helper's spelling)")
    parser.add_argument("--list", action="store_true", help="the names this command can inspect")
    parser.add_argument("--all", action="store_true", help="every public loss of the installed torchrl")
    parser.add_argument("--json", action="store_true", help="print JSON (the site's inventory entries)")
    return parser


def _chosen_name(args: argparse.Namespace) -> str | None:
    if args.name and args.loss and args.name != args.loss:
        raise UsageError(f"two names given ({args.name!r} and --loss {args.loss!r}); give one")
    name = args.loss or args.name
    modes = [flag for flag, on in (("NAME", bool(name)), ("--all", args.all), ("--list", args.list)) if on]
    if len(modes) > 1:
        raise UsageError(f"give one of a loss NAME, --all or --list, not {' and '.join(modes)}")
    if not modes:
        raise UsageError("give a loss NAME (e.g. ClipPPOLoss, or --loss ClipPPOLoss), --all or --list")
    return name


# -- where the answers come from -----------------------------------------------------------


def _loss_records(names: list[str] | None):
    """Records for ``names`` (None: all): the kept set when fresh, else measured just for them."""
    if names is None or all_records.is_cached():
        records = _kept_or_measured(all_records)
        return records if names is None else [r for r in records if r.name in names]
    return _measuring(lambda: compute_records(names))


def _estimator_rows(names: list[str] | None) -> dict:
    """The losses' measured rows of the estimator matrix (kept matrix, or one row per name)."""
    if names is None or matrix.is_cached():
        return {row.loss: row for row in _kept_or_measured(matrix).rows if names is None or row.loss in names}
    return _measuring(lambda: {name: measure_row(name) for name in names})


def _measuring(compute):
    """Run a computation that imports torchrl: exit 1 with a clear message when it cannot."""
    require_torchrl()
    with quiet():  # torchrl's own warnings are part of the measurement, not output
        return compute()


def _kept_or_measured(records):
    """A record set's value: read from .cache/ when a build left it fresh (no torch import), else measured."""
    return records() if records.is_cached() else _measuring(records)


def _loss_names() -> list[str]:
    if all_records.is_cached():
        return [r.name for r in all_records()]
    require_torchrl()
    return sorted(discover.loss_classes())


# -- losses ----------------------------------------------------------------------------------


def _estimator_lines(record, row) -> list[str]:
    declared = ", ".join(record.supported_value_estimators) or "none"
    lines = [
        f"  default value estimator: {record.default_value_estimator or 'none'}",
        f"  declared value estimators (SUPPORTED_VALUE_ESTIMATORS): {declared}",
    ]
    if row is None:
        lines.append("  measured value estimators: not applicable (the loss uses none)")
    elif row.not_built:
        lines.append(f"  measured value estimators: not measured ({row.not_built})")
    else:
        lines.append("  measured value estimators (make_value_estimator + forward on a tiny batch):")
        lines += [f"    {cell.member:<8}  {cell.inventory_value()}" for cell in row.cells]
    return lines


def _loss_text(record, row) -> str:
    lines = [
        record.name,
        f"  import:     from {record.namespace} import {record.name}",
        f"  signature:  {record.signature}",
    ]
    lines.append(f"  set_keys:   {'available' if record.set_keys_available else 'not available'}")
    lines.append("  accepted keys (set_keys name -> default key):")
    width = max((len(k.name) for k in record.accepted_keys), default=0)
    for key in record.accepted_keys:
        default = "resolved at run time" if key.default is None else key_text(key.default)
        lines.append(f"    {key.name:<{width}}  {default}")
    lines += _estimator_lines(record, row)
    if record.measured is None:
        lines.append(f"  target parameters: not measured ({record.not_built_reason})")
    else:
        lines.append(f"  target parameters: {', '.join(record.measured.target_params) or 'none'}")
        lines.append(f"  loss terms to sum: {', '.join(key_text(o.key) for o in record.measured.loss_outputs)}")
    return "\n".join(lines)


def _answer_losses(names: list[str] | None, as_json: bool) -> None:
    records, rows = _loss_records(names), _estimator_rows(names)
    if as_json:
        data = [entry(r, rows.get(r.name)) for r in records]
        _print_json(data if names is None else data[0])
    else:
        print("\n\n".join(_loss_text(r, rows.get(r.name)) for r in records))


# -- target updaters -------------------------------------------------------------------------


def _updater_entry(name: str) -> dict:

    _kept_or_measured(targets_reference)
    data = targets_inventory()
    updater = next(u for u in data["updaters"] if u["name"] == name)
    entry = {
        "name": name,
        "import": f"from torchrl.objectives import {name}",
        "signature": format_call(name, targets_reference().updater(name).parameters),
        "parameters": updater["parameters"],
    }
    if name == "SoftUpdate":
        entry["eps_from_tau"] = data["soft_update_eps_from_tau"]
    else:
        entry["copies"] = data["hard_update_copies"]
    entry["losses_with_targets"] = {
        loss: facts["target_parameters"] for loss, facts in data["losses_with_targets"].items()
    }
    return entry


def _updater_text(entry: dict) -> str:
    lines = [entry["name"], f"  import:     {entry['import']}", f"  signature:  {entry['signature']}"]
    if "eps_from_tau" in entry:
        pairs = ", ".join(f"tau={tau:g} -> eps={eps:g}" for tau, eps in entry["eps_from_tau"])
        lines.append(f"  eps and tau (measured): {pairs}  (eps = 1 - tau)")
        lines.append("  cadence: call step() after every optimiser step; each call moves the targets by tau")
    else:
        lines.append("  copy cadence (measured: step() calls until the first copy, then calls between copies):")
        for copy in entry["copies"]:
            first = copy["first_copy_call"] if copy["first_copy_call"] is not None else "none"
            lines.append(
                f"    value_network_update_interval={copy['interval']}: first copy on call {first}, "
                f"then every {copy['period']} calls"
            )
    lines.append("  losses with target parameters (measured):")
    width = max(len(loss) for loss in entry["losses_with_targets"])
    lines += [f"    {loss:<{width}}  {', '.join(groups)}" for loss, groups in entry["losses_with_targets"].items()]
    return "\n".join(lines)


# -- ValueEstimators -------------------------------------------------------------------------


def _enum_entry() -> dict:
    ref = _kept_or_measured(estimator_reference)
    grid = _kept_or_measured(matrix)
    classes = {record.member: record for record in ref.estimators}
    members = []
    for member in ref.members:
        record = classes.get(member)
        cells = [(row.loss, row.cell(member)) for row in grid.rows if member in grid.members]
        members.append(
            {
                "member": member,
                "estimator_class": record.name if record else None,
                "import": f"from {record.module} import {record.name}" if record else None,
                "make_value_estimator_defaults": record.registry_defaults if record else {},
                "declared_by": [loss for loss, cell in cells if cell.declared],
                "measured_ok": [loss for loss, cell in cells if cell.outcome is not None and cell.outcome.ok],
                "measured_error": [loss for loss, cell in cells if cell.outcome is not None and not cell.outcome.ok],
            }
        )
    return {"name": ENUM, "import": "from torchrl.objectives import ValueEstimators", "members": members}


def _enum_text(entry: dict) -> str:
    lines = [
        ENUM,
        f"  import:     {entry['import']}",
        "  usage:      loss.make_value_estimator(ValueEstimators.<MEMBER>, **hyperparameters)",
        "  members (estimator class; losses where make_value_estimator + forward ran on a tiny batch):",
    ]
    for m in entry["members"]:
        lines.append(f"    {m['member']:<9} -> {m['estimator_class'] or '(no class registered)'}")
        lines.append(f"      works with: {', '.join(m['measured_ok']) or 'none measured'}")
        undeclared_ok = sorted(set(m["measured_ok"]) - set(m["declared_by"]))
        if undeclared_ok:
            lines.append(f"      (of which not declared by the loss: {', '.join(undeclared_ok)})")
    return "\n".join(lines)


# -- entry -----------------------------------------------------------------------------------


def _print_json(data) -> None:
    json.dump(data, sys.stdout, indent=2)
    sys.stdout.write("\n")


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    name = _chosen_name(args)
    if other_release.other_release():  # another torchrl than the pinned one: introspection alone
        return other_release.inspect_loss_keys(name, args.all, args.list, args.json, AROUND_A_LOSS)
    if args.list:
        names = [*_loss_names(), *AROUND_A_LOSS]
        if args.json:
            _print_json(names)
        else:
            print("\n".join(names))
        return 0
    if args.all:
        _answer_losses(None, args.json)
        return 0
    if name in TARGET_UPDATERS:
        entry = _updater_entry(name)
        _print_json(entry) if args.json else print(_updater_text(entry))
        return 0
    if name == ENUM:
        entry = _enum_entry()
        _print_json(entry) if args.json else print(_enum_text(entry))
        return 0
    known = _loss_names()
    if name not in known:
        raise _unknown(name, known)
    _answer_losses([name], args.json)
    return 0


def _unknown(name: str, known: list[str]) -> UsageError:
    """A close match first; else what the torchrl name is (which needs torchrl), else the list."""
    error = unknown_name("loss", name, [*known, *AROUND_A_LOSS])
    if "did you mean" in str(error):
        return error
    require_torchrl()

    description = discover.what_is(name)
    if description:
        return UsageError(f"{description}; name a loss, SoftUpdate, HardUpdate or ValueEstimators (--list shows them)")
    return UsageError(f"unknown name {name!r}; `inspect_loss_keys --list` shows the names it can inspect")


def console() -> None:
    entry_point(main)


if __name__ == "__main__":
    entry_point(main)
