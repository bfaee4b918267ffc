"""One reviewed snapshot per kind of generated page: a change to a page shows up as a diff to review.

Each page is expanded as the site expands it (every marker rendered from the
records), and compared with the Markdown stored under
``__snapshots__/test_page_snapshots/``.  When a change to a page is meant,
review the diff pytest prints, then accept it with
``.venv/bin/python -m pytest tests/tools/site/test_page_snapshots.py --snapshot-update``
and commit the new snapshot with the change.
"""

from __future__ import annotations

import pytest
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode

from tests.support.warm_records import records_from_the_build  # noqa: F401  (measure once, in the build)
from tools.core.paths import DOCS
from tools.site.markers import expand, generated_pages


class MarkdownSnapshot(SingleFileSnapshotExtension):
    """A snapshot is the page's Markdown itself, readable in a review."""

    file_extension = "md"
    _write_mode = WriteMode.TEXT


# kind -> (docs-relative page, whether it is wholly generated)
PAGES = {
    "loss": ("losses/ClipPPOLoss.md", True),
    "trainer": ("trainers/PPOTrainer.md", True),
    "parity_group": ("configs/parity/loss.md", True),
    "troubleshooting_area": ("troubleshooting/keys.md", False),
    "recipe": ("recipes/ppo.md", False),
}


@pytest.fixture(scope="module")
def generated() -> dict[str, str]:
    return generated_pages()


@pytest.mark.parametrize("kind", sorted(PAGES))
def test_page_matches_its_reviewed_snapshot(kind, generated, snapshot):
    path, whole = PAGES[kind]
    source = generated[path] if whole else (DOCS / path).read_text(encoding="utf-8")
    page = expand(source, path, generated_page=whole).markdown
    assert page == snapshot(extension_class=MarkdownSnapshot)
