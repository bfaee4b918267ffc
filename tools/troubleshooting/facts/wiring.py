"""What ``check_wiring`` says about the entries on keys and shapes, measured when the site is built.

An entry names its loss and its data (``wiring: [loss, batch]`` in
``data/troubleshooting.yaml``).  The reproduction is run as a reader would
before the failing call: every top-level statement before its first ``try``
(the whole block for an entry that raises nothing), then
``tools.wiring.check_wiring`` on the two objects.  The report is the
checker's own text, so the page shows what a reader who runs the checker on
the same code gets.
"""

from __future__ import annotations

import ast
from importlib import metadata

from tools.troubleshooting.facts.capture import CaptureError, _isolated
from tools.troubleshooting.facts.records import SILENT, Curated, Entry, WiringCase, WiringCases
from tools.wiring.facts.check import check_wiring


def setup_code(entry: Entry) -> str:
    """The reproduction up to its first top-level ``try`` statement: what is built before it fails."""
    if entry.kind == SILENT:
        return entry.reproduce
    tries = [node for node in ast.parse(entry.reproduce).body if isinstance(node, ast.Try)]
    if not tries:
        raise CaptureError(
            f"troubleshooting entry {entry.slug!r}: its reproduction has no top-level try statement, so "
            "there is no point before the failure to run check_wiring at"
        )
    return "".join(entry.reproduce.splitlines(keepends=True)[: tries[0].lineno - 1])


def wiring_case(entry: Entry) -> WiringCase:
    from tensordict import TensorDictBase
    from torchrl.objectives import LossModule

    loss_name, data_name = entry.wiring
    namespace = {"__name__": "__main__", "__file__": f"<troubleshooting/{entry.slug}>"}
    where = f"troubleshooting entry {entry.slug!r} (wiring: [{loss_name}, {data_name}])"
    with _isolated():
        try:
            exec(compile(setup_code(entry), namespace["__file__"], "exec"), namespace)
        except CaptureError:
            raise
        except Exception as exc:
            raise CaptureError(f"{where}: its reproduction failed before the call it catches: {exc!r}") from exc
        loss, data = namespace.get(loss_name), namespace.get(data_name)
        if not isinstance(loss, LossModule) or not isinstance(data, TensorDictBase):
            raise CaptureError(
                f"{where}: before its failing call the reproduction must define {loss_name!r} as a loss module "
                f"and {data_name!r} as a TensorDict; found {type(loss).__name__} and {type(data).__name__}"
            )
        report = check_wiring(loss, data)
    return WiringCase(entry.slug, loss_name, data_name, str(report), report.ready)


def wiring_cases(curated: Curated) -> WiringCases:
    cases = [wiring_case(entry) for entry in curated.entries if entry.wiring]
    return WiringCases(metadata.version("torchrl"), cases)
