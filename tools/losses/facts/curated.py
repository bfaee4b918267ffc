"""data/losses.yaml: the facts torchrl cannot tell, loaded and checked against torchrl."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from tools.core.paths import DATA
from tools.core.yaml_files import read_yaml

DATA_FILE = DATA / "losses.yaml"
# Records computed from this module are keyed on these files too (tools.core.cache).
__cache_inputs__ = ("data/losses.yaml",)
WHERE = "data/losses.yaml"
ACTION_SPACES = {"discrete", "continuous"}
SETTINGS = ("on-policy", "off-policy", "offline", "model-based", "imitation", "LLM")
WRITERS = {
    "environment",
    "actor",
    "critic",
    "value estimator",
    "loss",
    "replay buffer",
    "dataset",
    "world model",
    "discriminator",
    "LLM wrapper",
}
FIELDS = {"family", "action_space", "setting", "multi_agent", "paper"}
KEY_FIELDS = {"holds", "writer"}


class CuratedDataError(Exception):
    """data/losses.yaml disagrees with torchrl; the message names the class and the fix."""


@lru_cache(maxsize=1)
def load() -> dict[str, Any]:
    data = read_yaml(DATA_FILE) or {}
    for section in ("losses", "keys", "key_overrides"):
        data.setdefault(section, {})
    return data


def check_entries(loss_names: set[str]) -> None:
    """Both directions: every loss of torchrl has an entry, every entry is a loss of torchrl."""
    entries = set(load()["losses"])
    missing, extra = sorted(loss_names - entries), sorted(entries - loss_names)
    problems = []
    if missing:
        problems += [
            f"{name}: torchrl has this loss but {WHERE} has no entry for it; add one under 'losses:'"
            for name in missing
        ]
    if extra:
        problems += [
            f"{name}: {WHERE} has an entry but torchrl has no such public loss; remove or rename it" for name in extra
        ]
    for name in sorted(entries & loss_names):
        problems += _field_problems(name, load()["losses"][name])
    for name in sorted(set(load()["key_overrides"]) - loss_names):
        problems.append(f"{name}: {WHERE} key_overrides names a loss torchrl does not have")
    if problems:
        raise CuratedDataError("\n".join(problems))


def _field_problems(name: str, entry: dict) -> list[str]:
    out = []
    if set(entry) != FIELDS:
        out.append(f"{name}: {WHERE} entry must have exactly the fields {sorted(FIELDS)}, has {sorted(entry)}")
        return out
    if not set(entry["action_space"]) <= ACTION_SPACES:
        out.append(f"{name}: {WHERE} action_space {entry['action_space']} may only hold {sorted(ACTION_SPACES)}")
    if not entry["setting"] or not set(entry["setting"]) <= set(SETTINGS):
        out.append(f"{name}: {WHERE} setting {entry['setting']} must be a non-empty list of {list(SETTINGS)}")
    if not isinstance(entry["multi_agent"], bool):
        out.append(f"{name}: {WHERE} multi_agent must be true or false")
    return out


def glossary(loss_name: str, key_name: str) -> tuple[str, str]:
    """(what the key holds, who writes it), with the loss's override if any."""
    data = load()
    entry = data["key_overrides"].get(loss_name, {}).get(key_name) or data["keys"].get(key_name)
    if entry is None:
        raise CuratedDataError(
            f"{loss_name}: accepts the key {key_name!r} but {WHERE} has no entry for it under 'keys:'; "
            "add what it holds and who writes it"
        )
    if set(entry) != KEY_FIELDS:
        # An unquoted comma inside a YAML flow mapping ({holds: a, b, writer: c}) silently turns "b" into a key.
        raise CuratedDataError(
            f"{WHERE}: key {key_name!r} must have exactly the fields {sorted(KEY_FIELDS)}, has {sorted(map(str, entry))}; "
            "quote a value that contains a comma"
        )
    if entry["writer"] not in WRITERS:
        raise CuratedDataError(
            f"{WHERE}: key {key_name!r} has writer {entry['writer']!r}; use one of {sorted(WRITERS)}"
        )
    return entry["holds"], entry["writer"]


def check_glossary(used: dict[str, set[str]]) -> None:
    """No key entry that no loss accepts, no override for a key its loss does not accept."""
    data = load()
    all_used = set().union(*used.values()) if used else set()
    problems = [
        f"{WHERE}: keys.{name} is accepted by no loss of torchrl; remove it"
        for name in sorted(set(data["keys"]) - all_used)
    ]
    for loss_name, overrides in data["key_overrides"].items():
        for key_name in sorted(set(overrides) - used.get(loss_name, set())):
            problems.append(f"{loss_name}: {WHERE} key_overrides.{loss_name}.{key_name} is not a key this loss accepts")
    if problems:
        raise CuratedDataError("\n".join(problems))
