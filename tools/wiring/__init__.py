"""The wiring checker: before training, which keys a loss and its value estimator will not find, and the fix.

Modules: ``reads`` (which keys a loss reads: measured on the loss zoo,
resolved on the user's loss), ``checks`` (each kind of problem), ``check``
(``check_wiring``), ``records`` (the report), ``render`` (text, Markdown).
The command ``check_wiring FILE.py:FUNCTION`` is ``tools.cli.check_wiring``.

Use it as::

    from tools.wiring import check_wiring
    report = check_wiring(loss, batch)
    print(report)              # the keys, the problems, the fix, the verdict
    report.ready, report.to_json()
"""

from __future__ import annotations

from tools.registry import Concern
from tools.wiring.check import WiringInputError, check_wiring  # imports no torch until a check runs
from tools.wiring.records import WiringReport


def render_case(loss, data=None, **options) -> str:
    """The report for one case as a Markdown ``text`` block: what a troubleshooting entry would show."""
    from tools.wiring.render import render_markdown

    return render_markdown(check_wiring(loss, data, **options))


def _checks_table(_arg: str) -> str:
    from tools.wiring.checks import CHECKS
    from tools.wiring.render import render_checks

    return render_checks(CHECKS)


CONCERN = Concern(name="wiring", sections={"checks": _checks_table})

__all__ = ["CONCERN", "WiringInputError", "WiringReport", "check_wiring", "render_case"]
