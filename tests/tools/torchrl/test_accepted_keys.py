"""tools.torchrl.accepted_keys: defaults read from an instance, nested keys flattened as ``Key.of`` does."""

from __future__ import annotations

import dataclasses

from tools.core.keys import Key
from tools.torchrl.accepted_keys import accepted_key_defaults


class _Loss:
    @dataclasses.dataclass
    class _AcceptedKeys:
        reward: object = ("next", ("agents", "reward"))
        action: object = "action"
        log_prob: object = None

        def __post_init__(self):
            self.action = ("agents", "action")


def test_nested_keys_are_flattened_and_post_init_is_read():
    assert accepted_key_defaults(_Loss) == {
        "reward": ["next", "agents", "reward"],
        "action": ["agents", "action"],
        "log_prob": None,
    }
    assert accepted_key_defaults(_Loss)["reward"] == Key.of(_Loss._AcceptedKeys.reward).to_json()


def test_a_class_without_accepted_keys_has_none():
    assert accepted_key_defaults(object) is None
