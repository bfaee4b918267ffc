"""The recipe pages' sections, the recipe index, the ``recipes`` inventory section, and the links loss pages list."""

from __future__ import annotations

from tools.core import urls
from tools.core.registry import Concern
from tools.curves.facts import all_curves
from tools.recipes.facts import checked_losses, recipe, recipes, sota_comparison
from tools.recipes.views import render
from tools.recipes.views import schema as _inventory_schema
from tools.sota.facts import sota_map
from tools.targets.facts import cadences, reference


def _summary(slug: str) -> str:
    chosen = recipe(slug.strip())
    curves = {c.recipe: c for c in all_curves()}.get(chosen.source)
    return render.render_summary(chosen, checked_losses(chosen), curves)


def _keys(slug: str) -> str:
    chosen = recipe(slug.strip())
    checked_losses(chosen)
    return render.render_keys(chosen)


def _sota(slug: str) -> str:
    slug = slug.strip()
    return render.render_sota(recipe(slug), sota_comparison(slug), sota_map().commit, reference().soft.same_as_eps)


def _links(kind: str, name: str) -> list[tuple[str, str]]:
    """The recipes that build the loss ``name``: what its page lists."""
    if kind != "loss":
        return []
    return [(f"Recipe: {r.family}", urls.recipe(r.slug)) for r in recipes() if name in r.losses]


def _inventory() -> list[dict]:
    return [
        {
            "slug": r.slug,
            "family": r.family,
            "file": r.source,
            "page": urls.recipe(r.slug),
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
            "converted": {
                row.knob: {"value": row.cells[i].converted, "conversion": row.cells[i].conversion}
                for row in comparison.rows
                if row.cells[i] is not None and row.cells[i].conversion
            },
        }
        for i, source in enumerate(comparison.shown)
    ]


CONCERN = Concern(
    name="recipes",
    sections={
        "index": lambda _arg: render.render_index(recipes(), {c.recipe: c for c in all_curves()}),
        "summary": _summary,
        "keys": _keys,
        "targets": lambda slug: render.render_targets(recipe(slug.strip()), reference(), cadences()),
        "sota": _sota,
        "links": lambda slug: render.render_links(recipe(slug.strip())),
    },
    links=_links,
    inventory=_inventory,
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc=(
        "One object per training recipe (`slug`, `family`, `file`, `page`, and read from the file's source: "
        "`losses`, `estimators`, `environments`, `updaters` with their keyword arguments as written, `knobs` "
        "name -> default as written) and `sota`: the SOTA scripts building its loss that its page compares, "
        "each with the value its config gives the recipe's knobs."
    ),
)
