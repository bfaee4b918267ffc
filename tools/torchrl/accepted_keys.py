"""The default keys a loss or an estimator reads and writes: its ``_AcceptedKeys``, as instantiated.

The one reading of them: the loss pages, the loss measurements and the API
snapshot (whose pinned section the upgrade pages diff) all call this.  Keys are
in their JSON form (``tools.core.keys``: nested keys flattened).
"""

from __future__ import annotations

import dataclasses

from tools.core.keys import KeyJSON, key_json


def accepted_key_defaults(cls: type) -> dict[str, KeyJSON | None] | None:
    """set_keys name -> default key, or None when the class declares no ``_AcceptedKeys`` dataclass.

    Read from an instance, not the dataclass fields: some defaults (``sample_log_prob``)
    are resolved in ``__post_init__``.
    """
    accepted = getattr(cls, "_AcceptedKeys", None)
    if not (isinstance(accepted, type) and dataclasses.is_dataclass(accepted)):
        return None
    instance = accepted()
    return {f.name: key_json(getattr(instance, f.name)) for f in dataclasses.fields(instance)}
