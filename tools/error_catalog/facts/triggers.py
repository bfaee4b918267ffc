"""Which catalogued sites this build saw raise: every error text the site's other measurements
captured from torchrl, matched to the site whose template it fills.

The texts come from runs the build makes anyway: each troubleshooting entry's reproduction (its
page shows the fix) and the loss probes, which pass each constructor argument a value it may refuse
(the loss page shows what each argument did).  A site no capture matches is read from the source only.
"""

from __future__ import annotations

from dataclasses import dataclass

from tools.error_catalog.facts.index import matching_sites
from tools.error_catalog.facts.records import Trigger


@dataclass(frozen=True)
class Captured:
    text: str  # "Type: message"
    source: str  # what ran: "troubleshooting entry <slug>", "ClipPPOLoss(clip_epsilon=-1.0)"
    page: str  # docs-relative page (with anchor) that shows it


def split(text: str) -> tuple[str, str]:
    """("KeyError", "message") of a captured "module.KeyError: message" text."""
    head, _, message = text.partition(": ")
    if not message or " " in head:
        return "", text
    return head, message


def triggers(site_targets: list[dict], captured: list[Captured]) -> list[Trigger]:
    out: dict[tuple[str, str], Trigger] = {}
    for capture in captured:
        exception, message = split(capture.text.strip())
        for target in matching_sites(site_targets, exception, message)[:1]:
            out.setdefault(
                (target["id"], capture.source), Trigger(target["id"], capture.text, capture.source, capture.page)
            )
    return sorted(out.values(), key=lambda t: (t.site, t.source))
