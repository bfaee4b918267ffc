"""JSON Schema of the ``recipes`` inventory section (see tools/core/schema.py)."""

from tools.core.schema import STR, array, mapping, record

SCHEMA = array(
    record(
        slug=(STR, "the family's name: its file is snippets/recipes/<slug>.py"),
        family=(STR, "the family's label (curated, tools/recipes/facts/catalog.py)"),
        file=(STR, "project-relative path of the recipe file"),
        page=(STR, "docs-relative path of its page"),
        losses=(array(STR), "loss classes the file imports from torchrl.objectives (read from its source)"),
        estimators=(array(STR), "value estimators it builds or selects (read from its source)"),
        environments=(array(STR), "GymEnv ids, torchrl environment classes and environments written in the file"),
        updaters=(
            array(
                record(
                    **{"class": (STR, "SoftUpdate or HardUpdate")},
                    arguments=(
                        mapping(STR, keys="a keyword argument"),
                        "its keyword arguments, as written in the file",
                    ),
                )
            ),
            "the target-network updaters the file builds",
        ),
        knobs=(mapping(STR, keys="a module-level constant"), "the file's knobs: name -> default, as written"),
        sota=(
            array(
                record(
                    directory=(STR, "a directory of pytorch/rl's sota-implementations/"),
                    file=(STR, "the script or trainer config compared, relative to the directory"),
                    anchor=(STR, "its directory's entry on the SOTA page (docs-relative page and anchor)"),
                    values=(
                        mapping({}, keys="a knob of the recipe"),
                        "knob -> the value that script's config gives it, as written",
                    ),
                    converted=(
                        mapping(
                            record(
                                value=({}, "the value in the recipe knob's terms (null when not computable)"),
                                conversion=(STR, "how it was converted, named ('tau = 1 − eps')"),
                            ),
                            keys="a knob of the recipe",
                        ),
                        "knobs the script states in another parameterisation (eps for tau, updates per frame for "
                        "updates per batch, iterations for frames): the converted value and the conversion",
                    ),
                )
            ),
            "the SOTA scripts building the recipe's loss that its page compares (empty when none builds it)",
        ),
    )
)
