"""The ``fixes`` section of site/inventory.json: one entry per fix, from the same records as the pages."""

from __future__ import annotations

from tools.fixes.facts.areas import areas_of
from tools.fixes.facts.pages import anchor
from tools.fixes.views.render import Context, error_texts, fixed_in, thread_issues


def entries(context: Context) -> list[dict]:
    pages = context.pages
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
                "thread_issues": [
                    {"url": i.url, "title": i.title, "held_out": i.held_out} for i in thread_issues(fix, context)
                ],
                "first_release": fix.first_release,
                "fixed_in": fixed_in(fix, context),
                "error_texts": error_texts(fix, context),
                "raised_before": [
                    {
                        "file": old.file,
                        "function": old.function,
                        "exception": old.exception,
                        "message": old.template(),
                        "change": old.change,
                    }
                    for old in fix.raised_before
                ],
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
