"""Run a recipe file as ``__main__`` with torchrl instrumented; write what happened as JSON.

``python tools/wings/recipe_probe.py RECIPE.py REPORT.json`` (``make outputs`` runs it: ``tools/outputs/facts/probes.py``)

The recipe runs unchanged, as a reader runs it, in its own fresh interpreter.
Before it starts, this script wraps a few torchrl methods to watch the things a
wiring mistake breaks silently:

* every loss forward: are all ``loss_*`` terms finite?  Which parameters did
  the loss hold at its first forward, and which changed by the end?
* every collector: how many frames it yielded; its policy's parameters at
  construction and at the end;
* every replay buffer: frames written with ``extend`` or ``add``, its length
  and capacity at the end;
* every target updater: at each ``step()``, did the targets move since the
  previous call (they must not: only the updater moves them), and did this
  call move them?
* every prioritized buffer: its priorities before and after each ``update_priority``
  or ``update_tensordict_priority``.

It also keeps the rows ``train()`` returns.

It only observes: no wrapper changes an argument or a return value.  Stdlib and
torchrl imports only, so it does not depend on the project being importable.
"""

from __future__ import annotations

import json
import runpy
import sys
from collections import defaultdict

import torch
from torch.nn.modules.module import register_module_forward_hook


def _snapshot(named) -> dict[str, torch.Tensor]:
    return {name: tensor.detach().clone() for name, tensor in named}


def _changed(before: dict[str, torch.Tensor], after: dict[str, torch.Tensor]) -> dict[str, bool]:
    return {name: not torch.equal(before[name], after[name]) for name in before if name in after}


def _group(name: str) -> str:
    """The first attribute of a loss parameter's dotted name: ``actor_network_params``, ``log_alpha``..."""
    return name.split(".")[0]


class Probe:
    def __init__(self) -> None:
        self.losses: dict[int, dict] = {}
        self.loss_objects: dict[int, object] = {}
        self.collectors: list[dict] = []
        self.collector_objects: list[object] = []
        self.buffers: dict[int, dict] = {}
        self.buffer_objects: dict[int, object] = {}
        self.updaters: dict[int, dict] = {}
        self.updater_objects: dict[int, object] = {}
        self.priority_updates: list[dict] = []

    # --- losses -----------------------------------------------------------------------------
    def loss_forward(self, module, _inputs, output) -> None:
        from tensordict import TensorDictBase
        from torchrl.objectives import LossModule

        if not isinstance(module, LossModule):
            return
        entry = self.losses.get(id(module))
        if entry is None:
            entry = self.losses[id(module)] = {
                "class": type(module).__name__,
                "forward_calls": 0,
                "non_finite": [],
                "terms": [],
                "read_priority_weight": 0,
                "initial": _snapshot(module.named_parameters()),
            }
            self.loss_objects[id(module)] = module
        entry["forward_calls"] += 1
        if getattr(module, "_probe_saw_weight", False):
            entry["read_priority_weight"] += 1
        result = output[0] if isinstance(output, tuple) else output
        if isinstance(result, TensorDictBase):
            for key in result.keys():
                if isinstance(key, str) and key.startswith("loss"):
                    value = result.get(key)
                    if key not in entry["terms"]:
                        entry["terms"].append(key)
                    if not torch.isfinite(value).all() and key not in entry["non_finite"]:
                        entry["non_finite"].append(key)

    def loss_pre_forward(self, module, inputs) -> None:
        from tensordict import TensorDictBase
        from torchrl.objectives import LossModule

        if not isinstance(module, LossModule) or not inputs or not isinstance(inputs[0], TensorDictBase):
            return
        keys = getattr(module, "tensor_keys", None)
        weight_key = getattr(keys, "priority_weight", None) if keys is not None else None
        module._probe_saw_weight = weight_key is not None and weight_key in inputs[0].keys(include_nested=True)

    # --- the report ---------------------------------------------------------------------------
    def report(self) -> dict:
        losses = []
        for key, entry in self.losses.items():
            module = self.loss_objects[key]
            changed = _changed(entry.pop("initial"), _snapshot(module.named_parameters()))
            groups: dict[str, bool] = defaultdict(bool)
            for name, moved in changed.items():
                groups[_group(name)] |= moved
            losses.append({**entry, "parameter_groups_changed": dict(groups)})
        collectors = []
        for entry in self.collectors:
            policy = entry.pop("policy")
            initial = entry.pop("initial")
            if policy is not None and initial:
                entry["policy_changed"] = any(_changed(initial, _snapshot(policy.named_parameters())).values())
            collectors.append(entry)
        buffers = []
        for key, entry in self.buffers.items():
            buffer = self.buffer_objects[key]
            storage = buffer._storage
            entry["length"] = len(buffer)
            entry["capacity"] = getattr(storage, "max_size", None)
            buffers.append(entry)
        updaters = list(self.updaters.values())
        return {
            "losses": losses,
            "collectors": collectors,
            "buffers": buffers,
            "updaters": updaters,
            "priority_updates": self.priority_updates,
        }


PROBE = Probe()


def _targets(updater) -> dict[str, torch.Tensor]:
    return _snapshot(
        (f"{group}.{name}", tensor)
        for group in updater._target_names
        for name, tensor in getattr(updater.loss_module, group).items(True, True)
    )


def install() -> None:
    from torchrl.collectors import Collector
    from torchrl.data import PrioritizedSampler, ReplayBuffer
    from torchrl.objectives.utils import TargetNetUpdater

    _watch_losses()
    _watch_collectors(Collector)
    _watch_buffers(ReplayBuffer, PrioritizedSampler)
    _watch_updaters(TargetNetUpdater)


def _watch_losses() -> None:
    """Every module's forward passes through the probe, which keeps only the losses'."""
    register_module_forward_hook(PROBE.loss_forward)
    from torch.nn.modules.module import register_module_forward_pre_hook

    register_module_forward_pre_hook(PROBE.loss_pre_forward)


def _watch_collectors(Collector) -> None:
    """Each collector's policy parameters at construction, and the frames and batches it yields."""
    original_collector_init = Collector.__init__

    def collector_init(self, *args, **kwargs):
        original_collector_init(self, *args, **kwargs)
        policy = args[1] if len(args) > 1 else kwargs.get("policy")
        parameters = list(policy.named_parameters()) if isinstance(policy, torch.nn.Module) else []
        entry = {"frames": 0, "batches": 0, "policy": policy if parameters else None, "initial": _snapshot(parameters)}
        PROBE.collectors.append(entry)
        PROBE.collector_objects.append(self)
        self._probe_entry = entry

    Collector.__init__ = collector_init
    original_iter = Collector.__iter__

    def collector_iter(self):
        for batch in original_iter(self):
            self._probe_entry["frames"] += batch.numel()
            self._probe_entry["batches"] += 1
            yield batch

    Collector.__iter__ = collector_iter


def _buffer_entry(buffer) -> dict:
    key = id(buffer)
    if key not in PROBE.buffers:
        PROBE.buffers[key] = {
            "class": type(buffer).__name__,
            "written": 0,
            "sampler": type(buffer._sampler).__name__,
        }
        PROBE.buffer_objects[key] = buffer
    return PROBE.buffers[key]


def _priorities(buffer, PrioritizedSampler) -> torch.Tensor | None:
    sampler = buffer._sampler
    if not isinstance(sampler, PrioritizedSampler) or not len(buffer):
        return None
    return torch.as_tensor(sampler._sum_tree[torch.arange(len(buffer))]).clone()


def _subclasses(cls):
    yield cls
    for sub in cls.__subclasses__():
        yield from _subclasses(sub)


def _watch_buffers(ReplayBuffer, PrioritizedSampler) -> None:
    """Frames written to each replay buffer, and what each priority update changed."""

    # Subclasses override these methods and call each other (extend -> add, update_tensordict_priority
    # -> update_priority): only the outermost call on a buffer counts.
    def outermost(method_name, original):
        def wrapper(self, *args, **kwargs):
            depth = self.__dict__.get("_probe_depth", 0)
            self.__dict__["_probe_depth"] = depth + 1
            try:
                if depth:
                    return original(self, *args, **kwargs)
                entry = _buffer_entry(self)
                before = _priorities(self, PrioritizedSampler) if method_name.startswith("update") else None
                out = original(self, *args, **kwargs)
                if method_name == "extend":
                    data = args[0] if args else kwargs.get("data", kwargs.get("tensordicts"))
                    entry["written"] += data.numel() if hasattr(data, "numel") else len(data)
                elif method_name == "add":
                    entry["written"] += 1
                elif before is not None:
                    after = _priorities(self, PrioritizedSampler)
                    PROBE.priority_updates.append(
                        {"count": int(before.numel()), "changed": int((before != after).sum())}
                    )
                return out
            finally:
                self.__dict__["_probe_depth"] = depth

        return wrapper

    for cls in _subclasses(ReplayBuffer):
        for method_name in ("extend", "add", "update_priority", "update_tensordict_priority"):
            if method_name in cls.__dict__:
                setattr(cls, method_name, outermost(method_name, cls.__dict__[method_name]))


def _watch_updaters(TargetNetUpdater) -> None:
    """At each target updater's step(): did the targets move since the previous call, and did this call move them?"""
    original_step = TargetNetUpdater.step

    def step(self, *args, **kwargs):
        key = id(self)
        entry = PROBE.updaters.get(key)
        if entry is None:
            entry = PROBE.updaters[key] = {
                "class": type(self).__name__,
                "interval": getattr(self, "value_network_update_interval", None),
                "eps": getattr(self, "eps", None)
                if not torch.is_tensor(getattr(self, "eps", None))
                else float(self.eps),
                "loss": type(self.loss_module).__name__,
                "calls": 0,
                "moved_between_calls": 0,
                "moved_on_call": [],
            }
            PROBE.updater_objects[key] = self
            self._probe_after = _targets(self)  # first call: compare with the targets as they are now
        before = _targets(self)
        if any(_changed(self._probe_after, before).values()):
            entry["moved_between_calls"] += 1
        out = original_step(self, *args, **kwargs)
        after = _targets(self)
        entry["calls"] += 1
        if any(_changed(before, after).values()):
            entry["moved_on_call"].append(entry["calls"])
        self._probe_after = after
        return out

    TargetNetUpdater.step = step


def main(recipe: str, report_path: str) -> None:
    install()
    # Imported as a module (nothing may train at import), then train() called as the
    # file's `if __name__ == "__main__": train()` would, keeping the rows it returns.
    namespace = runpy.run_path(recipe, run_name="recipe_under_probe")
    rows = namespace["train"]()
    with open(report_path, "w") as handle:
        json.dump({**PROBE.report(), "rows": rows}, handle, indent=1)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
