"""Record (instead of print) what torchrl says while the zoo builds things."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from tools.core.silence import recording, warning_text


class Captured:
    """Warnings and torchrl log lines emitted inside ``captured()``: measured facts, not noise."""

    def __init__(self) -> None:
        self.warnings: list[str] = []
        self.log: list[str] = []

    def texts(self) -> list[str]:
        return list(dict.fromkeys([*self.warnings, *self.log]))


@contextmanager
def captured() -> Iterator[Captured]:
    """Record (instead of print) Python warnings and torchrl's log output.

    Measurement shows them on the pages as what torchrl said; the build output
    stays clean without filtering anything the site itself emits.
    """
    import logging

    import torchrl._utils  # noqa: F401  (torchrl installs its log handler on import: swap it after)

    record = Captured()
    torchrl_log = logging.getLogger("torchrl")

    class _Collect(logging.Handler):
        def emit(self, entry: logging.LogRecord) -> None:
            record.log.append(f"torchrl log ({entry.levelname}): {entry.getMessage()}")

    handlers, propagate = torchrl_log.handlers[:], torchrl_log.propagate
    torchrl_log.handlers, torchrl_log.propagate = [_Collect()], False
    try:
        with recording() as caught:
            yield record
        record.warnings.extend(warning_text(w) for w in caught)
    finally:
        torchrl_log.handlers, torchrl_log.propagate = handlers, propagate
