"""TensorDict keys: one type, with the text a reader pastes and the JSON the records and inventory hold.

torchrl names an entry with a ``NestedKey``: a string (``"action"``) or a
tuple of strings (``("next", "reward")``), possibly nested.  Records keep keys
in their JSON form (what the disk cache and ``inventory.json`` hold): a string
for a one-part key, a list of strings for a nested one.  ``Key.of`` accepts
any of these spellings; ``text`` is how a page or a message shows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# A key as records and inventory.json hold it.
KeyJSON = str | list[str]


@dataclass(frozen=True, order=True)
class Key:
    parts: tuple[str, ...]

    @classmethod
    def of(cls, key: Any) -> Key:
        """A ``Key`` from a NestedKey (str or tuple, nested tuples flattened), its JSON form, or a ``Key``."""
        if isinstance(key, Key):
            return key
        if isinstance(key, str):
            return cls((key,))
        parts: list[str] = []
        for part in key:
            parts.extend(cls.of(part).parts)
        return cls(tuple(parts))

    def text(self) -> str:
        """``"reward"`` or ``("next", "reward")``: the key as a reader writes it in Python."""
        quoted = [repr(part).replace("'", '"') for part in self.parts]
        return quoted[0] if len(quoted) == 1 else "(" + ", ".join(quoted) + ")"

    def to_json(self) -> KeyJSON:
        """A string for a one-part key, a list of strings for a nested one."""
        return self.parts[0] if len(self.parts) == 1 else list(self.parts)

    def nested(self) -> str | tuple[str, ...]:
        """The ``NestedKey`` torchrl takes: a str for one part, a tuple otherwise."""
        return self.parts[0] if len(self.parts) == 1 else self.parts

    def __str__(self) -> str:
        return self.text()


def key_text(key: Any) -> str:
    """``Key.of(key).text()``; ``"None"`` for a key resolved at run time (``None``)."""
    return "None" if key is None else Key.of(key).text()


def key_json(key: Any) -> KeyJSON | None:
    """``Key.of(key).to_json()``; ``None`` stays ``None``."""
    return None if key is None else Key.of(key).to_json()
