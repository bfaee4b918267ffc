"""The ``error_catalog`` inventory section: every site, with the regular expression its message matches."""

from __future__ import annotations

from tools.error_catalog.facts import pages as layout
from tools.error_catalog.facts.earlier import Earlier
from tools.error_catalog.facts.index import bare
from tools.error_catalog.facts.match import regex
from tools.error_catalog.facts.names import NameChange, name_texts
from tools.error_catalog.facts.records import Catalog, Trigger, joined
from tools.error_catalog.views.objects import object_of

INDEX_FILE = "explain-index.json"


def earlier_entries(found: list[Earlier]) -> list[dict]:
    return [
        {
            "exception": e.exception or e.message.exception,
            "message": e.message.template(),
            "pattern": regex(joined(e.message.fixed, e.message.fields))[0],
            "first": e.message.first,
            "last": e.message.last,
            "gone_in": e.message.gone_in,
            "file": e.message.file,
            "function": e.message.function,
            "page": f"{e.page}#{e.anchor}",
            "now": e.now,
            "reworded_as": e.reworded_as,
        }
        for e in found
    ]


def name_entries(changes: list[NameChange], torchrl: str) -> list[dict]:
    texts = name_texts(changes, torchrl)
    return [
        {
            "kind": change.span.kind,
            "owner": change.span.owner,
            "name": change.span.name,
            "file": change.span.file,
            "first": change.span.first,
            "last": change.span.last,
            "gone_in": change.span.gone_in,
            "lacked_by": change.span.lacked_by,
            "installed": change.installed,
            "instead": change.instead,
            "named": change.named,
            "messages": [regex(message)[0] for message in text.messages],
            "page": f"{change.page}#{change.anchor}",
        }
        for change, text in zip(changes, texts, strict=True)
    ]


def inventory(catalog: Catalog, triggers: list[Trigger], found: list[Earlier], changes: list[NameChange]) -> dict:
    placed = layout.placement(catalog)
    seen: dict[str, list[Trigger]] = {}
    for trigger in triggers:
        seen.setdefault(trigger.site, []).append(trigger)
    sites = []
    for site in catalog.sites:
        pattern, fixed = regex(site.message)
        documented = object_of(site.module, site.owner)
        sites.append(
            {
                "id": site.id,
                "module": site.module,
                "path": site.path,
                "line": site.line,
                "function": site.function,
                "kind": site.kind,
                "exception": bare(site.exception_qualname or site.exception),
                "exception_qualname": site.exception_qualname,
                "message": site.template(),
                "message_known": site.message_known,
                "pattern": pattern if fixed else "",
                "guards": list(reversed(site.guards)),
                "why_read": site.why_read,
                "called_from": site.called_from,
                "page": f"{placed.site(site)}#{layout.site_anchor(site.module, site.function, site.index)}",
                "object": documented[0] if documented else "",
                "object_page": documented[2] if documented else "",
                "seen_raised": [{"text": t.text, "source": t.source, "page": t.page} for t in seen.get(site.id, [])],
            }
        )
    return {
        "torchrl": catalog.torchrl,
        "covered": catalog.covered,
        "matcher_index": INDEX_FILE,
        "sites": sites,
        "earlier": earlier_entries(found),
        "names": name_entries(changes, catalog.torchrl),
    }
