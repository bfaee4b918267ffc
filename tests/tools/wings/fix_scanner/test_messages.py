"""Which raises and warns of the code before a fix count as changed by it: read from two versions of a file."""

from __future__ import annotations

from tools.fixes.facts.records import CONDITION, MESSAGE
from tools.wings.fix_scanner.messages import raised_before

OLD = b"""\
import warnings
from warnings import warn


def size(x, n):
    if x > 3:
        raise ValueError(f"x is too large for the buffer: got {x} and {n}")
    if n:
        warnings.warn("the n argument is deprecated and ignored here")
    while n < 0:
        warn("negative n is read as its absolute value")
    raise KeyError("a message the fix only moves down")


class Buffer:
    def add(self, item):
        if item is None:
            raise TypeError("short")
"""

NEW = b"""\
import warnings
from warnings import warn


def size(x, n):
    if x > 4:
        raise ValueError(f"x is too large for the buffer: got {x} and {n}")
    while n <= 0:
        warn("negative n is read as its absolute value")
    x = x + 1
    raise KeyError("a message the fix only moves down")
"""


def _changed(deleted):
    return [(r.function, r.exception, r.template(), r.change) for r in raised_before("torchrl/x.py", OLD, NEW, deleted)]


def test_a_changed_test_a_removed_warning_and_a_changed_loop():
    assert _changed([6, 8, 9, 10, 12]) == [
        ("size", "ValueError", "x is too large for the buffer: got {x} and {n}", CONDITION),
        ("size", "UserWarning", "the n argument is deprecated and ignored here", MESSAGE),
        ("size", "UserWarning", "negative n is read as its absolute value", CONDITION),
    ]


def test_a_moved_statement_a_short_message_and_lines_elsewhere_count_for_nothing():
    # Line 12 is the KeyError the new version raises word for word; line 18 holds a message too short to match.
    assert _changed([12, 18]) == []
    assert _changed([1, 2]) == []


def test_a_file_that_does_not_parse_or_no_deleted_line():
    assert raised_before("torchrl/x.py", b"def (:\n", NEW, [1]) == []
    assert raised_before("torchrl/x.py", OLD, NEW, []) == []
    # A deleted file: every changed message counts, nothing of it is raised after.
    assert [r.change for r in raised_before("torchrl/x.py", OLD, None, [7])] == [MESSAGE]
