"""The MkDocs adapter: places what ``tools.site.markers`` returns.  No generation logic here.

MkDocs 1.6 loads this file once per process and calls its events on every
build (each ``mkdocs serve`` rebuild reloads the config, not this module), so
the per-build state below is reset in ``on_config``; records are cached in
``tools.core.cache``, which lives as long as the process.
"""

from __future__ import annotations

import fnmatch
import gc
import json
import logging
import os
import re
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.pages import Page

from tools.api.facts import load
from tools.api.views import objects_inv, search
from tools.core import cache, timing
from tools.core.code_lines import add_line_spans
from tools.core.paths import CACHE, DATA, ROOT, SNIPPETS, TOOLS
from tools.core.word_breaks import add_break_opportunities
from tools.site import exports, records_worker, render_worker, search_index, template_cache, torch_use
from tools.site import markers as pages

log = logging.getLogger("mkdocs.hooks.torchrl_reference")

SNIPPET_INCLUDE = re.compile(r"""--8<--\s+["']([^"':]+)["']""")
# A page showing a file's output (tools/outputs) includes the file through a marker, and
# shows what `make outputs` stored for it: both make the page stale under `serve --dirty`.
OUTPUT_MARKER = re.compile(r"<!--\s*gen:outputs\.(?:show|tabs)\s+(\S+)")

_build = {"dirty": False, "generated": set(), "used": set(), "command": "build"}
# Each page's Markdown export (tools/site/exports.py) by page: kept across `make serve`
# rebuilds, so that a dirty rebuild, which renders only the edited pages, still writes whole exports.
_exported: dict[str, exports.PageExport] = {}
# Everything the generated pages and the inventory are made from (besides the installed packages,
# which every fingerprint includes); tests/tools/site/test_generation_inputs.py checks that
# generating them opens no other file of the project.
GENERATION_INPUTS = (TOOLS, DATA, ROOT / "outputs", SNIPPETS, ROOT / "pyproject.toml")
# The generated pages of this process's last build, and the fingerprint of GENERATION_INPUTS
# they and the inventory were made from: a `make serve` rebuild after a prose edit reuses the
# pages and leaves the inventory it wrote alone (regenerating cost most of such a rebuild).
_generation: dict = {}
# Set once this process has frozen the objects alive after its first build's generation.
_froze: list[bool] = []
# Hosts that only this machine reaches: a sitemap or canonical link there is wrong anywhere else.
LOOPBACK = {"127.0.0.1", "localhost", "::1", "0.0.0.0"}


class _DropDirtyNotice(logging.Filter):
    """``make serve`` uses --dirty on purpose; strict mode would abort on its notice."""

    def filter(self, record: logging.LogRecord) -> bool:
        return "A 'dirty' build is being performed" not in record.getMessage()


def on_startup(command: str, dirty: bool) -> None:
    _build["dirty"] = dirty
    _build["command"] = command
    if dirty:
        logging.getLogger("mkdocs.commands.build").addFilter(_DropDirtyNotice())


def on_shutdown() -> None:
    # The process exits next.  With torch and torchrl imported, the interpreter's
    # last garbage collections are slow (`make bench`: exiting was a sizeable
    # share of a cold build); frozen objects are left to the operating system.
    gc.freeze()


def _check_site_url(config: MkDocsConfig) -> None:
    """Refuse canonical links and a sitemap at a loopback host, unless told the build is local.

    ``mkdocs serve`` is local by nature; ``make build``/``make serve`` set LOCAL_BUILD=1 and say
    so; the Pages workflow sets SITE_URL.  A plain ``mkdocs build`` without either used to write
    a sitemap of http://127.0.0.1:8000/ URLs.
    """
    host = urlsplit(config.site_url or "").hostname
    if host in LOOPBACK and _build["command"] != "serve" and os.environ.get("LOCAL_BUILD") != "1":
        raise PluginError(
            f"site_url is {config.site_url}, a loopback address: the sitemap and every canonical link would "
            "point at this machine. Set SITE_URL to the address the site is served from (the Pages workflow "
            "does), or set LOCAL_BUILD=1 for a build only this machine reads (make build does)."
        )


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    _check_site_url(config)
    # Python's cyclic collector walks every tracked object on each full collection, and once
    # torch and torchrl are imported there are millions: collections spread over the import and
    # the generation cost a sizeable share of a cold build.  It stays off until every
    # page's Markdown is rendered (`on_env`), where the objects alive then are frozen: later
    # collections skip them.  Nothing here relies on collecting cycles early.
    gc.disable()
    _build["builds"] = _build.get("builds", 0) + 1
    cache.begin_build()
    # First: the worker's import of torch then runs beside the build's (pages.start_background_work).
    records_worker.start()  # measures record sets on the other core, from the end of the build's order
    timing.reset()
    _build["generated"] = set()
    _build["used"] = set()
    _build["exported_now"] = set()
    if not _build["dirty"]:
        _exported.clear()
    _build["python_handler"] = _python_handler(config)
    try:
        _build["exports"] = exports.read_config(config.extra)
    except exports.ExportConfigError as exc:
        raise PluginError(str(exc)) from exc
    pages.start_background_work()
    search_index.install(config)  # after the search plugin's own on_config, which made the index
    return config


def _python_handler(config: MkDocsConfig):
    """mkdocstrings' Python handler, created now: it routes griffe's log through MkDocs
    (so a docstring warning fails the strict build) before ``tools.api`` parses anything."""
    plugin = config.plugins.get("mkdocstrings")
    return None if plugin is None else plugin.handlers.get_handler("python")


def _write_if_changed(path, text: str) -> None:
    # Unchanged generated pages keep their mtime, so `serve --dirty` skips them.
    if not path.exists() or path.read_text() != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def _expand_nav(items, known: list[str]):
    """Expand nav leaves such as ``losses/*.md`` into the pages that match them.

    Kept instead of mkdocs-awesome-nav (or literate-nav): awesome-nav takes its
    globs from ``.nav.yml`` files beside the pages, which generated pages do
    not have (they live in ``.cache/generated/``), so the nav would move out of
    mkdocs.yml into several files for the sake of a few dozen lines; and it builds the
    nav from the files it sees in ``on_files``, so it would also depend on
    running after this hook's generated pages.
    """
    listed = set()

    def collect(node):
        if isinstance(node, str) and "*" not in node:
            listed.add(node)
        elif isinstance(node, dict):
            for value in node.values():
                collect(value)
        elif isinstance(node, list):
            for value in node:
                collect(value)

    collect(items)

    def walk(node):
        if isinstance(node, list):
            out = []
            for item in node:
                if isinstance(item, str) and "*" in item:
                    matches = sorted(p for p in known if fnmatch.fnmatch(p, item) and p not in listed)
                    if not matches:
                        raise PluginError(f"mkdocs.yml nav: the pattern {item!r} matches no page")
                    out.extend(matches)
                else:
                    out.append(walk(item))
            return out
        if isinstance(node, dict):
            return {key: walk(value) for key, value in node.items()}
        return node

    return walk(items)


@event_priority(50)  # before plugins that list pages (llmstxt's globs must see the generated ones)
def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the generated pages.

    Not mkdocs-gen-files: it writes every generated file into a fresh temporary
    directory on each build, so under ``serve --dirty`` every generated page
    looks new and is rebuilt (the backing files here keep their mtime when
    unchanged, which is what makes a prose edit cost well under a second), and
    its scripts would only call ``tools.site.markers.generated_pages()`` as this does.
    """
    key = cache.fingerprint(GENERATION_INPUTS)
    _build["generation_key"] = key
    if _build["dirty"] and _generation.get("key") == key:
        generated = _generation["pages"]
    else:
        try:
            generated = pages.generated_pages()
        except pages.GenerationError as exc:
            raise PluginError(str(exc)) from exc
        _generation.clear()
        _generation.update(key=key, pages=generated)
    for src_uri, markdown in generated.items():
        if files.get_file_from_path(src_uri) is not None:
            raise PluginError(f"{src_uri} is both a file under docs/ and a generated page; remove one")
        backing = CACHE / "generated" / src_uri
        _write_if_changed(backing, markdown)
        files.append(File.generated(config, src_uri, abs_src_path=str(backing)))
        _build["generated"].add(src_uri)
    for src_uri, source in pages.site_assets().items():
        if files.get_file_from_path(src_uri) is not None:
            raise PluginError(f"{src_uri} is both a file under docs/ and a served asset; remove one")
        files.append(File.generated(config, src_uri, abs_src_path=str(source)))
    if _build["python_handler"] is not None:
        load.install(_build["python_handler"])
    if config.nav:
        config.nav = _expand_nav(config.nav, [f.src_uri for f in files.documentation_pages()])
    _build["export_sections"] = exports.expand_sections(_build["exports"], files.src_uris)
    if _build["dirty"]:
        _mark_pages_with_changed_snippets(files)
    return files


def _mark_pages_with_changed_snippets(files: Files) -> None:
    """A page rebuilds under --dirty when a snippet file it includes changed."""
    for file in files.documentation_pages():
        if file.abs_src_path is None or file.is_modified():
            continue
        with open(file.abs_src_path, encoding="utf-8") as handle:
            text = handle.read()
        built = file.abs_dest_path
        shown = OUTPUT_MARKER.findall(text)
        for include in [*SNIPPET_INCLUDE.findall(text), *shown, *(f"outputs/{path}.json" for path in shown)]:
            snippet = ROOT / include
            try:
                newer = snippet.stat().st_mtime > os.path.getmtime(built)
            except OSError:
                newer = True
            if newer:
                file.is_modified = lambda: True  # type: ignore[method-assign]
                break


def _shares_pages() -> bool:
    """Pages are rendered and written on two cores in a process's first build (`make serve`'s
    rebuilds after an edit render a page or two: a fork would cost more than it saves)."""
    return _build["builds"] == 1


@event_priority(-100)  # last: the nav and the pages are final
def on_nav(nav, config: MkDocsConfig, files: Files):
    _build["nav"] = nav
    previous = _build.get("previous_objects")
    if previous and "autorefs" in config.plugins:
        # The API objects of the pages this dirty rebuild skips, for autorefs' `on_env` to link to.
        for identifier, url in objects_inv.urls(previous).items():
            config.plugins["autorefs"].register_url(identifier, url)
    if _shares_pages():
        records_worker.take_published()
        included = files.documentation_pages(inclusion=InclusionLevel.is_included)
        render_worker.start([f.page for f in included if f.page is not None], config, files, _build["dirty"])
        # Then every record here, while the child renders: it holds every record published so far, and
        # leaves to the build a page that needs one still being measured (cache.NotInMemory).
        records_worker.gather()
    return nav


def on_pre_build(config: MkDocsConfig) -> None:
    if _build["dirty"]:
        # The API objects of pages this dirty rebuild skips (tools/api/views/objects_inv.py).
        _build["previous_objects"] = objects_inv.read(Path(config.site_dir) / "objects.inv")


@event_priority(-100)  # last: autorefs' `on_env` has placed every cross-reference in the pages
def on_env(env, config: MkDocsConfig, files: Files):
    records_worker.stop()  # every page's Markdown is expanded: what it did not finish is not needed
    render_worker.stop()  # every page is rendered
    env.bytecode_cache = template_cache.COMPILED  # a `make serve` rebuild reuses the compiled theme
    if _shares_pages():  # pages are written from both ends of MkDocs' second loop
        render_worker.start_writing(config, files, _build["nav"], env, _build["dirty"])
    _freeze_and_collect_again()
    return env


def _freeze_and_collect_again() -> None:
    """Turn the collector back on, with what exists now (torch, torchrl, the records) frozen.

    Only the first build of a process freezes (without collecting: a full collection then walks
    everything torch allocated); after a `make serve` rebuild the collector simply resumes, and
    its collections walk only what was made since.  Whether this process froze is kept in a flag:
    ``gc.get_freeze_count()`` counts the frozen objects one by one (a cost on every rebuild).
    """
    if not _froze:
        gc.freeze()
        _froze.append(True)
    gc.enable()


# Both page events depend only on their input, the page's path and the records, so a page the
# render worker's child handled brings their results along (`render_worker.carry`): the build
# reuses them instead of expanding or exporting the page a second time.


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    done = render_worker.carried(page, "markdown", markdown)
    expanded = done[0] if done is not None else _expand(markdown, page)
    _build["used"] |= expanded.sections_used
    return expanded.markdown


def _expand(markdown: str, page: Page) -> pages.ExpandedPage:
    src = page.file.src_uri
    try:
        expanded = pages.expand(markdown, src, generated_page=src in _build["generated"])
    except pages.GenerationError as exc:
        raise PluginError(str(exc)) from exc
    render_worker.carry("markdown", markdown, expanded)
    return expanded


# A page's first heading, its permalink left out: the browser tab's title (overrides/main.html), which
# stays whole where the navigation names the page more shortly.
_HEADING = re.compile(r"<h1\b[^>]*>(.*?)</h1>", re.DOTALL)
_PERMALINK = re.compile(r'<a class="headerlink"[^>]*>.*?</a>', re.DOTALL)
_TAG = re.compile(r"<[^>]+>")


def _heading(html: str) -> str | None:
    found = _HEADING.search(html)
    return " ".join(_TAG.sub("", _PERMALINK.sub("", found[1])).split()) if found else None


def on_page_content(html: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    page.meta["heading"] = _heading(html)
    done = render_worker.carried(page, "content", html)
    html_out, export = done[0] if done is not None else _content(html, page)
    if export is not None:
        _exported[page.file.src_uri] = export
        _build["exported_now"].add(page.file.src_uri)
    return html_out


def _content(html: str, page: Page) -> tuple[str, exports.PageExport | None]:
    """The page's HTML with break opportunities, code lines in spans (and API parameters folded), and its Markdown export."""
    src, export = page.file.src_uri, None
    if any(src in listed for listed in _build["export_sections"].values()):
        with timing.stage("site.export"):
            export = exports.PageExport(
                title=str(page.title) if page.title is not None else src,
                md_path=exports.md_path(page.file.dest_uri),
                markdown=exports.page_markdown(html, page.file.dest_uri),
            )
    shown = html
    if _build["python_handler"] is not None:
        shown = search.replace_repeated_parameters(shown, search.repeated_parameters())
    result = (add_break_opportunities(add_line_spans(shown)), export)
    render_worker.carry("content", html, result)
    return result


def _write_exports(config: MkDocsConfig) -> None:
    """llms.txt, llms-full.txt and each listed page's .md file (tools/site/exports.py)."""
    settings, sections = _build["exports"], _build["export_sections"]
    missing = exports.missing_pages(sections, _exported)
    if missing and not _build["dirty"]:  # a dirty rebuild keeps earlier builds' pages; a new one may lack some
        raise PluginError(
            f"mkdocs.yml extra.llmstxt lists pages that the site does not have: {', '.join(missing)}; "
            "fix the path or remove the entry"
        )
    site = Path(config.site_dir)
    for uri in sorted(_build["exported_now"]):  # the pages this build rendered (under --dirty, the edited ones)
        (site / _exported[uri].md_path).write_text(_exported[uri].markdown, encoding="utf-8")
    if missing:  # a dirty rebuild in a process that never rendered every page: keep the whole files it has
        return
    args = (config.site_name, config.site_description, settings, sections, _exported)
    (site / "llms.txt").write_text(exports.index_text(*args), encoding="utf-8")
    if settings.full_output:
        (site / settings.full_output).write_text(exports.full_text(*args), encoding="utf-8")


def _write_inventory(config: MkDocsConfig) -> None:
    inventory = pages.inventory()
    with open(f"{config.site_dir}/inventory.json", "w", encoding="utf-8") as handle:
        json.dump(inventory, handle, indent=2, sort_keys=False)
        handle.write("\n")
    with open(f"{config.site_dir}/inventory.schema.json", "w", encoding="utf-8") as handle:
        json.dump(pages.inventory_schema(), handle, indent=2)
        handle.write("\n")
    for path, text in pages.site_files().items():
        target = Path(config.site_dir) / path
        target.parent.mkdir(parents=True, exist_ok=True)  # the agent skill writes a folder of files
        target.write_text(text, encoding="utf-8")
    for path, data in pages.site_binary_files().items():
        (Path(config.site_dir) / path).write_bytes(data)
    log.info("wrote inventory.json (and its schema) with sections: %s", ", ".join(inventory))


def on_build_error(error: Exception) -> None:
    # A failed `make serve` rebuild ends before `on_env`: the next edit should not find the collector off.
    records_worker.stop()
    render_worker.stop()
    cache.end_build()
    gc.enable()


def on_post_build(config: MkDocsConfig) -> None:
    render_worker.stop()  # every page is written
    previous = _build.pop("previous_objects", None)
    written = Path(config.site_dir) / "objects.inv"
    if _build["python_handler"] is not None and written.exists():
        current = objects_inv.read(written)
        if previous:
            current = objects_inv.parse(objects_inv.merged(previous, current))
        written.write_bytes(objects_inv.repointed(current, load.defined_at).format_sphinx())
    if not _build["dirty"]:
        # Under --dirty only changed pages were read, so the check would lie.
        try:
            pages.check_sections_placed(_build["used"])
        except pages.GenerationError as exc:
            raise PluginError(str(exc)) from exc
    with timing.stage("site.export"):
        _write_exports(config)
    unchanged = _build["dirty"] and _generation.get("inventory_key") == _build["generation_key"]
    if not unchanged or not (Path(config.site_dir) / "inventory.json").exists():
        _write_inventory(config)
        _generation["inventory_key"] = _build["generation_key"]
    if torch_use.imported():
        measured = sorted(name.removesuffix(".compute") for name in timing.totals() if name.endswith(".compute"))
        log.info(torch_use.note("this build", measured))
    CACHE.mkdir(exist_ok=True)
    (CACHE / "last-build-timings.json").write_text(json.dumps(timing.totals(), indent=1) + "\n")
    cache.end_build()
