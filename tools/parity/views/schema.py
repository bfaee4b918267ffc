"""JSON Schema of the ``parity`` inventory section (see tools/core/schema.py)."""

from tools.core.schema import STR, array, mapping, nullable, record

SCHEMA = array(
    record(
        "One config dataclass compared with the class it builds.",
        config=(STR, "the config dataclass"),
        target=(STR, "the class it builds"),
        via=(STR, "how: directly or through a factory"),
        only_in_config=(array(STR), "fields the class does not take"),
        only_in_class=(array(STR), "parameters the config does not have"),
        default_mismatch=(array(STR), "names whose defaults differ"),
        type_mismatch=(array(STR), "names whose types differ"),
        classification=(STR, "the row's verdict: by design, suspicious, ..."),
        instantiation_error=(STR, "what instantiating the config raised (empty when it worked)"),
        factory=(
            nullable(
                record(
                    "What the config's factory function does beyond calling the class (measured with tiny parts).",
                    factory=(STR, "the factory function the config's `_target_` names"),
                    annotated=(STR, "the class its return annotation names"),
                    builds=(STR, "the class it built with the config's defaults"),
                    runs=(
                        array(
                            record(
                                values=(
                                    mapping(STR, keys="a config field"),
                                    "the fields given non-default values in this run",
                                ),
                                builds=(nullable(STR), "the class it built (`null` when it raised)"),
                                error=(nullable(STR), "what it raised"),
                                set_keys_calls=(array(STR), "the `set_keys` calls it made on the loss"),
                                make_value_estimator_calls=(array(STR), "the `make_value_estimator` calls it made"),
                                fields_not_passed=(array(STR), "config fields it pops instead of passing to the class"),
                            )
                        ),
                        "each instantiation tried",
                    ),
                )
            ),
            "for loss configs built through a factory: what the factory does (`null` for the others)",
        ),
        differences=(
            array(
                record(
                    field=(STR, "field or parameter name"),
                    kind=(STR, "which kind of difference"),
                    config=(STR, "the config side"),
                    **{"class": (STR, "the class side")},
                    classification=(STR, "by design or suspicious"),
                    reason=(STR, "why, in one line"),
                )
            ),
            "each difference with its classification",
        ),
    )
)
