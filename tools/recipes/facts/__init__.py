"""The recipe files read from their source (cached), and their knobs beside the SOTA scripts'."""

from __future__ import annotations

from tools.core.cache import RecordSet
from tools.core.errors import unknown_name
from tools.losses.facts import all_records
from tools.losses.facts import curated as losses_curated
from tools.losses.facts.records import LossRecord
from tools.recipes.facts.read import read_all
from tools.recipes.facts.records import Recipe, decode, encode
from tools.recipes.facts.sota import SotaComparison, compare
from tools.sota.facts import loss_sources

recipes = RecordSet("recipes", read_all, encode=encode, decode=decode)


def recipe(slug: str) -> Recipe:
    slugs = {r.slug: r for r in recipes()}
    if slug not in slugs:
        raise unknown_name("recipe", slug, list(slugs))
    return slugs[slug]


def checked_losses(chosen: Recipe) -> dict[str, LossRecord]:
    """The loss records the recipe's losses name; a name torchrl does not export fails the build."""
    records = {r.name: r for r in all_records()}
    unknown = [n for n in chosen.losses if n not in records]
    if unknown:
        raise ValueError(
            f"{chosen.source} imports {unknown} from torchrl.objectives, which are not public torchrl losses"
        )
    return records


def sota_comparison(slug: str) -> SotaComparison:
    """The recipe's knobs beside the values of the SOTA scripts that build its loss (``sota``)."""
    multi_agent = {name for name, entry in losses_curated.load()["losses"].items() if entry.get("multi_agent")}
    return compare(recipe(slug), loss_sources(), multi_agent)


__all__ = ["Recipe", "checked_losses", "recipe", "recipes", "sota_comparison"]
