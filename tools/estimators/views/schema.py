"""JSON Schema of the ``estimators`` inventory section (see tools/core/schema.py)."""

from tools.core.schema import BOOL, KEY, PARAMETER, STR, array, mapping, record

SCHEMA = array(
    record(
        "One value-estimator class.",
        name=(STR, "class name (introspected)"),
        **{"import": (STR, "the import line (introspected)")},
        member=(STR, "the `ValueEstimators` member a loss asks for it with (introspected)"),
        parameters=(array(PARAMETER), "constructor parameters (introspected)"),
        make_value_estimator_defaults=(
            mapping({}, keys="a constructor argument"),
            "what `make_value_estimator(member)` passes (introspected)",
        ),
        key_map=(mapping(KEY, keys="a `set_keys` field"), "default key of each field (introspected)"),
        keys_read=(
            array(
                record(
                    field=(STR, "the `set_keys` field"),
                    key=(KEY, "where in the data it is read (a string, or a list of strings for a nested key)"),
                    required=(BOOL, "whether the call raised without it (measured)"),
                )
            ),
            "keys the estimator reads: removing or changing them changed the result (measured)",
        ),
        keys_written=(
            array(
                record(
                    field=(STR, "the `set_keys` field"),
                    key=(KEY, "the key written"),
                )
            ),
            "keys the estimator writes (measured)",
        ),
    )
)
