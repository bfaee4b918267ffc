"""JSON Schema of the ``trainers`` inventory section (see tools/core/schema.py)."""

from tools.core.schema import ANNOTATED_PARAMETER, STR, array, mapping, record

SCHEMA = array(
    record(
        "One trainer class.",
        name=(STR, "class name (discovered)"),
        module=(STR, "the public module that exports it"),
        bases=(array(STR), "its base classes"),
        loss=(STR, "the loss it is built around (curated in data/trainers.yaml)"),
        other_losses=(array(STR), "other losses it accepts (curated)"),
        configs=(array(STR), "Hydra config dataclasses that build it"),
        parameters=(array(ANNOTATED_PARAMETER), "constructor parameters (introspected)"),
        effective_defaults=(
            mapping(STR, keys="a parameter"),
            "what the built trainer holds where the default says otherwise (measured)",
        ),
        default_hooks=(
            array(
                record(
                    point=(STR, "the hook point"),
                    callable=(STR, "what it registered there"),
                    detail=(STR, "its arguments or target, as shown"),
                )
            ),
            "what building it registers, in call order (measured)",
        ),
        modules=(mapping(STR, keys="a registered module name"), "registered modules -> class (measured)"),
        checkpoint_components=(array(STR), "what a `Checkpoint` registers for it (measured)"),
        reference_only=(
            mapping(STR, keys="a parameter"),
            "parameters that cannot run on this machine -> why (curated)",
        ),
        built_with=(mapping(STR, keys="a parameter"), "the tiny parts it was built with -> their class"),
    )
)
