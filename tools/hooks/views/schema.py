"""JSON Schema of the ``hooks`` inventory section (see tools/core/schema.py)."""

from tools.core.schema import ANNOTATED_PARAMETER, BOOL, STR, array, record

SCHEMA = array(
    record(
        "One TrainerHookBase subclass.",
        name=(STR, "class name (discovered)"),
        module=(STR, "where it is defined"),
        summary=(STR, "what it is for: the first paragraph of its upstream docstring (introspected)"),
        exported=(BOOL, "whether `torchrl.trainers` (or `.algorithms`) exports it"),
        optimization_stepper=(BOOL, "whether it drives the optimization step instead of sitting at a point"),
        parameters=(array(ANNOTATED_PARAMETER), "constructor parameters (introspected)"),
        register=(STR, "the `register(...)` call signature"),
        attaches=(
            array(
                record(
                    point=(STR, "hook point"),
                    callable=(STR, "what it attached there"),
                )
            ),
            "where `register(trainer)` attaches it (measured)",
        ),
        module_name=(STR, "the module name it registers under (measured; empty for none)"),
        note=(STR, "what building or registering it said (measured)"),
        error=(STR, "what `register()` raised, if anything (measured)"),
        registered_by_default_in=(array(STR), "trainers that register it when built (measured)"),
        configs=(array(STR), "Hydra config dataclasses that build it"),
    )
)
