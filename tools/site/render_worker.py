"""Pages rendered and written on the second core while the build does the same.

MkDocs renders every page (Markdown to HTML), then writes every page (theme
template, search entry, file), one after the other, on one core: in a cold build
those two loops were a large share of the time, and the second core sat idle once the
records were measured.  Before each loop the build forks a child that works from
the *end* of the loop's order while the build works from the start; each page
is claimed first (a file created exclusively in a shared directory), so each is
done once, and the child stops at the first page the build has claimed.

Rendering (fork at ``on_nav``, the last event before the first loop): only what
``Page.render`` sets crosses (the HTML, the table of contents, the title and the
anchors MkDocs reads from it), and only when the child rendered exactly the
Markdown the build holds for the page (a digest of it is compared).  Every event
before and after rendering still runs in the build, in order; an event whose result
depends only on its input and the records (the adapter's marker expansion and
export) reuses what the child made of the same input (``carry``/``carried``).  Rendering itself
has two side effects in plugins, both recorded by the child and made again by the
build when it takes the page, in the build's order: anchors registered with
autorefs (mkdocstrings' ``:::`` blocks, autorefs' own ``[](){#id}``) and objects
registered in mkdocstrings' inventory (``objects.inv``).

Writing (fork at the end of ``on_env``, when every page's HTML and cross-reference
is final): the child runs MkDocs' own step for a page and writes its file; what
the build's state needs from it, the page's search entries, crosses back and is
added in the build's order.  Only when no plugin but Material's search has events
in that loop (``writing_is_shareable``).

In both, what the child logged for a page (a broken link, say) is logged again by
the build when it takes the page, so ``--strict`` counts it and the output reads
as before; anything unusual in the child (a record not computed yet, an error)
leaves the page to the build, which then does it and reports it itself.

A plain fork rather than ``multiprocessing``: the child needs the build's config,
files, plugins, pages and records as they are, which a fork shares for free and a
spawned process would have to rebuild (seconds, with the torch import).  A
process's first build uses it (``make serve``'s later rebuilds render a page or
two); ``DOCS_RENDER_WORKER=off`` does everything in the build.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import pickle
import shutil
import signal
import sys
import time
import types
from dataclasses import dataclass, field
from pathlib import Path

import mkdocs.commands.build as build_module
from mkdocs.structure.files import InclusionLevel
from mkdocs.structure.pages import Page

from tools.core import cache
from tools.core.timing import stage
from tools.site import torch_use
from tools.site.claims import ClaimDirectory, new_directory

POLL_SECONDS = 0.002


@dataclass
class Rendered:
    """What ``Page.render`` sets, for one page, as the child made it."""

    markdown_digest: str
    content: str
    toc: object
    title: str | None
    present_anchor_ids: set[str] | None
    links_to_anchors: dict[str, dict[str, str]] | None  # by the linked file's src_uri
    logged: list[tuple[str, int, str]] = field(default_factory=list)  # (logger, level, message)
    # ("anchor", page src_uri, args, kwargs) for autorefs, ("inventory", None, args, kwargs) for mkdocstrings
    registered: list[tuple[str, str | None, tuple, dict]] = field(default_factory=list)
    # What a plugin's page events made of their input in the child (``carry``): event -> (input digest, result)
    carried: dict[str, tuple[str, object]] = field(default_factory=dict)


def _digest(markdown: str) -> str:
    return hashlib.sha256(markdown.encode()).hexdigest()


class _Claims:
    """Pages by number in a ``ClaimDirectory``; the child's result (or None: the build does it) pickled."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._claims = ClaimDirectory(path)

    def claim(self, number: int) -> bool:
        return self._claims.claim(str(number))

    def publish(self, number: int, rendered: Rendered | Written | None) -> None:
        self._claims.publish(str(number), pickle.dumps(rendered))

    def published(self, number: int) -> tuple[bool, Rendered | Written | None]:
        data = self._claims.published(str(number))
        return (False, None) if data is None else (True, pickle.loads(data))


class _Capture(logging.Handler):
    """What the child logs, kept for the build to log again (INFO and up, as MkDocs prints by default)."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.records: list[tuple[str, int, str]] = []
        self._last: logging.LogRecord | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if record is self._last:  # seen by the "mkdocs" logger's handler and again by the root's
            return
        self._last = record
        self.records.append((record.name, record.levelno, record.getMessage()))


# -- the plugins' registrations -----------------------------------------------------------------


def _registries(config) -> dict[str, object]:
    """The objects whose ``register*`` methods rendering calls: autorefs' plugin, mkdocstrings' inventory."""
    found: dict[str, object] = {}
    autorefs = config.plugins.get("autorefs")
    if autorefs is not None:
        found["anchor"] = autorefs
    mkdocstrings = config.plugins.get("mkdocstrings")
    if mkdocstrings is not None:
        found["inventory"] = mkdocstrings.handlers.inventory
    return found


METHOD = {"anchor": "register_anchor", "inventory": "register"}


def _record_registrations(config, into: list) -> None:
    """In the child: each registration is made as usual and also kept, to be made again by the build."""
    for kind, target in _registries(config).items():
        original = getattr(target, METHOD[kind])

        def recording(*args, _kind=kind, _original=original, **kwargs):
            if _kind == "anchor":  # the page object stays here: the build gets its src_uri
                page, *rest = args
                into.append((_kind, page.file.src_uri, tuple(rest), kwargs))
            else:
                into.append((_kind, None, args, kwargs))
            return _original(*args, **kwargs)

        setattr(target, METHOD[kind], recording)


def _register_again(config, files, registered: list) -> None:
    targets = _registries(config)
    for kind, src_uri, args, kwargs in registered:
        method = getattr(targets[kind], METHOD[kind])
        if kind == "anchor":
            method(files.get_file_from_path(src_uri).page, *args, **kwargs)
        else:
            method(*args, **kwargs)


# -- the child ----------------------------------------------------------------------------------


def _capture_logs() -> _Capture:
    capture = _Capture()
    for name in ("", "mkdocs"):  # nothing printed twice: what the child logs, the build logs again
        logging.getLogger(name).handlers[:] = [capture]
    return capture


def _log_again(logged: list[tuple[str, int, str]]) -> None:
    for name, level, message in logged:
        logging.getLogger(name).log(level, "%s", message)


def _child(claims: _Claims, pages: list[Page], config, files, dirty: bool) -> None:
    cache.forbid_computing()
    capture = _capture_logs()
    registered: list = []
    _record_registrations(config, registered)
    for number in reversed(range(len(pages))):
        if not claims.claim(number):
            return  # the build got here first: every page before this one is the build's
        if dirty and not pages[number].file.is_modified():
            continue  # a dirty build skips it (as MkDocs' loop does)
        claims.publish(number, _render(pages[number], config, files, capture, registered))


def _render(page: Page, config, files, capture: _Capture, registered: list) -> Rendered | None:
    """The build's own steps up to ``render``, in this process; None leaves the page to the build."""
    config._current_page = page
    _carrying[:] = [{}]
    had_torch = torch_use.imported()
    try:
        page = config.plugins.on_pre_page(page, config=config, files=files)
        page.read_source(config)
        markdown = config.plugins.on_page_markdown(page.markdown, page=page, config=config, files=files)
        page.markdown = markdown
        capture.records.clear()
        registered.clear()
        Page.render(page, config, files)
        links = page.links_to_anchors
        rendered = Rendered(
            markdown_digest=_digest(markdown),
            content=page.content,
            toc=page.toc,
            title=page._title_from_render,
            present_anchor_ids=page.present_anchor_ids,
            links_to_anchors=None if links is None else {linked.src_uri: anchors for linked, anchors in links.items()},
            logged=list(capture.records),
            registered=list(registered),
        )
        if not had_torch and torch_use.imported():
            note = torch_use.note(f"rendering {page.file.src_uri}", [])
            rendered.logged.append(("mkdocs.hooks.torchrl_reference", logging.INFO, note))
        # Run for what plugins carry from it (their logs are the build's to make: it runs this event too).
        config.plugins.on_page_content(page.content, page=page, config=config, files=files)
        rendered.carried = _carrying[0]
        return rendered
    except Exception:  # anything unusual (a record not computed yet included): the build renders it
        return None
    finally:
        config._current_page = None
        _carrying.clear()


# -- the build's side ---------------------------------------------------------------------------


class _Running:
    def __init__(self, claims: _Claims, pid: int) -> None:
        self.claims = claims
        self.pid = pid
        self.exited = False
        self.numbers: dict[int, int] = {}  # id(page) -> its number, while pages are rendered
        self._results: dict[int, Rendered | None] = {}

    def result(self, number: int) -> Rendered | None:
        """``take(number)`` once: a page's events and its ``render`` all ask for the same result."""
        if number not in self._results:
            self._results[number] = self.take(number)
        return self._results[number]

    def child_alive(self) -> bool:
        if not self.exited and os.waitpid(self.pid, os.WNOHANG) != (0, 0):
            self.exited = True
        return not self.exited

    def take(self, number: int) -> Rendered | None:
        """The child's rendering of page ``number``, or None when the build must render it."""
        if self.claims.claim(number):
            return None
        with stage("site.render.wait"):  # `make bench` shows how long the build waited for the child
            while True:
                done, rendered = self.claims.published(number)
                if done:
                    return rendered
                if not self.child_alive():
                    return self.claims.published(number)[1]
                time.sleep(POLL_SECONDS)

    def stop(self) -> None:
        if not self.exited:
            with contextlib.suppress(ProcessLookupError):  # it may have ended by itself
                os.kill(self.pid, signal.SIGKILL)  # every page it rendered was taken
            os.waitpid(self.pid, 0)
            self.exited = True
        shutil.rmtree(self.claims.path, ignore_errors=True)


_running: list[_Running] = []


def enabled() -> bool:
    return os.environ.get("DOCS_RENDER_WORKER", "on").lower() not in {"off", "0", "false", "no"}


def _fork(pages: list[Page], work) -> _Running | None:
    """A child running ``work(claims)``, or None when there is no second core to give it."""
    stop()
    if not enabled() or (os.cpu_count() or 1) < 2 or len(pages) < 2 or not hasattr(os, "fork"):
        return None
    claims = _Claims(new_directory("render-worker-"))
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:  # the child: work, then leave without running the build's exit handlers
        code = 0
        try:
            work(claims)
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    running = _Running(claims, pid)
    _running.append(running)
    return running


def start(pages: list[Page], config, files, dirty: bool = False) -> None:
    """Fork the child and route each page's ``render`` through it; call at ``on_nav``."""
    running = _fork(pages, lambda claims: _child(claims, pages, config, files, dirty))
    if running is None:
        return
    running.numbers = {id(page): number for number, page in enumerate(pages)}
    for number, page in enumerate(pages):
        page.render = types.MethodType(_render_or_take(running, number), page)


# -- what plugins' page events carry from the child to the build --------------------------------

# In the child, while it handles a page: event -> (digest of the event's input, what it made of it).
_carrying: list[dict[str, tuple[str, object]]] = []


def carry(event: str, given: str, result: object) -> None:
    """In the child, a page event's result: the build's same event reuses it for the same input.

    For an event whose result depends only on its input and the records (the adapter's marker
    expansion and export).  Outside the child it does nothing.
    """
    if _carrying:
        _carrying[0][event] = (_digest(given), result)


def carried(page: Page, event: str, given: str) -> tuple[object] | None:
    """In the build: ``(result,)`` of the child's same event on the same input, or None (compute it)."""
    running = _running[0] if _running else None
    number = None if running is None else running.numbers.get(id(page))
    if number is None:
        return None
    rendered = running.result(number)
    entry = None if rendered is None else rendered.carried.get(event)
    return (entry[1],) if entry is not None and entry[0] == _digest(given) else None


def _render_or_take(running: _Running, number: int):
    def render(page: Page, config, files) -> None:
        rendered = running.result(number)
        if rendered is None or rendered.markdown_digest != _digest(page.markdown or ""):
            Page.render(page, config, files)
            return
        page.content = rendered.content
        page.toc = rendered.toc
        page._title_from_render = rendered.title
        page.present_anchor_ids = rendered.present_anchor_ids
        if rendered.links_to_anchors is not None:
            page.links_to_anchors = {
                files.get_file_from_path(src_uri): anchors for src_uri, anchors in rendered.links_to_anchors.items()
            }
        _register_again(config, files, rendered.registered)
        _log_again(rendered.logged)

    return render


def stop() -> None:
    """Reap the child (it has stopped once the build claimed a page it wanted); call at ``on_env``."""
    while _running:
        _running.pop().stop()
    if build_module._build_page is not _BUILD_PAGE:
        build_module._build_page = _BUILD_PAGE


# -- writing pages: MkDocs' second loop (templates, the search index's entries, the files) -------

# MkDocs' own step, kept: the build calls it by its module-level name, so the writer puts its own there
# while the child writes (pinned MkDocs 1.6; tests/tools/site/test_render_worker.py builds through it).
_BUILD_PAGE = build_module._build_page
# Events of the writing loop.  The child may write pages only when no plugin but Material's search
# keeps state from them (search's entries cross back, in the build's order).
WRITE_EVENTS = ("on_page_context", "on_post_page", "on_pre_template", "on_template_context", "on_post_template")
SEARCH = "material/search"


@dataclass
class Written:
    """What writing one page left in the build's state: search entries, and what it logged."""

    search_entries: list[dict]
    logged: list[tuple[str, int, str]]


def _search_entries(config) -> list | None:
    plugin = config.plugins.get(SEARCH)
    index = getattr(plugin, "search_index", None)
    return None if index is None else index.entries


def writing_is_shareable(config) -> bool:
    return not any(
        name != SEARCH and any(hasattr(plugin, event) for event in WRITE_EVENTS)
        for name, plugin in config.plugins.items()
    )


def _write_child(claims: _Claims, pages: list[Page], config, doc_files, nav, env, dirty: bool) -> None:
    capture = _capture_logs()
    entries = _search_entries(config)
    for number in reversed(range(len(pages))):
        if not claims.claim(number):
            return
        page = pages[number]
        capture.records.clear()
        before = len(entries) if entries is not None else 0
        try:
            _BUILD_PAGE(page, config, doc_files, nav, env, dirty, excluded=page.file.inclusion.is_excluded())
        except Exception:  # the build writes it again and reports the error itself
            claims.publish(number, None)
            continue
        written = Written(list(entries[before:]) if entries is not None else [], list(capture.records))
        claims.publish(number, written)


def start_writing(config, files, nav, env, dirty: bool = False) -> None:
    """Fork a child that writes pages from the end of MkDocs' second loop; call last in ``on_env``."""
    if not writing_is_shareable(config):
        return
    doc_files = files.documentation_pages(inclusion=InclusionLevel.is_included)
    pages = [file.page for file in doc_files if file.page is not None]
    running = _fork(pages, lambda claims: _write_child(claims, pages, config, doc_files, nav, env, dirty))
    if running is None:
        return
    numbers = {id(page): number for number, page in enumerate(pages)}
    entries = _search_entries(config)

    def build_page_or_take(page, config, doc_files, nav, env, dirty=False, excluded=False):
        number = numbers.get(id(page))
        written = None if number is None else running.take(number)
        if written is None:
            return _BUILD_PAGE(page, config, doc_files, nav, env, dirty, excluded)
        if entries is not None:
            entries.extend(written.search_entries)
        _log_again(written.logged)
        return None

    build_module._build_page = build_page_or_take
