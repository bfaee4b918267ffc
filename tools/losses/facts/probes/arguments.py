"""Pass each constructor argument a non-default value and record what the loss does with it.

Each argument is judged alone: accepted, accepted with a warning (deprecated
or not), or refused with an error.  Trying every argument one by one on every
loss costs seconds of constructor calls, so the probe tests them in groups
first (group testing): a group that constructs without any new warning
clears all its members at once, and only a group that raised or warned is
split in halves until the culprits stand alone.  Each outcome shown is then
the outcome of that argument passed alone.
"""

from __future__ import annotations

from typing import Any

from tools.core.errors import error_text
from tools.core.signatures import live_parameters
from tools.core.silence import recording, warning_text
from tools.losses.facts.probes.probe_values import NOT_TRIED, PROBE_KEY, probe_value, show
from tools.losses.facts.probes.records import ACCEPTED, DEPRECATED, GIVEN, REFUSED, WARNS, ArgumentOutcome
from tools.losses.facts.probes.records import NOT_TRIED as NOT_TRIED_OUTCOME
from tools.torchrl.loss_zoo import LossCase, bound_call

DEPRECATION_CATEGORIES = ("DeprecationWarning", "FutureWarning", "PendingDeprecationWarning")


def _construct(case: LossCase, changes: dict[str, Any]) -> tuple[Any, Exception | None, list]:
    with recording() as caught:
        try:
            loss = case.construct(**changes)
        except Exception as exc:  # recorded: the outcome of this argument
            return None, exc, list(caught)
    return loss, None, list(caught)


def _new_warnings(caught: list, baseline: set[str]) -> list:
    return [w for w in caught if warning_text(w) not in baseline]


def _culprits(case: LossCase, changes: dict[str, Any], baseline: set[str], found: dict) -> None:
    """Fill ``found`` (name -> (loss, exception, new warnings)) for the arguments of ``changes`` that
    raise or warn when passed alone; clean groups are cleared without splitting."""
    loss, exc, caught = _construct(case, changes)
    new = _new_warnings(caught, baseline)
    if exc is None and not new:
        for name in changes:
            found[name] = (loss, None, [])
        return
    if len(changes) == 1:
        (name,) = changes
        found[name] = (loss, exc, new)
        return
    names = list(changes)
    half = len(names) // 2
    for part in (names[:half], names[half:]):
        _culprits(case, {n: changes[n] for n in part}, baseline, found)


def _key_target(loss, name: str, accepted_keys: set[str]) -> tuple[str, str]:
    """The `set_keys` name a `*_key` constructor argument stands for: measured where the loss
    took it (its key changed to the probe value), else by name where that name is accepted."""
    keys = getattr(loss, "tensor_keys", None) if loss is not None else None
    if keys is not None:
        for field in accepted_keys:
            if getattr(keys, field, None) == PROBE_KEY:
                return field, "measured"
    stem = name.removesuffix("_key")
    if stem in accepted_keys:
        return stem, "introspected"
    return "", ""


def given_by_example(case: LossCase) -> set[str]:
    """Parameter names the construction's call gave a value (positional arguments bound to their names)."""
    try:
        return set(bound_call(case).arguments) | set(case.kwargs)
    except TypeError:
        return set(case.kwargs)


def probe_arguments(case: LossCase, accepted_keys: set[str]) -> list[ArgumentOutcome]:
    own, via, _ = live_parameters(type(case.loss))
    parameters = {**own, **via}
    given = given_by_example(case)
    outcomes: dict[str, ArgumentOutcome] = {}
    changes: dict[str, Any] = {}
    for name, p in parameters.items():
        if name in given or p.default is p.empty:
            outcomes[name] = ArgumentOutcome(name, "", GIVEN)
            continue
        value = probe_value(name, p.default, p.annotation)
        if value is NOT_TRIED:
            outcomes[name] = ArgumentOutcome(name, "", NOT_TRIED_OUTCOME, "needs an object the example does not build")
            continue
        changes[name] = value
    _, baseline_error, baseline_caught = _construct(case, {})
    if baseline_error is not None:
        raise RuntimeError(
            f"{type(case.loss).__name__}: rebuilding it from the construction's own arguments raised {error_text(baseline_error, lines=1, limit=300)}"
        )
    baseline = {warning_text(w) for w in baseline_caught}
    found: dict = {}
    if changes:
        _culprits(case, changes, baseline, found)
    for name, value in changes.items():
        loss, exc, new = found[name]
        outcome = ArgumentOutcome(name, show(value), ACCEPTED)
        if exc is not None:
            outcome.outcome, outcome.text = REFUSED, error_text(exc, lines=1, limit=300)
        elif new:
            w = new[0]
            deprecated = w.category.__name__ in DEPRECATION_CATEGORIES or "deprecat" in str(w.message).lower()
            outcome.outcome = DEPRECATED if deprecated else WARNS
            outcome.text = warning_text(w, limit=300)
        if name.endswith("_key"):
            outcome.set_keys_name, outcome.set_keys_how = _key_target(loss, name, accepted_keys)
        outcomes[name] = outcome
    return [outcomes[name] for name in parameters]
