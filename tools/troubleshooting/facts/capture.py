"""Run each entry's (and each mechanism's) reproduction block and record the error it raises, as a
reader's traceback ends.

The block runs exactly as the page shows it: it catches its own error in
``try/except`` and asserts the type and a stable part of the message.  To
read the error it caught, a trace function watches the block's top-level
frame only and records the exception that reaches it (``sys.settrace``
"exception" events; functions the block calls are not traced line by line,
so the block runs at nearly full speed).  Writing the block so that it
stored the error for us would put plumbing on the page.
"""

from __future__ import annotations

import ast
import contextlib
import io
import os
import re
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from importlib import metadata
from typing import TypeVar

from tools.core.errors import error_text
from tools.core.frames import torchrl_frames
from tools.core.silence import quiet
from tools.troubleshooting.facts.records import ELSEWHERE, RAISES, Capture, Captures, Curated, Entry, Mechanism

T = TypeVar("T")

# What differs between machines or runs and means nothing to a reader.
_SITE_PACKAGES = re.compile(r"/\S*/site-packages/")
_ADDRESS = re.compile(r"0x[0-9a-f]{6,}")


class CaptureError(Exception):
    """A reproduction did not behave as its entry says; the message names the entry."""


def redact(text: str) -> str:
    return _ADDRESS.sub("0x…", _SITE_PACKAGES.sub(".../site-packages/", text))


def qualified_name(kind: type) -> str:
    module = kind.__module__
    return kind.__qualname__ if module == "builtins" else f"{module}.{kind.__qualname__}"


@contextlib.contextmanager
def _isolated() -> Iterator[None]:
    """Run a block as a fresh script would: own cwd, own environment variables, quiet, warnings off."""
    cwd, environ = os.getcwd(), dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="troubleshooting-") as tmp:
        os.chdir(tmp)
        try:
            with quiet(), contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                yield
        finally:
            os.chdir(cwd)
            os.environ.clear()
            os.environ.update(environ)


_HANDLER_HOOK = "__troubleshooting_caught__"


class _NoteHandledErrors(ast.NodeTransformer):
    """Each ``except`` clause of the block's own frame first hands its exception to the capture.

    The trace function alone misses an error when the interpreter switches tracing off
    mid-block, which it does when the trace function itself fails: a ``RecursionError``
    can strike inside it (old-estimator-class-names recurses until Python gives up, and
    whether the limit is hit in torchrl's frames or in the trace call depends on the
    stack the capture starts from).  The handler's note adds no frame to the page's
    code as shown; nested functions and classes run in frames of their own and are left alone.
    """

    def visit_FunctionDef(self, node):
        return node

    visit_AsyncFunctionDef = visit_Lambda = visit_ClassDef = visit_FunctionDef

    def visit_ExceptHandler(self, node: ast.ExceptHandler) -> ast.ExceptHandler:
        self.generic_visit(node)
        note = ast.parse(f"{_HANDLER_HOOK}(__import__('sys').exc_info()[1])").body[0]
        node.body.insert(0, ast.copy_location(note, node.body[0]))
        ast.fix_missing_locations(node)
        return node


def caught_exceptions(code: str, filename: str) -> list[BaseException]:
    """Run ``code`` as ``__main__`` and return the exceptions that reached its top level, in order."""
    compiled = compile(_NoteHandledErrors().visit(ast.parse(code, filename)), filename, "exec")
    reached: list[BaseException] = []

    def in_block(frame, event, arg):
        if event == "exception":
            reached.append(arg[1])
        return in_block

    def on_call(frame, event, arg):
        return in_block if frame.f_code is compiled else None

    handled: list[BaseException] = []
    previous = sys.gettrace()
    sys.settrace(on_call)
    try:
        exec(compiled, {"__name__": "__main__", "__file__": filename, _HANDLER_HOOK: handled.append})
    finally:
        sys.settrace(previous)
    # An exception the trace saw comes first; a handled one it missed (tracing switched off) after it.
    reached.extend(handled)
    # One exception shows up once per line it unwinds through; keep each object once.
    unique: list[BaseException] = []
    for exc in reached:
        if not any(exc is seen for seen in unique):
            unique.append(exc)
    return unique


# What a fresh script runs with: Python's default limit.  The build's process has a higher one
# (mkdocstrings' Python handler raises it to 2000 for griffe).
FRESH_SCRIPT_RECURSION_LIMIT = 1000


def on_a_fresh_stack(function: Callable[..., T], *args) -> T:
    """``function(*args)`` as a fresh script would run it: from an empty stack (a thread of its
    own) and with Python's default recursion limit.

    Where a ``RecursionError`` strikes depends on both, and so does its text ("maximum
    recursion depth exceeded", with or without "while getting the str of an object"):
    captured in the build's process (limit 2000) or in the records worker (limit 1000), the
    same block gave one text or the other, so two builds of one commit could differ.
    """
    returned: list[T] = []
    raised: list[BaseException] = []

    def run() -> None:
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(FRESH_SCRIPT_RECURSION_LIMIT)
        try:
            returned.append(function(*args))
        except BaseException as exc:  # re-raised in the caller's thread
            raised.append(exc)
        finally:
            sys.setrecursionlimit(limit)

    thread = threading.Thread(target=run, name="troubleshooting-capture")
    thread.start()
    thread.join()
    if raised:
        raise raised[0]
    return returned[0]


def capture_reproduction(slug: str, code: str, torchrl: str, what: str, filename: str, when_fixed: str) -> Capture:
    """Run one reproduction block and record the one error it catches.

    ``what`` names the block in messages (an entry, a mechanism, with its file); ``when_fixed`` says what
    to do when torchrl no longer fails that way.
    """
    try:
        with _isolated():
            reached = on_a_fresh_stack(caught_exceptions, code, filename)
    except BaseException as exc:  # the block's own assertion failed, or the error escaped it
        raise CaptureError(
            f"{what}: its reproduction did not end as it asserts, with torchrl {torchrl}: "
            f"{error_text(exc, qualified=True)}. Fix the block; {when_fixed}"
        ) from exc
    if not reached:
        raise CaptureError(
            f"{what}: its reproduction raised nothing; a reproduction catches the error it shows (or, for a "
            "failure that raises nothing, it says kind: silent)"
        )
    if len(reached) > 1:
        names = ", ".join(type(e).__name__ for e in reached)
        raise CaptureError(
            f"{what}: its reproduction caught {len(reached)} errors ({names}); keep one failure per reproduction "
            "so that the page shows the one it explains"
        )
    error = reached[0]
    text = redact(error_text(error, qualified=True))
    return Capture(slug, qualified_name(type(error)), text, torchrl, frames=torchrl_frames(error.__traceback__))


def capture_entry(entry: Entry, torchrl: str) -> Capture:
    return capture_reproduction(
        entry.slug,
        entry.reproduce,
        torchrl,
        f"troubleshooting entry {entry.slug!r} (data/troubleshooting/{entry.slug}.py)",
        f"<troubleshooting/{entry.slug}>",
        "if torchrl no longer fails this way, move the entry to fixed_upstream in data/troubleshooting.yaml",
    )


def capture_mechanism(mechanism: Mechanism, torchrl: str) -> Capture:
    return capture_reproduction(
        mechanism.slug,
        mechanism.reproduce,
        torchrl,
        f"troubleshooting mechanism {mechanism.slug!r} (data/troubleshooting/mechanisms/{mechanism.slug}.py)",
        f"<troubleshooting/mechanisms/{mechanism.slug}>",
        "if torchrl no longer fails this way, write another instance of the mechanism (or, if none is left, "
        "drop it from data/troubleshooting/mechanisms.yaml and its rows' mechanism: in triage.yaml)",
    )


def capture_elsewhere(entry: Entry, recorded: dict) -> Capture:
    """An entry whose failure needs another torch: the text ``make capture-mismatch`` recorded."""
    text = recorded.get("buffer_error") or recorded.get("import_error")
    if not text:
        raise CaptureError(f"troubleshooting entry {entry.slug!r}: the recorded capture holds no error")
    return Capture(
        entry.slug,
        text.split(":", 1)[0],
        text,
        f"torch {recorded['torch']}, torchrl {recorded['torchrl']}",
        how=recorded["refresh"],
    )


def capture_all(curated: Curated, recorded_elsewhere: dict) -> Captures:
    torchrl = metadata.version("torchrl")
    captures = []
    for entry in curated.entries:
        if entry.kind == RAISES:
            captures.append(capture_entry(entry, torchrl))
        elif entry.kind == ELSEWHERE:
            captures.append(capture_elsewhere(entry, recorded_elsewhere))
        else:
            captures.append(Capture(entry.slug, None, None, torchrl))
    mechanisms = [
        capture_mechanism(m, torchrl) if m.kind == RAISES else Capture(m.slug, None, None, torchrl)
        for m in curated.mechanisms
    ]
    return Captures(torchrl, captures, mechanisms)
