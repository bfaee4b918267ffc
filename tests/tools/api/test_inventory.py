"""objects.inv entries point at the section of the object they resolve to."""

from __future__ import annotations

import griffe
from mkdocstrings import Inventory, InventoryItem

from tools.api.facts import load, objects
from tools.api.views import objects_inv as inventory


def test_an_alias_entry_is_repointed_to_the_section_its_object_is_rendered_in():
    defined = {
        "pkg.Base.m": "pkg.base.Base.m",
        "pkg.Mid.m": "pkg.mid.Mid.m",
        "pkg.mod.Leaf.m": "pkg.mid.Mid.m",  # Leaf inherits m from Mid, which overrides Base's
    }
    stale = Inventory(
        [
            InventoryItem("pkg.Base.m", "py", "method", "base/#pkg.Base.m", 1),
            InventoryItem("pkg.Mid.m", "py", "method", "mid/#pkg.Mid.m", 1),
            InventoryItem("pkg.mod.Leaf.m", "py", "method", "base/#pkg.Base.m", 2),
            InventoryItem("pkg.Unknown", "py", "class", "x/#pkg.Unknown", 2),
        ]
    )
    fixed = inventory.repointed(stale, defined.get)
    assert fixed["pkg.mod.Leaf.m"].uri == "mid/#pkg.Mid.m"
    assert fixed["pkg.mod.Leaf.m"].priority == 2
    assert fixed["pkg.Base.m"].uri == "base/#pkg.Base.m"
    assert fixed["pkg.Unknown"].uri == "x/#pkg.Unknown"  # what the parse does not know stays


def test_the_parse_says_where_an_inherited_method_is_defined():
    assert (
        load.defined_at("torchrl.objectives.ppo.ClipPPOLoss.make_value_estimator")
        == "torchrl.objectives.ppo.PPOLoss.make_value_estimator"
    )
    assert load.defined_at("torchrl.objectives.ClipPPOLoss.set_keys") == "torchrl.objectives.common.LossModule.set_keys"
    assert load.defined_at("torchrl.objectives.NoSuchLoss") is None


def test_members_looked_up_once_per_owner_resolve_as_griffe_s_own_lookup():
    def griffe_lookup(path):
        try:
            obj = load.collection()[path]
        except KeyError:
            return None
        return (obj.final_target if isinstance(obj, griffe.Alias) else obj).path

    paths = [
        f"{path}.{member}"
        for obj in objects.documented().values()
        for path in (obj.identifier, obj.canonical)
        for member in load.collection()[path].all_members
    ]
    assert len(paths) > 500
    assert [load.defined_at(p) for p in paths] == [griffe_lookup(p) for p in paths]
