"""The built site: every documented class's page shows its fixes, and search finds every fix by its heading."""

from __future__ import annotations

import html
import json
import re

from tools.core import urls
from tools.fixes.facts.pages import anchor, index_pages
from tools.fixes.views.concern import page_of
from tools.torchrl.estimators import estimator_classes
from tools.torchrl.losses import loss_classes
from tools.torchrl.trainers import trainer_classes


def _html(site, page: str) -> str:
    stem = page.removesuffix(".md")
    return (site / stem / "index.html").read_text(encoding="utf-8")


def _classes_reached(fix_context, name: str) -> int:
    return sum(
        1
        for fix in fix_context.history.fixes
        if any(name in fix_context.objects.find(f, q).subjects for f, names in fix.objects.items() for q in names)
    )


def test_every_loss_trainer_and_estimator_page_shows_its_fixes(site, fix_context):
    names = [*loss_classes(), *(e.cls.__name__ for e in estimator_classes()), *trainer_classes()]
    missing, wrong = [], []
    for name in names:
        page = _html(site, page_of(name))
        if 'id="fixed-upstream"' not in page:
            missing.append(name)
            continue
        count = _classes_reached(fix_context, name)
        shown = re.search(r"Fixed upstream: (\d+) fix", page)
        if (int(shown.group(1)) if shown else 0) != count:
            wrong.append((name, count, shown and shown.group(0)))
    assert not missing, f"pages without their 'Fixed upstream' section (gen:fixes.object): {missing}"
    assert not wrong, f"pages whose count of fixes differs from the records: {wrong}"


def test_the_target_updates_page_shows_the_updaters_fixes(site):
    assert "Fixed upstream: " in _html(site, urls.TARGET_UPDATES)


def test_every_fix_has_its_anchor_on_its_page_and_a_search_entry_under_its_heading(site, fix_context):
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    titles = {doc["location"]: html.unescape(re.sub(r"<[^>]+>", "", doc["title"])) for doc in index["docs"]}
    for page in index_pages(fix_context.history):
        built = _html(site, page.path)
        stem = page.path.removesuffix(".md")
        for fix in page.fixes:
            assert f'id="{anchor(fix)}"' in built, (page.path, fix.sha)
            title = titles.get(f"{stem}/#{anchor(fix)}")
            assert title is not None, (page.path, fix.sha)
            if fix.pr is not None:
                assert f"#{fix.pr}" in title or str(fix.pr) in built, title


def test_the_fixed_upstream_page_links_every_index_page(site, fix_context):
    page = _html(site, urls.FIXED_UPSTREAM)
    for index_page in index_pages(fix_context.history):
        target = index_page.path.removeprefix("troubleshooting/").removesuffix(".md")
        assert f'href="../{target}/"' in page, target
