"""JSON Schema of the ``hook_points`` inventory section (see tools/core/schema.py)."""

from tools.core.schema import BOOL, INT, STR, array, nullable, record

SCHEMA = array(
    record(
        "One `dest` of `Trainer.register_op`.",
        name=(STR, "the `dest` name (introspected)"),
        order=(INT, "position in the order `train()` first calls it (measured)"),
        level=(STR, "how often it runs: per batch, per optimizer step, ... (measured)"),
        ops_attribute=(STR, "the trainer attribute holding its callables (introspected)"),
        receives=(array(STR), "what a callable registered there is given (measured)"),
        return_logged=(nullable(BOOL), "whether a returned dict is logged (measured; `null` when not applicable)"),
        none_return=(STR, "what returning None does (measured)"),
        returned_reaches=(array(STR), "where a returned value goes (measured)"),
        called_with_stepper=(BOOL, "whether it still runs when an optimization stepper drives the step (measured)"),
        ray_backend=(BOOL, "whether the Ray learner backend accepts it (measured)"),
        deprecated=(BOOL, "whether registering there warns (measured)"),
    )
)
