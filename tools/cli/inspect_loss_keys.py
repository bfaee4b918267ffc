"""inspect_loss_keys: print how to wire a torchrl loss (keys, estimators, target parameters).

Builds the loss on tiny networks (the site's zoo) to measure what the class
only declares; trains nothing.  Bad input: one line on stderr, exit code 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import warnings

from tools.cli.errors import UsageError, check_name_or_all, entry_point, unknown_name


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="inspect_loss_keys", description=__doc__.splitlines()[0])
    parser.add_argument("name", nargs="?", help="a loss class name, e.g. ClipPPOLoss")
    parser.add_argument("--all", action="store_true", help="every public loss of the installed torchrl")
    parser.add_argument("--json", action="store_true", help="print JSON (the site's inventory entries)")
    return parser


def _records(names):
    from tools.losses.build import all_records, compute_records

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # torchrl's own warnings are part of the measurement, not output
        if names is None:
            return all_records()
        return compute_records(names)


def _estimator_rows(names) -> dict:
    """The loss's measured row of the estimator matrix: the cached matrix for --all, one row otherwise."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if names is None:
            from tools.losses import estimator_rows

            return estimator_rows()
        from tools.estimators.matrix.measure import measure_row

        return {name: measure_row(name) for name in names}


def _estimator_lines(record, row) -> list[str]:
    declared = ", ".join(record.supported_value_estimators) or "none"
    lines = [f"  default value estimator: {record.default_value_estimator or 'none'}",
             f"  declared value estimators (SUPPORTED_VALUE_ESTIMATORS): {declared}"]
    if row is None:
        lines.append("  measured value estimators: not applicable (the loss uses none)")
    elif row.not_built:
        lines.append(f"  measured value estimators: not measured ({row.not_built})")
    else:
        lines.append("  measured value estimators (make_value_estimator + forward on a tiny batch):")
        lines += [f"    {cell.member:<8}  {cell.inventory_value()}" for cell in row.cells]
    return lines


def _text(record, row) -> str:
    from tools.losses.records import key_text

    lines = [record.name, f"  import:     from {record.namespace} import {record.name}", f"  signature:  {record.signature}"]
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


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    check_name_or_all(args.name, args.all, "loss NAME (e.g. ClipPPOLoss)")
    from tools.losses import discover

    known = discover.loss_classes()
    if args.name and args.name not in known:
        description = discover.what_is(args.name)
        if description:
            raise UsageError(f"{description}; name a loss instead, e.g. {min(known)}")
        raise unknown_name("loss", args.name, known)
    names = None if args.all else [args.name]
    records, rows = _records(names), _estimator_rows(names)
    if args.json:
        from tools.losses.inventory import entry

        data = [entry(r, rows.get(r.name)) for r in records]
        json.dump(data if args.all else data[0], sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print("\n\n".join(_text(r, rows.get(r.name)) for r in records))
    return 0


def console() -> None:
    entry_point(main)


if __name__ == "__main__":
    entry_point(main)
