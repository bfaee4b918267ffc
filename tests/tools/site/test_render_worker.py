"""Pages rendered on two cores: the same site, every page rendered once, the child's warnings still counted.

A small MkDocs project whose hook starts and stops ``tools.site.render_worker`` as the
adapter does, and records which process rendered each page (``Page.render`` wrapped).
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tools.core.paths import ROOT

PAGES = 12
HOOK = textwrap.dedent(
    """
    import os
    import time

    from mkdocs import utils
    from mkdocs.plugins import event_priority
    from mkdocs.structure.pages import Page

    from tools.site import render_worker

    _render, _write_file = Page.render, utils.write_file
    _nav = []


    def _log(kind, what, pid=None):
        with open(os.environ["WORK_LOG"], "a") as log:
            log.write(f"{kind} {what} {pid or os.getpid()}\\n")


    def _recorded_render(page, config, files):
        _render(page, config, files)
        _log("rendered", page.file.src_uri)


    def _recorded_write(output, path):
        _write_file(output, path)
        if path.endswith(".html"):
            _log("wrote", os.path.basename(path))


    Page.render, utils.write_file = _recorded_render, _recorded_write


    @event_priority(-100)
    def on_nav(nav, config, files):
        _nav[:] = [nav]
        _log("build", "-", os.getpid())
        pages = [f.page for f in files.documentation_pages() if f.page is not None]
        render_worker.start(pages, config, files)
        _child_takes_the_last_page(len(pages))
        return nav


    @event_priority(-100)
    def on_env(env, config, files):
        render_worker.stop()
        render_worker.start_writing(config, files, _nav[0], env)
        _child_takes_the_last_page(len(files.documentation_pages()))
        return env


    def _child_takes_the_last_page(count):
        # Which process gets a page is a race; the build waits for an event (the child's claim of
        # the last page, its first), never for a time, so that the test knows one page the child did.
        if not render_worker._running:  # DOCS_RENDER_WORKER=off
            return
        running = render_worker._running[-1]
        while not (running.claims.path / f"{count - 1}.claim").exists() and running.child_alive():
            time.sleep(0.001)


    def on_page_markdown(markdown, page, config, files):
        # As the adapter's events do: a page the child handled brings this event's result along.
        done = render_worker.carried(page, "markdown", markdown)
        if done is not None:
            return done[0]
        _log("expanded", page.file.src_uri)
        expanded = markdown.replace("EXPAND-ME", f"Expanded for {page.file.src_uri}.")
        render_worker.carry("markdown", markdown, expanded)
        return expanded


    def on_post_build(config):
        render_worker.stop()
    """
)


PAGE = textwrap.dedent(
    """
    # Page {number}

    ## Start

    EXPAND-ME

    {link}

    {anchor}

    ```python
    def add_{number}(a, b):
        return a + b + {number}
    ```

    | name | value |
    | --- | --- |
    | n | {number} |
    """
)


def _page(number: int, broken_link: bool) -> str:
    link = "See [the missing page](missing.md)." if broken_link else "See [the first page](page00.md#start)."
    # autorefs: the last page (the child's first) registers an anchor that the other pages use.
    anchor = "[](){#last-anchor}\n## Anchored" if number == PAGES - 1 else "See [the anchored part][last-anchor]."
    return PAGE.format(number=number, link=link, anchor=anchor)


def _build(
    tmp_path: Path, name: str, *, worker: bool, broken_last: bool = False
) -> tuple[subprocess.CompletedProcess, Path, Path]:
    project = tmp_path / name
    docs = project / "docs"
    docs.mkdir(parents=True)
    for number in range(PAGES):
        (docs / f"page{number:02}.md").write_text(_page(number, broken_last and number == PAGES - 1))
    (project / "hook.py").write_text(HOOK)
    (project / "mkdocs.yml").write_text(
        "site_name: t\nuse_directory_urls: false\ntheme: {name: material}\nhooks: [hook.py]\nplugins: [search, autorefs]\n"
        "markdown_extensions: [toc, attr_list, pymdownx.highlight, pymdownx.superfences, tables]\n"
    )
    log = project / "work.log"
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "WORK_LOG": str(log),
        "DOCS_RENDER_WORKER": "on" if worker else "off",
    }
    site = project / "site"
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
    )
    return result, site, log


def _renderers(log: Path, kind: str = "rendered") -> dict[str, list[str]]:
    """Page (or written file) -> the processes that rendered (wrote) it."""
    by_page: dict[str, list[str]] = {}
    for line in log.read_text().splitlines():
        what, page, pid = line.split()
        if what == kind:
            by_page.setdefault(page, []).append(pid)
    return by_page


def _files(site: Path) -> dict[str, bytes]:
    return {p.relative_to(site).as_posix(): p.read_bytes() for p in sorted(site.rglob("*")) if p.is_file()}


@pytest.mark.skipif(not hasattr(os, "fork") or (os.cpu_count() or 1) < 2, reason="needs fork and two cores")
def test_two_processes_render_every_page_once_and_build_the_same_site(tmp_path):
    shared, shared_site, shared_log = _build(tmp_path, "shared", worker=True)
    alone, alone_site, _ = _build(tmp_path, "alone", worker=False)
    assert shared.returncode == 0, shared.stderr
    assert alone.returncode == 0, alone.stderr
    by_page = _renderers(shared_log)
    assert sorted(by_page) == [f"page{n:02}.md" for n in range(PAGES)]
    assert all(len(pids) == 1 for pids in by_page.values()), by_page
    build = _renderers(shared_log, "build")["-"]
    assert by_page[f"page{PAGES - 1:02}.md"] != build, f"the child did not render the last page: {by_page}"
    expanded = _renderers(shared_log, "expanded")  # the hook's event, carried from the child
    assert sorted(expanded) == sorted(by_page) and all(len(pids) == 1 for pids in expanded.values()), expanded
    assert expanded[f"page{PAGES - 1:02}.md"] != build, f"the child's expansion was not carried: {expanded}"
    written = _renderers(shared_log, "wrote")
    pages = {f"page{n:02}.html" for n in range(PAGES)}
    assert pages <= set(written) and all(len(written[p]) == 1 for p in pages), written
    assert written[f"page{PAGES - 1:02}.html"] != build, f"the child did not write the last page: {written}"
    assert _files(shared_site) == _files(alone_site)  # search/search_index.json included
    # The anchor the child registered while rendering reached autorefs in the build: the link resolved.
    assert 'href="page11.html#anchored"' in (shared_site / "page00.html").read_text()
    assert "Expanded for page11.md." in (shared_site / "page11.html").read_text()


@pytest.mark.skipif(not hasattr(os, "fork") or (os.cpu_count() or 1) < 2, reason="needs fork and two cores")
def test_a_warning_on_a_page_the_child_rendered_fails_the_strict_build_and_is_printed_once(tmp_path):
    shared, _site, log = _build(tmp_path, "shared", worker=True, broken_last=True)
    last = f"page{PAGES - 1:02}.md"
    assert _renderers(log)[last] != _renderers(log, "build")["-"], "the last page was not rendered by the child"
    assert shared.returncode != 0
    assert shared.stderr.count("missing.md") == 1, shared.stderr
