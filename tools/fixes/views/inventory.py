"""The ``fixes`` section of site/inventory.json: one entry per fix, from the same records as the pages."""

from __future__ import annotations

from tools.fixes.facts.areas import areas_of
from tools.fixes.views.pages import anchor, fix_pages
from tools.fixes.views.render import Context, fixed_in


def entries(context: Context) -> list[dict]:
    pages = fix_pages(context.history)
    out = []
    for fix in context.history.fixes:
        objects = [context.objects.find(file, q) for file, names in fix.objects.items() for q in names]
        out.append(
            {
                "sha": fix.sha,
                "date": fix.date,
                "subject": fix.subject,
                "pr": fix.pr,
                "pr_url": fix.pr_url,
                "issues": fix.issues,
                "reported": [row.issue for row in context.reported.get(fix.pr_url, [])],
                "first_release": fix.first_release,
                "fixed_in": fixed_in(fix, context),
                "error_texts": fix.error_texts,
                "files": fix.files,
                "objects": [
                    {"file": o.file, "qualname": o.qualname, "status": o.status, "now": o.now} for o in objects
                ],
                "classes": sorted({name for o in objects for name in o.subjects}),
                "reverted_by": fix.reverted_by,
                "area": areas_of(fix)[0].slug,
                "page": f"{pages[fix.sha]}#{anchor(fix)}",
            }
        )
    return out
