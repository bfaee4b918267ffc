"""User mistakes end with a clear message and exit code 2, never a traceback."""

from __future__ import annotations

import ast
import difflib
import os
import re
import sys
import traceback
from collections.abc import Callable, Iterable

USAGE_ERROR = 2
TORCHRL_UNAVAILABLE = 1


class TorchRLUnavailable(Exception):
    """torchrl cannot be imported here (missing or broken): not a usage mistake, exit code 1."""


def require_torchrl() -> None:
    """Import torchrl now, so that a missing or broken install is reported as such, not as a traceback."""
    try:
        import torchrl  # noqa: F401
    except Exception as exc:  # any failure of the import means the same thing to the user
        raise TorchRLUnavailable(
            f"torchrl cannot be imported in this interpreter ({error_text(exc)}); "
            "install the pinned packages (`make build` creates .venv/) and run the command from there"
        ) from exc


class UsageError(Exception):
    """A mistake of the user's; its message names the problem and the fix."""


def unknown_name(kind: str, name: str, known: Iterable[str]) -> UsageError:
    """``unknown loss 'ClipPPO'; did you mean ClipPPOLoss?``"""
    known = sorted(set(known))
    lowered = {k.lower(): k for k in known}
    close = difflib.get_close_matches(name, known, n=3, cutoff=0.6)
    close += [lowered[m] for m in difflib.get_close_matches(name.lower(), lowered, n=3, cutoff=0.6)]
    close = list(dict.fromkeys(close))[:3]
    if close:
        return UsageError(f"unknown {kind} {name!r}; did you mean {' or '.join(close)}?")
    return UsageError(f"unknown {kind} {name!r}; choose one of: {', '.join(known)}")


def check_name_or_all(name: str | None, every: bool, what: str) -> None:
    """The CLIs take one NAME or --all: ``what`` says what a NAME is, with an example."""
    if every and name:
        raise UsageError(f"give either a {what.split(' (')[0]} or --all, not both")
    if not every and not name:
        raise UsageError(f"give a {what} or --all")


def _prog() -> str:
    return sys.argv[0].rsplit("/", 1)[-1] if sys.argv and sys.argv[0] else "tool"


def run(main: Callable[[list[str] | None], int | None], argv: list[str] | None = None) -> int:
    """Call ``main`` and turn a UsageError into a one-line message and exit code 2."""
    try:
        code = main(argv) or 0
        sys.stdout.flush()  # a closed pipe shows here, inside the handler below
        return code
    except UsageError as exc:
        print(f"{_prog()}: error: {exc}", file=sys.stderr)
        return USAGE_ERROR
    except TorchRLUnavailable as exc:
        print(f"{_prog()}: error: {exc}", file=sys.stderr)
        return TORCHRL_UNAVAILABLE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader stopped early (`... | head`): not an error of ours.  Point
        # stdout at devnull so the interpreter's final flush does not complain.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


def entry_point(main: Callable[[list[str] | None], int | None]) -> None:
    """What a console script calls: run ``main`` on the command line and exit with its code."""
    sys.exit(run(main))


def error_text(
    exc: BaseException, *, lines: int | None = None, limit: int | None = None, qualified: bool = False
) -> str:
    """How the site records an exception it caught on purpose: ``"KeyError: 'action'"``.

    ``lines``: keep the first N non-empty lines of the message, joined by spaces (all of it by
    default); ``limit``: cut the message to that many characters; ``qualified``: the type as a
    traceback prints it (``tensordict.base.SomeError``, notes included), for texts a reader
    pastes into the search box.
    """
    if qualified:
        return _sets_sorted("".join(traceback.format_exception_only(type(exc), exc)).strip())
    message = _sets_sorted(str(exc))
    if lines is not None:
        message = " ".join([line.strip() for line in message.splitlines() if line.strip()][:lines])
    if limit is not None:
        message = message[:limit]
    if lines is not None and not message:
        return type(exc).__name__
    return f"{type(exc).__name__}: {message}"


# A set literal without nested braces, as a message prints one: ``{('agents', 'action'), ('agents', 'obs')}``.
_SET_LITERAL = re.compile(r"\{[^{}:]+\}")


def _sets_sorted(message: str) -> str:
    """The message with each printed set's items in sorted order.

    Python orders a set of strings by their hashes, which change with every process
    (PYTHONHASHSEED), so the same failure would print differently in two builds: a page
    would differ between a build and a rebuild, and builds would not be reproducible.
    """

    def sort(match: re.Match[str]) -> str:
        try:
            items = ast.literal_eval(match.group(0))
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return match.group(0)
        if not isinstance(items, set):
            return match.group(0)
        return "{" + ", ".join(sorted(repr(item) for item in items)) + "}"

    return _SET_LITERAL.sub(sort, message)


def first_line(text: str, limit: int | None = None) -> str:
    """The first line of a message (a warning's, an error's), cut to ``limit`` characters."""
    return (text.strip().splitlines() or [""])[0][:limit]
