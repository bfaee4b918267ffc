"""Facts measured by running the zoo's construction of a loss on its tiny fake batch."""

from __future__ import annotations

from typing import Any

from tools.core.errors import error_text, first_line
from tools.core.keys import key_json
from tools.core.silence import quiet, recording
from tools.core.timing import stage
from tools.losses.facts import curated
from tools.losses.facts.introspect import accepted_key_defaults, target_groups
from tools.losses.facts.probes import default_estimator_made, probe
from tools.losses.facts.records import Measurement, Output
from tools.torchrl import loss_zoo as zoo

MASK_PROBE_KEY = "loss_mask_probe"


class MeasurementError(Exception):
    """A construction that no longer runs; the message names the loss and the construction file."""


def _leaves(td) -> list[tuple[Any, Any]]:
    return list(td.items(include_nested=True, leaves_only=True))


def _forward(loss, batch):
    import torch

    torch.manual_seed(0)
    out = loss(batch)
    if isinstance(out, tuple):
        return out[0], True
    return out, False


def _split_outputs(out) -> tuple[list[Output], list[Output]]:
    import torch

    terms, diagnostics = [], []
    for key, value in _leaves(out):
        jkey = key_json(key)
        if not isinstance(value, torch.Tensor):
            diagnostics.append(Output(jkey, False, [], f"not a tensor ({type(value).__name__})"))
            continue
        shape = list(value.shape)
        if value.requires_grad and value.numel() == 1:
            terms.append(Output(jkey, True, shape))
        elif value.requires_grad:
            diagnostics.append(Output(jkey, True, shape, "carries a gradient but is per-sample, not a term to sum"))
        else:
            diagnostics.append(Output(jkey, False, shape))
    return terms, diagnostics


def _terms_of(out) -> dict[str, float]:
    import torch

    return {
        str(k): float(v.detach().sum())
        for k, v in _leaves(out)
        if isinstance(v, torch.Tensor) and v.requires_grad and v.numel() == 1
    }


def _rebuilt(case):
    """The construction's loss built again from its own networks, with the construction's key renames."""
    loss = case.construct()
    keys = case.loss.tensor_keys
    loss.set_keys(**{f: getattr(keys, f) for f in keys.__dataclass_fields__ if getattr(keys, f) is not None})
    return loss


def _mask_probe(case) -> tuple[bool | None, str | None]:
    """Is ``loss_mask_key`` honoured?  Same batch, all-true mask vs half-false mask.

    Each side gets a loss built afresh from the construction's networks (a forward
    pass may move a loss's own state: KL coefficients, running statistics).
    """
    import torch

    results = []
    try:
        for keep_all in (True, False):
            loss = _rebuilt(case)
            loss.loss_mask_key = MASK_PROBE_KEY
            mask = torch.ones(case.batch.batch_size, dtype=torch.bool)
            if not keep_all:
                mask.view(-1)[: mask.numel() // 2] = False
            batch = case.batch.clone()
            batch.set(MASK_PROBE_KEY, mask)
            out, _ = _forward(loss, batch)
            results.append(_terms_of(out))
    except Exception as exc:  # recorded: the page says masking failed, with this text
        return None, error_text(exc, limit=300)
    return results[0] != results[1], None


def batch_action_kind(case) -> str | None:
    """The kind of action in the construction's batch, read from the data under the loss's action key.

    None when the loss names no ``action`` key or the batch holds none there
    (the actor losses of model-based methods imagine their actions).
    """
    keys = getattr(case.loss, "tensor_keys", None)
    key = getattr(keys, "action", None)
    if key is None or key not in case.batch.keys(include_nested=True):
        return None
    action = case.batch.get(key)
    if not action.is_floating_point():
        return "discrete"  # integer (categorical) actions
    one_hot = bool((((action == 0) | (action == 1)).all() & (action.sum(-1) == 1).all()).item())
    return "discrete" if one_hot else "continuous"


def check_construction_action_space(name: str, case) -> None:
    """The action space zoo.py states for a construction must be the one its batch holds, where the batch shows it."""
    found = batch_action_kind(case)
    if found is not None and found != case.action_space:
        raise MeasurementError(
            f"{name}: tools/torchrl/loss_zoo/__init__.py ACTION_SPACE says {case.action_space!r}, but the construction's batch "
            f"holds {found} actions under the loss's action key; correct the entry"
        )


def measure(name: str) -> Measurement:
    with recording() as caught:
        case = zoo.build(name)
        check_construction_action_space(name, case)
        defaults = accepted_key_defaults(type(case.loss))
        renamed = {
            field: key_json(getattr(case.loss.tensor_keys, field))
            for field in defaults
            if key_json(getattr(case.loss.tensor_keys, field)) != defaults[field]
        }
        batch = case.batch.clone()
        before = {k for k, _ in _leaves(batch)}
        estimator_before = getattr(case.loss, "_value_estimator", None)
        warnings_before = len(caught)
        try:
            out, returns_tuple = _forward(case.loss, batch)
            terms, diagnostics = _split_outputs(out)
            if not terms:
                raise MeasurementError("its forward pass returned no gradient-carrying scalar")
            total = sum(out.get(tuple(t.key) if isinstance(t.key, list) else t.key) for t in terms)
            total.backward()
        except Exception as exc:
            raise MeasurementError(
                f"{name}: the construction tools/torchrl/loss_zoo/constructions/{name}.py no longer computes the loss: "
                f"{error_text(exc)}"
            ) from exc
        after = {k for k, _ in _leaves(batch)}
        target_params = sorted(target_groups(case.loss))
    written = sorted((key_json(k) for k in after - before), key=str)
    priority_written = None
    if "priority" in defaults:
        priority_written = key_json(case.loss.tensor_keys.priority) in written
    with quiet():  # already recorded above, from the first run
        mask_honoured, mask_error = _mask_probe(case)
    with stage("losses.probes"):
        probes = probe(case, set(defaults), curated.load()["losses"][name]["action_space"])
        probes.default_estimator = default_estimator_made(case.loss, estimator_before, caught[warnings_before:])
    messages = sorted({first_line(str(w.message), 240) for w in caught})
    measured = Measurement(
        action_space=case.action_space,
        renamed=renamed,
        returns_tuple=returns_tuple,
        loss_outputs=terms,
        diagnostic_outputs=diagnostics,
        target_params=target_params,
        mask_honoured=mask_honoured,
        mask_error=mask_error,
        priority_written=priority_written,
        warnings=messages,
        written_keys=written,
        probes=probes,
    )
    return measured
