"""JSON Schema of the ``config_groups`` inventory section (see tools/core/schema.py)."""

from tools.core.schema import STR, array, record

SCHEMA = array(
    record(
        "One option of a Hydra ConfigStore group.",
        group=(STR, "the ConfigStore group"),
        name=(STR, "the option name in the group"),
        config=(STR, "the config dataclass"),
        target=(STR, "its `_target_` as written"),
        **{"class": (STR, "the class it builds, resolved")},
        resolved_how=(STR, "how the class was found from the target"),
        error=(STR, "why it could not be resolved (empty when it was)"),
    )
)
