"""JSON Schema of the ``sota`` inventory section (see tools/core/schema.py)."""

from tools.core.schema import BOOL, INT, STR, array, mapping, record

UPDATER = {
    "type": "object",
    "properties": {
        "class": {**STR, "description": "the updater class"},
        "script": {**STR, "description": "the script that builds it (absent when a trainer config builds it)"},
        "arguments": {"type": "object", "description": "its arguments, as the code or config gives them"},
        "cadence": {**array(STR), "description": "where its step() is called, relative to the optimizer step"},
    },
    "required": ["class"],
    "additionalProperties": False,
}

NAMES = array(STR)

SCHEMA = array(
    record(
        "One directory of pytorch/rl's sota-implementations/, read from its code at the recorded commit.",
        directory=(STR, "the directory name"),
        family=(STR, "the algorithm family it belongs to"),
        anchor=(STR, "its entry on the SOTA page (docs-relative page and anchor)"),
        commit=(STR, "the pytorch/rl commit the facts were read from"),
        scripts=(
            array(
                record(
                    file=(STR, "an entry-point script"),
                    config=(STR, "the Hydra config it loads (empty when none)"),
                )
            ),
            "its entry-point scripts",
        ),
        configs=(NAMES, "its Hydra config files"),
        helpers=(NAMES, "its own helper modules (utils*.py and the like) the scanner followed"),
        launchers=(
            array(
                record(
                    file=(STR, "a sota-check/ launcher script"),
                    scripts=(NAMES, "the scripts it runs"),
                    gpus=(INT, "the GPUs it asks for"),
                )
            ),
            "the sota-check/ launchers that run it",
        ),
        ci_smoke=(mapping(STR, keys="a CI smoke-test name"), "CI smoke tests that run its scripts: name -> script"),
        losses=(NAMES, "loss classes its scripts build (the exact classes)"),
        estimators=(NAMES, "value-estimator classes built, directly or through make_value_estimator"),
        target_updaters=(
            array(UPDATER),
            "target-network updaters built, with their arguments and where step() is called",
        ),
        trainers=(NAMES, "trainer classes built"),
        collectors=(NAMES, "collector classes built"),
        replay_buffers=(NAMES, "replay-buffer classes built"),
        samplers=(NAMES, "sampler classes built"),
        storages=(NAMES, "storage classes built"),
        extras=(NAMES, "what else must be installed (simulators, datasets, language models)"),
        cautions=(NAMES, "hardware and run-time cautions (GPUs, frames, devices)"),
        hyperparameters=(
            mapping(mapping({}, keys="a dotted config field"), keys="a script"),
            "script -> config field -> value from its Hydra YAML (values only)",
        ),
        departures=(
            array(
                record(
                    source=(STR, "the script whose code or config passes it"),
                    **{"class": (STR, "the torchrl class it is passed to")},
                    parameter=(STR, "the constructor parameter"),
                    script_value=(STR, "the value the script passes, as Python source"),
                    default=(STR, "the installed default, as Python source"),
                )
            ),
            "where the script departs from the installed defaults (checked at build time)",
        ),
        composes=(
            mapping(
                record(
                    composes=(BOOL, "whether the config composes against the installed ConfigStore"),
                    error=(STR, "the error when it does not (empty when it does)"),
                ),
                keys="a trainer config file",
            ),
            "for *_trainer directories: Hydra composition on the installed torchrl",
        ),
        trainer_variant=(STR, "the *_trainer directory of the same algorithm (empty when none)"),
        missing_or_deprecated=(NAMES, "torchrl classes it names that the installed torchrl lacks or deprecates"),
    )
)
