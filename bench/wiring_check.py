"""``python -m bench.wiring_check``: seconds one ``check_wiring`` call takes once torchrl is imported.

Run in a fresh interpreter by ``make bench`` with DOCS_CACHE=off, so the
figure includes measuring which keys the loss reads on the loss zoo (what a
first check in a fresh checkout pays); the imports and building the loss and
its batch are not counted.  Prints the seconds as one number.
"""

from __future__ import annotations

import time

from bench.measure import WIRING_LOSS as LOSS
from tools.core.silence import quiet
from tools.torchrl import loss_zoo as zoo
from tools.wiring import check_wiring


def main() -> None:
    with quiet():
        case = zoo.build(LOSS)
        start = time.perf_counter()
        report = check_wiring(case.loss, case.batch)
        seconds = time.perf_counter() - start
    if not report.ready:
        raise SystemExit(f"the check of the zoo's {LOSS} was not ready:\n{report}")
    print(f"{seconds:.3f}")


if __name__ == "__main__":
    main()
