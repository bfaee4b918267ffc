"""Measure the LossModule contract on the installed torchrl: set_keys rules, masks, vmap.

The rules are run on one zoo loss (``PROBE_LOSS``: it has keys, an estimator
and an actor) built again from its construction's own networks for every check, so
that no check sees another's changes.  Which classes override the methods the
rules come from is introspected, so the page can say where a rule might not
hold.  Per-loss facts (masks honoured, default estimators made, reductions)
come from the loss records and are not measured twice.
"""

from __future__ import annotations

import importlib
import inspect

from tools.contracts.facts.records import Check, ContractFacts, ExportedClass
from tools.core.errors import error_text, first_line
from tools.core.silence import quiet
from tools.losses.facts.probes.forward import runs
from tools.torchrl import loss_zoo as zoo
from tools.torchrl.losses import NAMESPACES, loss_classes

PROBE_LOSS = "ClipPPOLoss"
VMAP_LOSS = "SACLoss"  # takes deactivate_vmap and keeps several Q-networks
OVERRIDABLE = ("forward", "set_keys", "_forward_value_estimator_keys", "make_value_estimator", "loss_mask_key")


def stable_error(text: str) -> str:
    """The error's first line up to the field dump that follows "Accepted keys are:" (it prints
    memory addresses, which would change the page on every build)."""
    head, sep, _ = first_line(text, 2000).partition(" {")
    return head + (" {…}" if sep else "")


def _fresh(case):
    loss = case.construct()
    keys = case.loss.tensor_keys
    loss.set_keys(**{f: getattr(keys, f) for f in keys.__dataclass_fields__ if getattr(keys, f) is not None})
    return loss


def exported_classes() -> list[ExportedClass]:
    from torchrl.objectives import LossModule

    out = []
    for namespace in NAMESPACES:
        module = importlib.import_module(namespace)
        for name in getattr(module, "__all__", ()):
            obj = getattr(module, name, None)
            if not inspect.isclass(obj) or obj is LossModule:
                continue
            is_loss = issubclass(obj, LossModule)
            what = "" if is_loss else (obj.__mro__[1].__name__ if len(obj.__mro__) > 1 else "object")
            out.append(ExportedClass(name, namespace, is_loss, what))
    return out


def overriders(classes: dict[str, type]) -> dict[str, list[str]]:
    from torchrl.objectives import LossModule

    found = {}
    for method in OVERRIDABLE:
        found[method] = sorted(
            name
            for name, cls in classes.items()
            if any(method in vars(k) for k in cls.__mro__[: cls.__mro__.index(LossModule)])
        )
    return found


def _set_keys_checks(case) -> tuple[list[Check], str]:
    first, unknown = _unknown_name_raises(case)
    others = [
        check(case)
        for check in (
            _none_resets_a_key,
            _tuple_and_list_keys,
            _list_key_in_a_forward_pass,
            _keys_per_instance,
            _rename_after_the_estimator,
            _rename_before_the_estimator,
        )
    ]
    return [first, *others], unknown


def _unknown_name_raises(case) -> tuple[Check, str]:
    loss = _fresh(case)
    try:
        loss.set_keys(advantage_key="adv")
        unknown = "nothing was raised"
    except Exception as exc:  # the text users see
        unknown = error_text(exc, lines=1, limit=300)
    return (
        Check(
            "A name `_AcceptedKeys` does not declare raises",
            unknown != "nothing was raised",
            f'`loss.set_keys(advantage_key="adv")` raised `{stable_error(unknown)}`',
        ),
        unknown,
    )


def _none_resets_a_key(case) -> Check:
    loss = _fresh(case)
    default = type(loss)._AcceptedKeys().advantage
    loss.set_keys(advantage="my_advantage")
    loss.set_keys(advantage=None)
    return Check(
        "`None` puts a key back to its default",
        loss.tensor_keys.advantage == default,
        f'after `set_keys(advantage="my_advantage")` then `set_keys(advantage=None)`, '
        f"`tensor_keys.advantage` is `{loss.tensor_keys.advantage!r}`",
    )


def _tuple_and_list_keys(case) -> Check:
    loss = _fresh(case)
    loss.set_keys(advantage=("extra", "advantage"))
    as_tuple = loss.tensor_keys.advantage
    loss.set_keys(advantage=["extra", "advantage"])
    as_list = loss.tensor_keys.advantage
    return Check(
        "A tuple names a nested key and is stored as given; a list is stored as a list too",
        isinstance(as_tuple, tuple) and isinstance(as_list, list),
        f'`set_keys(advantage=("extra", "advantage"))` stored `{as_tuple!r}`; '
        f'`set_keys(advantage=["extra", "advantage"])` stored `{as_list!r}` (a {type(as_list).__name__})',
    )


def _list_key_in_a_forward_pass(case) -> Check:
    loss = _fresh(case)
    action = loss.tensor_keys.action
    listed = list(action) if isinstance(action, tuple) else [action]
    loss.set_keys(action=listed)
    try:
        run = runs(loss, case.batch.clone())
    except Exception as exc:  # recorded
        run_text = f"raised `{error_text(exc, lines=1, limit=300)}`"
        ok = False
    else:
        ok, run_text = run.ok, "ran" if run.ok else f"did not run: {run.error}"
    return Check(
        "A list key (as Hydra passes a YAML list) works in a forward pass",
        ok,
        f"`set_keys(action={listed!r})` then a forward pass on the example's batch {run_text}",
    )


def _keys_per_instance(case) -> Check:
    first, second = _fresh(case), _fresh(case)
    before = second.tensor_keys.value
    first.set_keys(value="other_value")
    return Check(
        "Each instance has its own keys: renaming on one leaves the others alone",
        second.tensor_keys.value == before,
        f'after `first.set_keys(value="other_value")`, `second.tensor_keys.value` is `{second.tensor_keys.value!r}`',
    )


def _rename_after_the_estimator(case) -> Check:
    loss = _fresh(case)
    loss.make_value_estimator()
    loss.set_keys(reward="my_reward")
    reached = loss.value_estimator.tensor_keys.reward
    return Check(
        "Renaming after `make_value_estimator` reaches the estimator",
        reached == "my_reward",
        f'`make_value_estimator()` then `set_keys(reward="my_reward")`: the estimator reads `{reached!r}`',
    )


def _rename_before_the_estimator(case) -> Check:
    loss = _fresh(case)
    loss.set_keys(reward="my_reward")
    loss.make_value_estimator()
    reached = loss.value_estimator.tensor_keys.reward
    return Check(
        "Renaming before `make_value_estimator` reaches the estimator it makes",
        reached == "my_reward",
        f'`set_keys(reward="my_reward")` then `make_value_estimator()`: the estimator reads `{reached!r}`',
    )


def _mask_checks(case) -> list[Check]:
    checks = []
    for value in ("auto", None, "valid", ("collector", "mask"), 3):
        loss = _fresh(case)
        try:
            loss.loss_mask_key = value
            checks.append(Check(f"`loss_mask_key = {value!r}` is accepted", True, f"stored `{loss.loss_mask_key!r}`"))
        except Exception as exc:  # recorded
            checks.append(
                Check(
                    f"`loss_mask_key = {value!r}` is accepted", False, f"raised `{error_text(exc, lines=1, limit=300)}`"
                )
            )
    return checks


def _vmap_checks() -> list[Check]:
    """Does deactivate_vmap=True stop the loss calling torch.vmap?  Counted with a wrapper.

    torchrl's losses reach ``torch.vmap`` through ``torchrl.objectives.utils``
    (imported there as ``vmap``), so the wrapper replaces that name.
    """
    import torchrl.objectives.utils as objective_utils

    case = zoo.build(VMAP_LOSS)
    calls = {"n": 0}
    original = objective_utils.vmap

    def counting(*args, **kwargs):
        calls["n"] += 1
        return original(*args, **kwargs)

    counts = {}
    for flag in (False, True):
        objective_utils.vmap = counting
        try:
            calls["n"] = 0
            loss = case.construct(deactivate_vmap=flag)
            loss.set_keys(
                **{
                    f: getattr(case.loss.tensor_keys, f)
                    for f in case.loss.tensor_keys.__dataclass_fields__
                    if getattr(case.loss.tensor_keys, f) is not None
                }
            )
            runs(loss, case.batch.clone())
            counts[flag] = calls["n"]
        finally:
            objective_utils.vmap = original
    return [
        Check(
            "`deactivate_vmap=True` makes the loss stop calling `torch.vmap` over its Q-networks",
            counts[False] > 0 and counts[True] == 0,
            f"{VMAP_LOSS}: `torch.vmap` was called {counts[False]} time(s) while building and running it with "
            f"`deactivate_vmap=False`, {counts[True]} with `deactivate_vmap=True`",
        )
    ]


def measure() -> ContractFacts:
    import torchrl.objectives.common as common
    from torchrl.objectives import LossModule

    with quiet():
        case = zoo.build(PROBE_LOSS)
        set_keys, unknown = _set_keys_checks(case)
        masks = _mask_checks(case)
        vmap = _vmap_checks()
    auto = [[k] if isinstance(k, str) else list(k) for k in common.AUTO_LOSS_MASK_KEYS]
    return ContractFacts(
        probe_loss=PROBE_LOSS,
        forward_signature="forward" + str(inspect.signature(LossModule.forward)).replace("'", ""),
        exported=exported_classes(),
        set_keys_checks=set_keys,
        unknown_name_error=stable_error(unknown),
        mask_default=repr(LossModule._loss_mask_key),
        mask_auto_keys=auto,
        mask_checks=masks,
        vmap_checks=vmap,
        overrides=overriders(loss_classes()),
    )
