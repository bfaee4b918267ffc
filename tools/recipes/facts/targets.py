"""When a HardUpdate copies, predicted from the measured records (tools.targets), never assumed."""

from __future__ import annotations

from tools.targets.facts.records import TargetsReference


def copy_calls(reference: TargetsReference, interval: int, calls: int) -> list[int] | None:
    """The ``step()`` calls (1-based, up to ``calls``) on which a HardUpdate copies, or None.

    Uses the measurement for this interval when there is one; otherwise the rule
    every measured interval followed, when they all followed the same one
    (copy on call ``interval + 1``, then every ``interval + 1`` calls).  None
    when the measurements disagree with each other: nothing to predict from.
    """
    measured = {count.interval: count for count in reference.hard}
    if interval in measured and measured[interval].first_copy_call and measured[interval].period:
        first, period = measured[interval].first_copy_call, measured[interval].period
    elif reference.hard and all(c.first_copy_call == c.interval + 1 == c.period for c in reference.hard):
        first = period = interval + 1
    else:
        return None
    return list(range(first, calls + 1, period))


def copy_rule(reference: TargetsReference) -> str | None:
    """The measured rule in words, when every measured interval followed it."""
    if reference.hard and all(c.first_copy_call == c.interval + 1 == c.period for c in reference.hard):
        tried = ", ".join(str(c.interval) for c in reference.hard)
        return f"the first copy on call `interval + 1`, then one every `interval + 1` calls (measured with intervals {tried})"
    return None
