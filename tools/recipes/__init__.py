"""Training recipes: one whole runnable file per algorithm family, and what its page says about it.

The files live in ``snippets/recipes/``; ``read`` parses them (no import, no
run: cold builds never train), ``render`` writes the page sections from those
records plus the loss records (key tables), the target records (cadence) and
the captured outputs (``tools.outputs``).  The
recipes themselves run in ``tests/tools/recipes/``, and ``make outputs``
stores what they print.
"""

from __future__ import annotations

from tools.cache import cached
from tools.paths import TOOLS
from tools.recipes import schema as _inventory_schema
from tools.recipes.read import RECIPES
from tools.recipes.records import Recipe, decode, encode
from tools.registry import Concern

INPUTS = (RECIPES, TOOLS / "recipes" / "read.py", TOOLS / "recipes" / "records.py", TOOLS / "recipes" / "catalog.py")


def recipes() -> list[Recipe]:
    from tools.recipes.read import read_all

    return cached("recipes", read_all, inputs=INPUTS, encode=encode, decode=decode)


def recipe(slug: str) -> Recipe:
    slugs = {r.slug: r for r in recipes()}
    if slug not in slugs:
        from tools.cli.errors import unknown_name

        raise unknown_name("recipe", slug, list(slugs))
    return slugs[slug]


def _checked_losses(chosen: Recipe) -> dict:
    """The loss records the recipe's losses name; a name torchrl does not export fails the build."""
    from tools.losses.build import all_records

    records = {r.name: r for r in all_records()}
    unknown = [n for n in chosen.losses if n not in records]
    if unknown:
        raise ValueError(f"{chosen.source} imports {unknown} from torchrl.objectives, which are not public torchrl losses")
    return records


def _index(_arg: str) -> str:
    from tools.recipes.render import render_index

    return render_index(recipes())


def _summary(slug: str) -> str:
    from tools.recipes.render import render_summary

    chosen = recipe(slug.strip())
    return render_summary(chosen, _checked_losses(chosen))


def _keys(slug: str) -> str:
    from tools.recipes.render import render_keys

    chosen = recipe(slug.strip())
    return render_keys(chosen, _checked_losses(chosen))


def _targets(slug: str) -> str:
    from tools.recipes.render import render_targets
    from tools.targets import cadences, reference

    return render_targets(recipe(slug.strip()), reference(), cadences())


def sota_comparison(slug: str):
    """The recipe's knobs beside the values of the SOTA scripts that build its loss (``tools.recipes.sota``)."""
    from tools.losses import curated
    from tools.recipes.sota import compare
    from tools.sota import loss_sources

    multi_agent = {name for name, entry in curated.load()["losses"].items() if entry.get("multi_agent")}
    return compare(recipe(slug), loss_sources(), multi_agent)


def _sota(slug: str) -> str:
    from tools.recipes.render import render_sota
    from tools.sota import sota_map
    from tools.targets import reference

    slug = slug.strip()
    return render_sota(recipe(slug), sota_comparison(slug), sota_map().commit, reference().soft.same_as_eps)


def _links(slug: str) -> str:
    from tools.recipes.render import render_links

    return render_links(recipe(slug.strip()))


def links_for_loss(loss: str) -> list[tuple[str, str]]:
    """(title, docs-relative path) of each recipe using ``loss``: the loss pages link them."""
    from tools.recipes.render import loss_page_links

    return loss_page_links(recipes(), loss)


def _inventory() -> list[dict]:
    return [
        {
            "slug": r.slug,
            "family": r.family,
            "file": r.source,
            "page": f"recipes/{r.slug}.md",
            "losses": r.losses,
            "estimators": r.estimators,
            "environments": r.environments,
            "updaters": [
                {"class": c.name, "arguments": c.keywords} for c in r.calls if c.name in ("SoftUpdate", "HardUpdate")
            ],
            "knobs": {k.name: k.value for k in r.knobs},
            "sota": _sota_inventory(r.slug),
        }
        for r in recipes()
    ]


def _sota_inventory(slug: str) -> list[dict]:
    comparison = sota_comparison(slug)
    return [
        {
            "directory": source.directory,
            "file": source.file,
            "anchor": source.anchor,
            "values": {row.knob: row.cells[i].value for row in comparison.rows if row.cells[i] is not None},
        }
        for i, source in enumerate(comparison.shown)
    ]


CONCERN = Concern(
    name="recipes",
    sections={"index": _index, "summary": _summary, "keys": _keys, "targets": _targets, "sota": _sota, "links": _links},
    inventory=_inventory,
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc=(
        "One object per training recipe (`slug`, `family`, `file`, `page`, and read from the file's source: "
        "`losses`, `estimators`, `environments`, `updaters` with their keyword arguments as written, `knobs` "
        "name -> default as written) and `sota`: the SOTA scripts building its loss that its page compares, "
        "each with the value its config gives the recipe's knobs."
    ),
)

__all__ = ["CONCERN", "links_for_loss", "recipe", "recipes", "sota_comparison"]
