"""The non-default value each constructor argument is tried with.

Picked from the introspected default and annotation, so a new argument gets a
value without an edit here.  Only where neither says what a valid other value
is does a short table below name one (a loss-function name, say); an argument
that needs an object the zoo does not have (a network, a spec, a tensor) is
not tried, and the page says so.
"""

from __future__ import annotations

import inspect
import re
import typing
from typing import Any

# Distance names torchrl's ``distance_loss`` understands: the string arguments
# that choose a regression loss take one of them.
DISTANCES = ("l1", "l2", "smooth_l1")
# Arguments whose annotation is a bare ``str`` but whose valid values are a
# known set; the probe tries another member of it.
STRING_CHOICES: dict[str, tuple[str, ...]] = {
    "loss_function": DISTANCES,
    "loss_critic_type": DISTANCES,
    "reward_loss": DISTANCES,
    "reco_loss": DISTANCES,
    "latent_loss": DISTANCES,
    "done_loss": DISTANCES,
    "reconstruction_loss": DISTANCES,
    "reduction": ("mean", "sum", "none"),
    "scalar_output_mode": ("exclude", "non_tensor"),
    "value_loss": DISTANCES,
}
# The value a deprecated ``*_key`` argument is tried with.
PROBE_KEY = "probe_key"
NOT_TRIED = object()


def _literal_values(annotation: Any) -> list[Any]:
    """Members of every ``Literal[...]`` in the annotation (string annotations parsed as text)."""
    if isinstance(annotation, str):
        found = re.findall(r"Literal\[([^\]]*)\]", annotation)
        return [v.strip().strip("'\"") for group in found for v in group.split(",") if v.strip()]
    out: list[Any] = []
    if typing.get_origin(annotation) is typing.Literal:
        return list(typing.get_args(annotation))
    for arg in typing.get_args(annotation):
        out += _literal_values(arg)
    return out


def _annotation_text(annotation: Any) -> str:
    if annotation is inspect.Parameter.empty:
        return ""
    return annotation if isinstance(annotation, str) else inspect.formatannotation(annotation)


def _names_type(text: str, name: str) -> bool:
    return re.search(rf"\b{name}\b", text) is not None


def probe_value(name: str, default: Any, annotation: Any) -> Any:
    """A valid-looking value other than ``default`` for the argument, or NOT_TRIED."""
    text = _annotation_text(annotation)
    if default is inspect.Parameter.empty:
        return NOT_TRIED  # required: the example gives it
    if name.endswith("_key"):
        return PROBE_KEY
    choices = [v for v in _literal_values(annotation) if v != default and isinstance(v, str)]
    if not choices and name in STRING_CHOICES and (default is None or isinstance(default, str)):
        choices = [v for v in STRING_CHOICES[name] if v != default]
    if isinstance(default, bool):
        return not default
    if choices:
        return choices[0]
    if isinstance(default, str):  # "auto" and the like, where the annotation also allows a number or a bool
        if _names_type(text, "float") or _names_type(text, "Number"):
            return -1.0
        if _names_type(text, "bool"):
            return True
        return NOT_TRIED
    if isinstance(default, int) and not isinstance(default, bool):
        return default + 1
    if isinstance(default, float):
        return default / 2 if default else 0.5
    if isinstance(default, tuple) and all(isinstance(v, int) for v in default):
        return (*default, -1) if -1 not in default else default[:-1]
    if isinstance(default, tuple) and len(default) == 2 and all(isinstance(v, float) for v in default):
        return (default[0] / 2, (1 + default[1]) / 2)
    if default is None:
        if _names_type(text, "tuple") or _names_type(text, "Tensor"):
            return NOT_TRIED  # bounds, weights: valid values depend on the networks
        if name == "device":
            return "cpu"
        if _names_type(text, "float"):
            return 0.5
        if _names_type(text, "int"):
            return 2
        if _names_type(text, "bool"):
            return True
    return NOT_TRIED


def show(value: Any) -> str:
    return repr(value)
