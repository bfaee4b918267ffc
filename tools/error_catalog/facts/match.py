"""Pasted error -> the places that answer it, ranked.  The one matcher: the command, inventory.json
and the page's box all evaluate the index built here (the box with docs/assets/explain-error.js, which
follows the same rules on the same index, in the same order; a browser test compares the two).

A target is something that answers: a catalogued site (the message template of one ``raise`` or
``warn``), a catalogued function (what one torchrl function raises and expects, for errors torch or
tensordict raise inside it), a troubleshooting entry, an upstream fix, a failure mechanism, or a
difference between releases (the import, keyword and config-key errors of code written for another
release).  A target scores on its message templates (the user's own values fill the fields), on the words it shares with
the message, and on the torchrl frames of the traceback.  Scores are integers, so both evaluators
rank alike.

It reads what was pasted (``parse``: the exception name, the message and the torchrl frames of a
traceback) and scores it.  It imports only the standard library and ``tools.core.frames`` (itself
standard library only), so the agent skill ships this very file, with ``frames.py`` beside it and the
index as JSON (``tools/skill``): the skill's explainer and ``explain_error`` give the same answers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache, lru_cache

try:
    from tools.core import frames
except ModuleNotFoundError:  # the agent skill's copy of this file: frames.py is shipped beside it
    import frames

# An exception or warning class name (by its ending, or one of the two StopIterations), possibly dotted,
# followed by a colon (or ending the line).
EXCEPTION = re.compile(
    r"(?:^|[\s()\[\]:'\"])((?:[A-Za-z_][A-Za-z0-9_]*\.)*((?:[A-Za-z_][A-Za-z0-9_]*)?(?:Error|Exception|Warning|Exit|Interrupt)|Stop(?:Async)?Iteration))(?:\s*:\s*|\s*$)"
)
# A class named with its module at a line's start, then a colon: how Python shows an exception of a class
# whose name has no such ending (``omegaconf.errors.MissingMandatoryValue: ...``).
QUALIFIED = re.compile(r"^\s*((?:[A-Za-z_][A-Za-z0-9_]*\.)+(_*[A-Z][A-Za-z0-9_]*))\s*:\s*")
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
    return frames.enclosing_frames(list(reversed(found)))


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
        match = EXCEPTION.search(line) or QUALIFIED.match(line)
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


# Kinds of target, and the order among equal scores: an entry (it shows a fix) before the rest.
ENTRY, MECHANISM, SITE, RELEASE, FIX = "entry", "mechanism", "site", "release", "fix"
FUNCTION, MODULE = "function", "module"
KIND_ORDER = {ENTRY: 0, MECHANISM: 1, SITE: 2, RELEASE: 3, FIX: 4, FUNCTION: 5, MODULE: 6}
# What each kind of answer is, in a terminal's list of results (the page's box words them its own way).
KIND_LABELS = {
    ENTRY: "troubleshooting entry",
    MECHANISM: "how it goes wrong",
    SITE: "raised here",
    RELEASE: "release history",
    FIX: "fixed upstream",
    FUNCTION: "what this function checks",
    MODULE: "what this module raises",
}

# Scores.  A template that matches the whole message beats one that matches its start, which beats
# shared words; the traceback's torchrl frames add to a message match, and answer alone (a lower
# score, less the deeper the frame sits) when nothing matches the message: an error torch or
# tensordict raised inside a torchrl function is answered by what that function raises and expects.
WHOLE = 3000
START = 2500
WORDS = 1000
OTHER_TYPE = -500  # the paste names another exception class than the target raises
EARLIER_LINE = -100  # per exception line above the last, in a chained traceback
INNERMOST_FRAME = 300  # added to a message match when the target's function is the innermost torchrl frame
ANY_FRAME = 150  # ... when it is another of the traceback's torchrl frames
# Frames alone, by kind: an entry whose own traceback ends in torchrl where this one does (same exception
# class), the function, its module, a fix that touched the function where the traceback ends.  For a
# function or module, each torchrl frame further out costs FRAME_DEPTH; an entry or a fix counts only
# at the innermost frame (an outer frame, such as a loss's forward, is shared by unrelated failures).
FRAME_ONLY = {ENTRY: 800, FUNCTION: 700, MODULE: 500, FIX: 400}
INNERMOST_ONLY = (ENTRY, FIX)
FRAME_DEPTH = 40
DEEPEST = 10
SHOWN = 900  # message matches below this are not shown; frame answers always are
RESULTS = 8
# A template needs this much fixed text to say anything: "{key}" alone matches every KeyError.
MIN_FIXED = 8
WORD = re.compile(r"[a-z_][a-z0-9_]{2,}")
# Words that say nothing of which failure a message is: those of the messages Python and torch raise
# themselves ("'X' object has no attribute 'y'", "got an unexpected keyword argument", "index ... is
# out of bounds for dimension"), and, added by the index, those of more than COMMON_SHARE of its targets.
# Two messages that share only such words share nothing; the names around them (the class, the
# attribute, the keyword) are what tells failures apart.
BOILERPLATE = frozenset(
    [
        "object",
        "has",
        "attribute",
        "not",
        "callable",
        "got",
        "unexpected",
        "keyword",
        "argument",
        "arguments",
        "missing",
        "required",
        "positional",
        "index",
        "out",
        "bounds",
        "for",
        "dimension",
        "with",
        "size",
        "range",
        "tuple",
        "cannot",
        "import",
        "name",
        "from",
        "subscriptable",
        "json",
        "serializable",
        "type",
        "mismatch",
        "expected",
        "but",
        "the",
        "and",
        "was",
        "were",
        "are",
        "this",
        "that",
        "which",
        "when",
        "while",
        "error",
        "invalid",
        "value",
        "none",
    ]
)
COMMON_SHARE = 40  # a word in more than 1 target in this many is common
# Escaped in a template's regular expression: the characters special in Python's re and in JavaScript.
_SPECIAL = re.compile(r"([\\^$.|?*+()\[\]{}/])")


def words(text: str) -> list[str]:
    return list(dict.fromkeys(WORD.findall(text.lower())))


@lru_cache(maxsize=64)
def _word_set(message: str, common: frozenset[str]) -> frozenset[str]:
    return frozenset(distinctive(words(message), common))


def regex(parts: list) -> tuple[str, int]:
    """(pattern, fixed characters) of a message template (``records.Part`` list): fixed text literal, each field
    ``(.*?)``.  A template with fields whose fixed text holds only BOILERPLATE words (a ``__getattr__`` that
    re-raises Python's "'{cls}' object has no attribute '{name}'") would match every such error: it counts as
    holding no fixed text, so that no evaluator matches with it."""
    pieces, fixed, said = [], 0, []
    for part in parts:
        if part.is_field:
            if not pieces or pieces[-1] != "(.*?)":
                pieces.append("(.*?)")
        else:
            text = normalise_fixed(part.text)
            fixed += len(text.strip())
            said.append(text)
            pieces.append(_SPECIAL.sub(r"\\\1", text))
    if "(.*?)" in pieces and not distinctive(words(" ".join(said)), frozenset()):
        fixed = 0
    return "".join(pieces).strip(), fixed


def normalise_fixed(text: str) -> str:
    """A template's fixed text in the form ``normalise`` gives a message (quotes, white space), ends kept."""
    text = text.replace("\\n", " ").replace('"', "'")
    lead = " " if text[:1].isspace() else ""
    tail = " " if text[-1:].isspace() else ""
    return lead + " ".join(text.split()) + tail if text.strip() else (" " if text else "")


@dataclass
class Target:
    kind: str
    id: str
    title: str
    url: str  # site-root-relative URL with its anchor
    exception: str = ""  # bare class name
    # [regular expression over a normalised message, its fixed characters]: the more fixed text a
    # template holds, the more a whole match says (an entry's own captured text beats the template it fills).
    templates: list[tuple[str, int]] = field(default_factory=list)
    words: list[str] = field(default_factory=list)
    frames: list[str] = field(default_factory=list)  # frame keys: "torchrl/x.py:function"
    note: str = ""  # one line under the title: what the target gives ("shows a fix", "fixed in v0.6.0")


@dataclass(frozen=True)
class Result:
    kind: str
    id: str
    title: str
    url: str
    note: str
    score: int
    why: str  # "message", "words", "frames"


@cache
def _compiled(pattern: str) -> tuple[re.Pattern, re.Pattern]:
    """(whole message, its start): compiled once per process (re's own cache holds fewer than an index has)."""
    return re.compile(f"^(?:{pattern})$", re.IGNORECASE), re.compile(f"^(?:{pattern})", re.IGNORECASE)


def _template_score(target: dict, message: str) -> int:
    best = 0
    for pattern, fixed in target["templates"]:
        if fixed < MIN_FIXED:
            continue
        whole, start = _compiled(pattern)
        if whole.match(message):
            best = max(best, WHOLE + min(fixed, 999))
        elif start.match(message):
            best = max(best, START + min(fixed, 499))
    return best


def distinctive(words_of_text: list[str], common: frozenset[str]) -> list[str]:
    return [word for word in words_of_text if word not in common and word not in BOILERPLATE]


def common_words(word_lists: list[list[str]]) -> list[str]:
    """The words more than one target in COMMON_SHARE holds, sorted: the index stores them."""
    counts: dict[str, int] = {}
    for listed in word_lists:
        for word in set(listed):
            counts[word] = counts.get(word, 0) + 1
    return sorted(word for word, count in counts.items() if count * COMMON_SHARE > len(word_lists))


def _word_score(target: dict, message_words: set[str], count: int) -> int:
    own = target["words"]
    if len(own) < 2 or not count:
        return 0
    common = sum(1 for word in own if word in message_words)
    # Dice's coefficient of the two word sets, at least 0.4, as an integer in [0, 999].
    if common < 2 or 5 * common < len(own) + count:
        return 0
    return WORDS + (999 * 2 * common) // (len(own) + count)


def frame_depth(target: dict, pasted: Pasted) -> int | None:
    """How far out the innermost of the traceback's torchrl frames that the target knows sits (0: the
    innermost); None when it knows none.  A target's frame ``path:*`` stands for its whole module."""
    own = target["frames"]
    if not own:
        return None
    for depth, frame in enumerate(pasted.frames):
        if frame in own or frame.rsplit(":", 1)[0] + ":*" in own:
            return depth
    return None


def score(target: dict, pasted: Pasted, common: frozenset[str] = frozenset()) -> tuple[int, str]:
    """(points, why) of one target; ``common``: the index's common words, left out of the messages' words."""
    best, why = 0, ""
    for position, raised in enumerate(pasted.raised):
        points = _template_score(target, raised.message)
        reason = "message"
        if not points:
            message_words = _word_set(raised.message, common)
            points, reason = _word_score(target, message_words, len(message_words)), "words"
        if not points:
            continue
        if raised.exception and target["exception"] and raised.exception != target["exception"]:
            points += OTHER_TYPE
        points += EARLIER_LINE * position
        if points > best:
            best, why = points, reason
    depth = frame_depth(target, pasted)
    if depth is None:
        return best, why
    if best:
        return best + (INNERMOST_FRAME if depth == 0 else ANY_FRAME), why
    alone = FRAME_ONLY.get(target["kind"], 0)
    exception = pasted.raised[0].exception
    if target["kind"] in INNERMOST_ONLY and depth > 0:
        alone = 0
    if target["kind"] == ENTRY and exception and target["exception"] and exception != target["exception"]:
        alone = 0
    if not alone:
        return 0, ""
    return alone - FRAME_DEPTH * min(depth, DEEPEST), "frames"


# Why ``explain`` keeps a lookup of its own rather than a search library: it must give exactly the
# answers of scoring every target (the page's box does that, and a test compares the two), and a target
# can score only through a template, two shared words or a frame, each of which names a word or a frame
# key the paste must hold.  So the targets holding none of the paste's words and frames are skipped.
_INNER_WORD = re.compile(r"(?<![a-z0-9_])[a-z_][a-z0-9_]{2,}(?![a-z0-9_])")
_ESCAPED = re.compile(r"\\(.)")


@cache
def fixed_pieces(pattern: str) -> tuple[str, ...]:
    """The runs of fixed text of a template's pattern (``regex``), unescaped, lower case, longest first:
    a message the template matches holds each of them."""
    pieces = (_ESCAPED.sub(r"\1", piece).lower() for piece in pattern.split("(.*?)"))
    return tuple(sorted(pieces, key=len, reverse=True))


def _template_key(pattern: str) -> str | None:
    """A word any message the template matches holds whole: one bounded on both sides, inside one of the
    template's fixed pieces; None when no piece holds one (the template is then always tried)."""
    for piece in fixed_pieces(pattern):
        for word in _INNER_WORD.finditer(piece):
            if word.start() > 0 and word.end() < len(piece):
                return word.group()
    return None


@dataclass
class _Lookup:
    by_template_word: dict[str, list[int]]
    always: list[int]  # targets with a template that holds no such word
    by_word: dict[str, list[int]]
    by_frame: dict[str, list[int]]


# The lookups of the last few indexes evaluated, each with its index (an id alone may be reused); a process
# evaluates one index (the command, the MCP server, the skill's script), a test run a few.
_lookups: dict[int, tuple[dict, _Lookup]] = {}
LOOKUPS_KEPT = 4


def _lookup(index: dict) -> _Lookup:
    kept = _lookups.get(id(index))
    if kept is not None and kept[0] is index:
        return kept[1]
    found = _Lookup({}, [], {}, {})
    for position, target in enumerate(index["targets"]):
        keys = {_template_key(pattern) for pattern, fixed in target["templates"] if fixed >= MIN_FIXED}
        if None in keys:
            found.always.append(position)
        for key in keys - {None}:
            found.by_template_word.setdefault(key, []).append(position)
        if len(target["words"]) >= 2:
            for word in set(target["words"]):
                found.by_word.setdefault(word, []).append(position)
        for frame in target["frames"]:
            found.by_frame.setdefault(frame, []).append(position)
    if len(_lookups) >= LOOKUPS_KEPT:
        _lookups.clear()
    _lookups[id(index)] = (index, found)
    return found


def _candidates(index: dict, pasted: Pasted, common: frozenset[str]) -> list[int]:
    """The positions of the targets that can score on ``pasted``, in index order."""
    lookup = _lookup(index)
    out = set(lookup.always)
    for raised in pasted.raised:
        for word in set(WORD.findall(raised.message.lower())):
            out.update(lookup.by_template_word.get(word, ()))
        shared: dict[int, int] = {}
        for word in _word_set(raised.message, common):
            for position in lookup.by_word.get(word, ()):
                shared[position] = shared.get(position, 0) + 1
        out.update(position for position, count in shared.items() if count >= 2)
    for frame in pasted.frames:
        out.update(lookup.by_frame.get(frame, ()))
        out.update(lookup.by_frame.get(frame.rsplit(":", 1)[0] + ":*", ()))
    return sorted(out)


def explain(index: dict, text: str, limit: int = RESULTS) -> list[Result]:
    """The targets of ``index`` that answer ``text`` (a traceback, a line, a message), best first."""
    pasted = parse(text)
    if not any(raised.message for raised in pasted.raised) and not pasted.frames:
        return []
    common = frozenset(index.get("common", ()))
    found = []
    targets = index["targets"]
    for position in _candidates(index, pasted, common):
        target = targets[position]
        points, why = score(target, pasted, common)
        if points >= SHOWN or (why == "frames" and points > 0):
            found.append((-points, KIND_ORDER[target["kind"]], position, target, why))
    found.sort(key=lambda item: item[:3])
    results: list[Result] = []
    shown: set[tuple[str, str]] = set()
    for negative, _order, _position, t, why in found:
        # One line per text: a message many sites share (a deprecation every loss raises) shows once,
        # from the site ranked first (the traceback's own frame, when it has one).
        if (t["kind"], t["title"]) in shown:
            continue
        shown.add((t["kind"], t["title"]))
        results.append(Result(t["kind"], t["id"], t["title"], t["url"], t["note"], -negative, why))
        if len(results) == limit:
            break
    return results


__all__ = ["Pasted", "Raised", "Result", "Target", "explain", "normalise", "parse", "regex", "score", "words"]
