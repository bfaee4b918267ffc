"""JSON Schema of the ``config_groups`` inventory section (see tools/core/schema.py)."""

from tools.core.schema import STR, array, record

SCHEMA = array(
    record(
        "One option of a Hydra ConfigStore group.",
        group=(STR, "the ConfigStore group"),
        name=(STR, "the option name in the group"),
        config=(STR, "the config dataclass"),
        target=(STR, "its `_target_` as written"),
        **{"class": (STR, "the class instantiating it builds: measured for loss factories, else resolved")},
        resolved_how=(STR, "how the class was found from the target"),
        annotated=(STR, "a loss factory's return annotation when the class it builds differs, else empty"),
        error=(STR, "why it could not be resolved (empty when it was)"),
    )
)
