"""Texts a user pastes, made from the catalogue and the entries' captures: for the matcher's tests in
Python (tests/tools/error_catalog/) and for the browser's half of it (tests/site/test_explain_browser.py)."""

from __future__ import annotations

import random
import string

# Where a reader's own files sit in the tracebacks these tests paste: one invented place, not a path of
# the machine that runs the tests (a test that needs the form of a real path builds it from these).
READER_PROJECT = "/reader/project"
READER_SCRIPT = f"{READER_PROJECT}/train.py"
READER_SITE_PACKAGES = f"{READER_PROJECT}/.venv/lib/python3.12/site-packages"
# A reader working from a source checkout of torchrl, itself a folder called torchrl.
READER_CHECKOUT = f"{READER_PROJECT}/torchrl"


def value(rng: random.Random) -> str:
    """A value a user's run might put in a field: a key name, a number, a shape, a class name."""
    kind = rng.randrange(4)
    if kind == 0:
        return "".join(rng.choice(string.ascii_lowercase) for _ in range(rng.randint(3, 9))) + "_key"
    if kind == 1:
        return str(rng.randint(0, 5000))
    if kind == 2:
        return f"torch.Size([{rng.randint(1, 64)}, {rng.randint(1, 8)}])"
    return "My" + "".join(rng.choice(string.ascii_letters) for _ in range(6)) + "Module"


def line_from_site(site: dict, rng: random.Random) -> str:
    """``Type: message`` with each field of an inventory site's template filled with a random value."""
    message, position = [], 0
    template = site["message"]
    while position < len(template):
        start = template.find("{", position)
        end = template.find("}", start) if start >= 0 else -1
        if start < 0 or end < 0:
            message.append(template[position:])
            break
        message.append(template[position:start])
        message.append(value(rng))
        position = end + 1
    text = "".join(message)
    return (
        f"{site['exception'] or 'Exception'}: {text!r}"
        if site["exception"] == "KeyError"
        else f"{site['exception'] or 'Exception'}: {text}"
    )


def traceback_text(frames: list[str], error_text: str) -> str:
    """A traceback as Python prints it, through the given torchrl frames (innermost first) to the error."""
    lines = [
        "Traceback (most recent call last):",
        f'  File "{READER_SCRIPT}", line 40, in <module>',
        "    loss(batch)",
    ]
    for frame in reversed(frames):
        path, function = frame.rsplit(":", 1)
        lines += [f'  File "{READER_SITE_PACKAGES}/{path}", line 1, in {function}', "    ..."]
    return "\n".join([*lines, error_text])
