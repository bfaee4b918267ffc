"""Save a trained tiny trainer with each checkpoint path torchrl offers, load it into a fresh one.

What is recorded is what happened: the messages torchrl printed, the files it
wrote, the keyword arguments it passed to ``torch.load`` / ``Checkpoint.load``
(spied on, not read from source), and whether weights and counters came back.
"""

from __future__ import annotations

import os
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from tools.core.errors import error_text
from tools.torchrl import trainer_zoo

TRAINER = "TD3Trainer"  # has every kind of component: policy, target updater, replay buffer


@dataclass(frozen=True)
class CheckpointRun:
    how: str  # "CKPT_BACKEND=torch", "checkpoint=Checkpoint()", ...
    # How the fresh trainer's loss was prepared before loading ("" = built as is).
    fresh: str
    saved: bool
    save_messages: list[str]
    written: list[str]  # what appeared in the destination, relative names
    load_calls: list[str]  # the calls the load made, with their keyword arguments
    weights_restored: bool
    counters_restored: bool
    error: str = ""
    load_kwargs: str = ""  # keyword arguments given to load_from_file ("" = none)


@dataclass(frozen=True)
class StopRun:
    """A hook calls request_stop() after the first batch."""

    batches_collected: int
    total_batches: int
    saved: bool


@dataclass(frozen=True)
class CheckpointFacts:
    trainer: str
    backends: list[str]  # torchrl._utils._CKPT_BACKEND.backends
    default_backend: str  # what CKPT_BACKEND resolves to when the variable is unset
    runs: list[CheckpointRun] = field(default_factory=list)
    stop: StopRun | None = None


@contextmanager
def _env(name: str, value: str | None):
    old = os.environ.get(name)
    if value is None:
        os.environ.pop(name, None)
    else:
        os.environ[name] = value
    try:
        yield
    finally:
        if old is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = old


@contextmanager
def _spy(owner, name: str, calls: list[str], label: str):
    original = getattr(owner, name)

    def spy(*args, **kwargs):
        shown = ", ".join(f"{k}={v!r}" for k, v in sorted(kwargs.items()))
        calls.append(f"{label}({shown})")
        return original(*args, **kwargs)

    setattr(owner, name, spy)
    try:
        yield
    finally:
        setattr(owner, name, original)


def _weights(trainer) -> dict:
    return {k: v.detach().clone() for k, v in trainer.loss_module.state_dict().items()}


def _same(a: dict, b: dict) -> bool:
    import torch

    return a.keys() == b.keys() and all(torch.equal(a[k], b[k]) for k in a)


def _listing(path: Path) -> list[str]:
    if path.is_file():
        return [path.name]
    if not path.exists():
        return []
    return sorted(p.relative_to(path).as_posix() for p in path.iterdir())


# The loss builds its value estimator on its first forward pass, which adds a
# buffer to its state_dict; a fresh loss has to build it too before loading.
MAKE_ESTIMATOR = "loss_module.make_value_estimator() before loading"
# The prepared runs also pass a keyword to load_from_file, to see where it goes.
LOAD_KWARGS = {"mmap": False}


def _counted(calls: list[str]) -> list[str]:
    counts: dict[str, int] = {}
    for call in calls:
        counts[call] = counts.get(call, 0) + 1
    return [call if n == 1 else f"{call} x{n}" for call, n in counts.items()]


def _run(how: str, backend: str | None, unified: bool, fresh_prep: str = "") -> CheckpointRun:
    import torch
    from torchrl.checkpoint import Checkpoint

    with tempfile.TemporaryDirectory() as tmp, _env("CKPT_BACKEND", backend):
        path = Path(tmp) / "trainer.ckpt"
        extra = {"checkpoint": Checkpoint()} if unified else {}
        with trainer_zoo.captured():
            source = trainer_zoo.construction(TRAINER).build(save_trainer_file=path, **extra)
        with trainer_zoo.captured() as said:
            try:
                source.train()  # saves at the end of train() (force_save)
            except Exception as exc:  # a failed save is the measurement
                return CheckpointRun(
                    how, fresh_prep, False, said.texts(), _listing(path), [], False, False, error_text(exc)
                )
        trained, frames, steps = _weights(source), source.collected_frames, source._optim_count
        with trainer_zoo.captured():
            fresh = trainer_zoo.construction(TRAINER).build()
            if fresh_prep == MAKE_ESTIMATOR:
                fresh.loss_module.make_value_estimator()
        before = _weights(fresh)
        calls: list[str] = []
        kwargs = LOAD_KWARGS if fresh_prep else {}
        shown_kwargs = ", ".join(f"{k}={v!r}" for k, v in kwargs.items())
        spies = (
            _spy(torch, "load", calls, "torch.load"),
            _spy(Checkpoint, "load", calls, "Checkpoint.load"),
            _spy(fresh.collector, "update_policy_weights_", calls, "collector.update_policy_weights_"),
        )
        with trainer_zoo.captured(), spies[0], spies[1], spies[2]:
            try:
                fresh.load_from_file(path, **kwargs)
            except Exception as exc:
                error = error_text(exc)
                return CheckpointRun(
                    how,
                    fresh_prep,
                    True,
                    said.texts(),
                    _listing(path),
                    _counted(calls),
                    False,
                    False,
                    error,
                    shown_kwargs,
                )
        restored = _same(_weights(fresh), trained) and not _same(before, trained)
        counters = (fresh.collected_frames, fresh._optim_count) == (frames, steps)
        return CheckpointRun(
            how, fresh_prep, True, said.texts(), _listing(path), _counted(calls), restored, counters, "", shown_kwargs
        )


def _stop_run() -> StopRun:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "stopped.ckpt"
        with trainer_zoo.captured():
            trainer = trainer_zoo.construction(TRAINER).build(save_trainer_file=path)
            batches = []
            trainer.register_op("post_steps", lambda: (batches.append(1), trainer.request_stop("probe")))
            trainer.train()
        return StopRun(len(batches), trainer_zoo.TOTAL_FRAMES // trainer_zoo.FRAMES_PER_BATCH, path.exists())


def measure() -> CheckpointFacts:
    from torchrl._utils import _CKPT_BACKEND

    backends = list(_CKPT_BACKEND.backends)
    with _env("CKPT_BACKEND", None):
        default = repr(_CKPT_BACKEND)
    runs = []
    for prep in ("", MAKE_ESTIMATOR):
        # torchsnapshot is not installed: its save fails the same way whatever the fresh trainer is.
        names = backends if not prep else [b for b in backends if b != "torchsnapshot"]
        runs += [_run(f"CKPT_BACKEND={name}", name, unified=False, fresh_prep=prep) for name in names]
        runs.append(_run("checkpoint=Checkpoint()", None, unified=True, fresh_prep=prep))
    return CheckpointFacts(trainer=TRAINER, backends=backends, default_backend=default, runs=runs, stop=_stop_run())
