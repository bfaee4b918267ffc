"""JSON Schema of the ``targets`` inventory section (see tools/core/schema.py)."""

from tools.core.schema import BOOL, INT, NUM, PARAMETER, STR, array, mapping, nullable, record

SCHEMA = record(
    updaters=(
        array(
            record(
                name=(STR, "class name (introspected)"),
                parameters=(array(PARAMETER), "constructor parameters (introspected)"),
            )
        ),
        "the target-network updaters torchrl exports",
    ),
    soft_update_eps_from_tau=(
        array(array(NUM)),
        "`[tau, eps]` pairs: the `eps` a `SoftUpdate(tau=...)` holds (measured)",
    ),
    no_updater_warning=(
        nullable(
            record(
                loss=(STR, "the zoo loss it was measured on"),
                text=(STR, "the warning, as `Category: message`"),
                per_forward=(INT, "warnings with that text in one forward call, no updater built (measured)"),
                per_forward_after=(
                    mapping(INT, keys="an updater class built on the loss first"),
                    "the same count once that updater is built (measured)",
                ),
                silenced_by=(STR, "what silenced it in the measurement (empty when nothing did)"),
            )
        ),
        "what a loss with target parameters warns at forward time while no updater is built on it",
    ),
    hard_update_copies=(
        array(
            record(
                interval=(INT, "`value_network_update_interval`"),
                first_copy_call=(INT, "the `step()` call that first copied the parameters (measured)"),
                period=(INT, "calls between copies (measured)"),
            )
        ),
        "when `HardUpdate` copies (measured)",
    ),
    losses_with_targets=(
        mapping(
            record(
                target_parameters=(array(STR), "the loss's `target_*_params` groups (measured with default arguments)"),
                delay_switches=(mapping(STR, keys="a `delay_*` constructor flag"), "flag -> default (introspected)"),
                moved_by_step=(
                    nullable(mapping(BOOL, keys="a target group")),
                    "whether `updater.step()` moved each group (measured)",
                ),
                reference_cadences=(
                    array(
                        record(
                            updater=(nullable(STR), "the updater the reference script builds"),
                            arguments=(mapping({}, keys="an updater argument"), "its arguments"),
                            cadence=(STR, "when the script calls `step()`, relative to the optimizer step"),
                            script=(STR, "the script, in pytorch/rl's sota-implementations"),
                            sota_anchor=(STR, "its entry in the SOTA map (docs-relative page and anchor)"),
                        )
                    ),
                    "how pytorch/rl's reference scripts update the targets (read from their code: the `sota` section)",
                ),
            ),
            keys="a loss class name",
        ),
        "every loss that keeps target parameters",
    ),
)
