"""The wiring checker: before training, which keys a loss and its value estimator will not find, and the fix.

``facts``: ``reads`` (which keys a loss reads: measured on the loss zoo,
resolved on the user's loss), ``checks`` (each kind of problem), ``check``
(``check_wiring``), ``records`` (the report) and ``text`` (its words);
``views``: the table of checks and a report as a page block.  The command
``check_wiring FILE.py:FUNCTION`` is ``tools.cli.check_wiring``.

Use it as::

    from tools.wiring import check_wiring
    report = check_wiring(loss, batch)
    print(report)              # the keys, the problems, the fix, the verdict
    report.ready, report.to_json()
"""

from __future__ import annotations

from tools.wiring.facts.check import WiringInputError, check_wiring
from tools.wiring.facts.records import WiringReport

__all__ = ["WiringInputError", "WiringReport", "check_wiring"]
