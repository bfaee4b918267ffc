"""The fixes' sections, the index pages under troubleshooting/fixes/ and the ``fixes`` inventory section."""

from __future__ import annotations

from tools.api.facts.objects import class_names
from tools.core import urls
from tools.core.distributions import installed
from tools.core.errors import unknown_name
from tools.core.registry import Concern
from tools.fixes.facts import history, objects, thread_facts
from tools.fixes.views import render
from tools.fixes.views import schema as _inventory_schema
from tools.fixes.views.inventory import entries
from tools.troubleshooting.facts import curated_entries


def context() -> render.Context:
    reported: dict[str, list[render.Reported]] = {}
    for row in curated_entries().fixed:
        reported.setdefault(row.fix, []).append(render.Reported(row.reported, row.slug))
    return render.Context(history(), objects(), installed()["torchrl"], reported, thread_facts())


def page_of(name: str) -> str:
    """The page that shows the class ``name`` (and so its "Fixed upstream" note)."""
    pages = {"loss": urls.loss, "estimator": urls.estimator, "trainer": urls.trainer, "updater": _target_updates}
    for kind, page in pages.items():
        if name in class_names(kind):
            return page(name)
    raise unknown_name("documented class", name, [known for kind in pages for known in class_names(kind)])


def _target_updates(_name: str) -> str:
    return urls.TARGET_UPDATES


def _object_section(argument: str) -> str:
    names = argument.split()
    if not names:
        raise ValueError("gen:fixes.object needs the class names: '<!-- gen:fixes.object ClipPPOLoss -->'")
    pages = {page_of(name) for name in names}
    if len(pages) != 1:
        raise ValueError(f"gen:fixes.object {argument}: these classes are shown on different pages ({sorted(pages)})")
    return render.render_object_section(names, pages.pop(), context())


CONCERN = Concern(
    name="fixes",
    sections={
        "object": _object_section,
        "areas": lambda _arg: render.render_areas(context()),
    },
    pages=lambda: render.render_index_pages(context()),
    inventory=lambda: entries(context()),
    inventory_schema=_inventory_schema.SCHEMA,
    inventory_doc=(
        "One object per bug-fix commit of pytorch/rl that changed the covered code, read from git history by "
        "`make fix-history`: `sha`, `date`, `subject`, `pr` and `pr_url`, `issues` (named in the message), "
        "`reported` (issues a hand-written fixed-upstream row links to the same pull request), `thread_issues` "
        "(the issues the pull request's thread says it fixes, with their titles), `first_release` (null when in no "
        "release yet) and `fixed_in` (as the pages say it), `error_texts` (quoted by the commit, its pull "
        "request's thread or the issues it fixes), `files`, `objects` "
        "(each with its `status` in the installed torchrl and where it is `now`), `classes` (the documented "
        "classes whose pages list it), `reverted_by`, `area` and `page` (its entry in the index, with the anchor)."
    ),
)
