"""Captured outputs -> Markdown: an output block, or "Code | Output" content tabs."""

from __future__ import annotations

import textwrap

from tools.outputs.facts.store import GENERATED, REFRESH_COMMAND, CapturedOutput, staleness


def _fence(lang: str, body: str, options: str = "") -> str:
    ticks = "````" if "```" in body else "```"
    info = f"{lang} {options}".strip()
    return f"{ticks}{info}\n{body.rstrip()}\n{ticks}\n"


def render_output(source: str, captured: CapturedOutput | None, code: str | None = None) -> str:
    """The stored stdout in a ``text`` block, with where it came from; a visible note when stale.

    ``code`` is the text of a generated example (``source`` then names it, under ``generated/``).
    """
    problem = staleness(source, code)
    if captured is None:
        raise FileNotFoundError(problem)
    what = "the example above" if source.startswith(GENERATED) else f"`{source}`"
    note = (
        f"Printed by {what} when `{REFRESH_COMMAND}` ran it alone on {captured.captured_on} "
        f"({captured.seconds:g} s here, torchrl {captured.pins.get('torchrl', '?')}); the tests fail "
        "when it or a pinned version changes after that."
    )
    out = _fence("text", captured.stdout or "(it printed nothing)") + "\n" + note + "\n{: .output-note }\n"
    if problem:
        out = f'!!! warning "Stale output"\n    {problem}\n\n' + out
    return out


def render_tabs(source: str, captured: CapturedOutput | None, fence_options: str = "") -> str:
    """The whole file and its output side by side, as Material content tabs."""
    code = _fence("python", f'--8<-- "{source}"', fence_options)
    return (
        '=== "Code"\n\n'
        + textwrap.indent(code, "    ")
        + '\n=== "Output"\n\n'
        + textwrap.indent(render_output(source, captured), "    ", lambda line: bool(line.strip()))
    )
