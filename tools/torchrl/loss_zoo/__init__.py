"""The zoo: one tiny, seeded construction of every loss that can be built here.

Each loss has a construction, ``tools/torchrl/loss_zoo/constructions/<LossName>.py``: a short,
readable script that builds the networks, the loss (renaming one key with
``set_keys``) and a small fake batch named ``batch``.  The same text is the
runnable example on the loss's page and what the build measures, so the page
shows exactly what was run.

Use it as::

    case = build("SACLoss")        # fresh objects on every call
    out = case.loss(case.batch)

Batches carry a time dimension (``[2, 4]``: environments x steps, with
``("next", ...)`` reward/done/terminated and next observation) wherever the
loss accepts one.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import types
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tools.torchrl.losses import loss_classes

CONSTRUCTIONS = Path(__file__).parent / "constructions"
# The constructions are run with exec, not imported: records measured on them are keyed on them too
# (tools.core.cache reads this tuple, paths from the project root, when it follows a module's imports).
__cache_inputs__ = ("tools/torchrl/loss_zoo/constructions",)

# The action space each construction exercises (None: the loss reads no action).
# The build checks it against the construction's batch where the loss's action key
# holds the actions (tools/losses/facts/measure.py), and checks that the curated
# action space of data/losses.yaml includes it.
ACTION_SPACE: dict[str, str | None] = {
    "A2CLoss": "discrete",
    "ACTLoss": "continuous",
    "BCLoss": "continuous",
    "CQLLoss": "continuous",
    "ClipPPOLoss": "continuous",
    "CrossQLoss": "continuous",
    "DDPGLoss": "continuous",
    "DQNLoss": "discrete",
    "DTLoss": "continuous",
    "DiffusionBCLoss": "continuous",
    "DiscreteCQLLoss": "discrete",
    "DiscreteIQLLoss": "discrete",
    "DiscreteSACLoss": "discrete",
    "DistributionalDQNLoss": "discrete",
    "DreamerActorLoss": "continuous",
    "DreamerModelLoss": "continuous",
    "DreamerV3ActorLoss": "continuous",
    "DreamerV3Loss": "continuous",
    "DreamerV3ModelLoss": "continuous",
    "DreamerV3ValueLoss": None,
    "DreamerValueLoss": None,
    "ExponentialQuadraticCost": None,
    "GAILLoss": "continuous",
    "IPPOLoss": "continuous",
    "IQLLoss": "continuous",
    "KLPENPPOLoss": "discrete",
    "MAPPOLoss": "continuous",
    "OnlineDTLoss": "continuous",
    "PPOLoss": "continuous",
    "QMixerLoss": "discrete",
    "REDQLoss": "continuous",
    "ReinforceLoss": "continuous",
    "RNDLoss": None,
    "SACLoss": "continuous",
    "TD3BCLoss": "continuous",
    "TD3Loss": "continuous",
    "TQCLoss": "continuous",
    "WorldModelLoss": "continuous",
}

_LLM = (
    "needs an LLM policy wrapper (torchrl.modules.llm) and token-level batches; "
    "the `transformers` package is not installed here, so it is covered for its key conventions only"
)
# Losses with no construction, and why.  Shown on their pages and in the table.
NOT_BUILT: dict[str, str] = {
    "CISPOLoss": _LLM,
    "DAPO": _LLM,
    "DistillationLoss": _LLM,
    "GRPOLoss": _LLM,
    "SFTLoss": _LLM,
}


@dataclass
class LossCase:
    """A freshly built loss, the batch it reads, and the construction that made them."""

    name: str
    loss: Any  # a torchrl LossModule
    batch: Any  # a TensorDict
    source: str  # the construction's text (the page's example starts with it)
    action_space: str | None
    # The construction's own call of the loss class: the probes build the loss again from
    # the same tiny networks, changing one thing (a constructor call costs a fraction of what
    # a whole construction does).
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)

    def construct(self, **changes: Any) -> Any:
        """A new loss from the construction's own constructor arguments, with ``changes`` applied."""
        return type(self.loss)(*self.args, **{**self.kwargs, **changes})


def bound_call(case: LossCase) -> inspect.BoundArguments:
    """The construction's call bound to the names of the constructor's parameters (``inspect.BoundArguments``).

    Bound against ``__init__`` (``inspect.signature`` of some loss classes shows
    only ``(*args, **kwargs)``, from their ``__new__``).
    """
    parameters = list(inspect.signature(type(case.loss).__init__).parameters.values())[1:]
    return inspect.Signature(parameters).bind_partial(*case.args, **case.kwargs)


class ZooError(Exception):
    """A construction that does not define what the zoo promises; the message names it."""


def names() -> list[str]:
    """Every loss with a construction, sorted."""
    return sorted(p.stem for p in CONSTRUCTIONS.glob("*.py"))


def source(name: str) -> str:
    path = CONSTRUCTIONS / f"{name}.py"
    if not path.is_file():
        known = ", ".join(names())
        raise KeyError(
            f"no construction for {name!r} in tools/torchrl/loss_zoo/constructions/ (constructions: {known})"
        )
    return path.read_text(encoding="utf-8")


@contextlib.contextmanager
def _recording_calls(cls: type[Any], calls: list[tuple[tuple[Any, ...], dict[str, Any]]]) -> Iterator[None]:
    """Record the arguments of the first ``cls(...)`` call (not of a subclass, nor nested)."""
    own = cls.__dict__.get("__init__")
    init = cls.__init__

    def recording_init(self: Any, *args: Any, **kwargs: Any) -> None:
        if type(self) is cls and not calls:
            calls.append((args, dict(kwargs)))
        init(self, *args, **kwargs)

    cls.__init__ = recording_init
    try:
        yield
    finally:
        if own is None:
            del cls.__init__
        else:
            cls.__init__ = own


@functools.cache
def _compiled(text: str, filename: str) -> types.CodeType:
    """A construction's code, compiled once per text: a build builds each loss a dozen times."""
    return compile(text, filename, "exec")


def build(name: str) -> LossCase:
    """Run the construction of ``name`` and return fresh objects (a new loss and batch on every call)."""
    text = source(name)
    if name not in ACTION_SPACE:
        raise ZooError(f"tools/torchrl/loss_zoo/__init__.py: ACTION_SPACE has no entry for the construction {name}.py")
    filename = str(CONSTRUCTIONS / f"{name}.py")
    namespace: dict[str, Any] = {"__name__": "__main__", "__file__": filename}
    calls: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    with _recording_calls(loss_classes()[name], calls):
        exec(_compiled(text, filename), namespace)
    missing = [var for var in ("loss", "batch") if var not in namespace]
    if missing:
        raise ZooError(f"tools/torchrl/loss_zoo/constructions/{name}.py must define {' and '.join(missing)}")
    loss = namespace["loss"]
    if type(loss).__name__ != name:
        raise ZooError(f"tools/torchrl/loss_zoo/constructions/{name}.py builds a {type(loss).__name__}, not a {name}")
    if not calls:
        raise ZooError(
            f"tools/torchrl/loss_zoo/constructions/{name}.py must build the loss by calling {name}(...) itself"
        )
    args, kwargs = calls[0]
    return LossCase(name, loss, namespace["batch"], text, ACTION_SPACE[name], args, kwargs)
