"""Raise and warn sites read from source: kinds, functions, the conditions that lead there, counts."""

from __future__ import annotations

import textwrap

from tools.error_catalog.facts.records import RAISE, RERAISE, WARN
from tools.error_catalog.facts.scan import count_sites, scan

SOURCE = textwrap.dedent(
    """
    import warnings
    from warnings import warn as say

    if FLAG:
        raise ImportError("needs the extra")


    class Loss:
        def forward(self, td):
            if "value" not in td:
                raise KeyError(f"value key {self.key} not found")
            elif td.ndim > 2:
                warnings.warn("flattening", DeprecationWarning)
            else:
                for key in self.keys:
                    try:
                        td[key]
                    except KeyError as err:
                        raise err
                    except ValueError:
                        raise
            def helper():
                say("inside", category=UserWarning)
            return helper

        class Inner:
            def check(self):
                raise NotImplementedError
    """
)


def test_every_site_with_its_function_and_kind():
    found = [(f.function, f.kind, f.exception) for f in scan(SOURCE)]
    assert found == [
        ("<module>", RAISE, "ImportError"),
        ("Loss.forward", RAISE, "KeyError"),
        ("Loss.forward", WARN, "DeprecationWarning"),
        ("Loss.forward", RERAISE, "err"),
        ("Loss.forward", RERAISE, ""),
        ("Loss.forward.<locals>.helper", WARN, "UserWarning"),
        ("Loss.Inner.check", RAISE, "NotImplementedError"),
    ]


def test_conditions_innermost_first():
    by_line = {f.line: f for f in scan(SOURCE)}
    key_error = next(f for f in by_line.values() if f.exception == "KeyError")
    assert key_error.guards == ["'value' not in td"]
    warned = next(f for f in by_line.values() if f.kind == WARN and f.function == "Loss.forward")
    assert warned.guards == ["td.ndim > 2", "not ('value' not in td)"]
    reraised = [f for f in by_line.values() if f.kind == RERAISE]
    assert reraised[0].guards[0] == "except KeyError" and reraised[0].guards[1] == "for key in self.keys"


def test_the_plain_count_agrees():
    assert count_sites(SOURCE) == len(scan(SOURCE)) == 7
