"""What a user pastes -> the exception name, the message and the torchrl frames of their traceback.

The same rules run in the browser (docs/assets/explain-error.js): both read a
whole traceback, its last line alone, a warning line (``file.py:12: UserWarning:
...``), or a bare message with no exception name.  Keep the two in step; the
browser test feeds both the same texts and compares their answers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from tools.core import frames

# An exception or warning class name, possibly dotted, followed by a colon (or ending the line).
EXCEPTION = re.compile(
    r"(?:^|[\s()\[\]:'\"])((?:[A-Za-z_][A-Za-z0-9_]*\.)*((?:[A-Za-z_][A-Za-z0-9_]*)?(?:Error|Exception|Warning|Exit|Interrupt)))(?:\s*:\s*|\s*$)"
)
FRAME = re.compile(r"File \"([^\"]+)\", line \d+, in ([^\s]+)")
# Lines that end a message that runs on below its exception line.
MESSAGE_END = re.compile(r"^\s*$|^\s*File \"|^Traceback |^During handling|^The above exception")
# Earlier exception lines of a chained traceback still count, a little less than the last one.
LINES_KEPT = 3


@dataclass(frozen=True)
class Raised:
    exception: str  # the bare class name ("KeyError"), "" when the paste names none
    message: str  # normalised: see normalise()


@dataclass(frozen=True)
class Pasted:
    raised: list[Raised]  # the last exception line first
    frames: list[str] = field(default_factory=list)  # "torchrl/objectives/ppo.py:forward", innermost first


def _quoted_whole(text: str) -> bool:
    """The text is one quoted string (a KeyError's message as Python shows it), not a message that starts
    and ends with quoted names (``'Trainer' object has no attribute 'x'``): its quote is not inside unescaped."""
    if len(text) < 2 or text[0] != text[-1] or text[0] not in "'\"":
        return False
    return re.search(r"(?<!\\)" + text[0], text[1:-1]) is None


def normalise(message: str) -> str:
    """One form for a message and a template: outer quotes off (a KeyError shows its message quoted),
    double quotes as single, escaped newlines and runs of white space as one space."""
    text = message.strip()
    if _quoted_whole(text):
        text = text[1:-1].replace("\\'", "'").replace('\\"', '"')
    text = text.replace("\\n", " ").replace('"', "'")
    return " ".join(text.split())


def _frames(lines: list[str]) -> list[str]:
    found = []
    for line in lines:
        match = FRAME.search(line)
        if not match:
            continue
        path = frames.torchrl_path(match.group(1))
        if path is not None:
            found.append(frames.key(path, match.group(2)))
    return list(reversed(found))


def reflow(text: str) -> str:
    """A traceback pasted into a one-line box (which drops line breaks) back on its lines: each frame on
    a line of its own, and the last exception name starting the last line."""
    if "\n" in text or not FRAME.search(text):
        return text
    text = re.sub(r"\s*(File \")", r"\n\1", text)
    matches = list(EXCEPTION.finditer(text))
    if not matches:
        return text
    start = matches[-1].start(1)
    return text[:start].rstrip() + "\n" + text[start:]


def parse(text: str) -> Pasted:
    lines = reflow(text.replace("\r\n", "\n").replace("\r", "\n")).split("\n")
    raised: list[Raised] = []
    for index in range(len(lines) - 1, -1, -1):
        line = lines[index]
        if FRAME.search(line):
            continue
        match = EXCEPTION.search(line)
        if not match:
            continue
        rest = [line[match.end() :]]
        # A warning's line is followed by the source line that warned, not by more message.
        for after in lines[index + 1 :] if not match.group(2).endswith("Warning") else []:
            if MESSAGE_END.search(after) or EXCEPTION.search(after):
                break
            rest.append(after)
        raised.append(Raised(match.group(2), normalise(" ".join(rest))))
        if len(raised) == LINES_KEPT:
            break
    if not raised:
        raised.append(Raised("", normalise(text)))
    return Pasted(raised, _frames(lines))
