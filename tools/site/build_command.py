"""``make build``: MkDocs' own ``mkdocs build`` command, then an exit that skips tearing torch down.

    python -m tools.site.build_command [mkdocs build options]

After a successful build nothing is left to write, and the interpreter's teardown of torch's
objects takes a noticeable while (``tools.core.quick_exit``).  A failed build exits the usual way, with
MkDocs' own message and status.  Not a plugin hook: ``on_shutdown`` also runs after a failed
build, and cannot tell that it failed.
"""

from __future__ import annotations

import sys

from tools.core.quick_exit import exit_quickly


def run(argv: list[str]) -> int:
    """``mkdocs build`` with ``argv``, through MkDocs' command line; its exit status."""
    from mkdocs.__main__ import cli

    try:
        cli.main(["build", *argv], prog_name="mkdocs")
    except SystemExit as exit_:
        code = exit_.code
        return code if isinstance(code, int) else (0 if code is None else 1)
    return 0


if __name__ == "__main__":
    exit_quickly(run(sys.argv[1:]))
