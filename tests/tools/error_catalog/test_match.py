"""The matcher finds the catalogue site of a line made from any template, and each entry from its own traceback."""

from __future__ import annotations

import random

import pytest

from tests.support.pasted_errors import READER_CHECKOUT, traceback_text, value
from tools.error_catalog.facts import catalog, match_index
from tools.error_catalog.facts.index import bare
from tools.error_catalog.facts.match import MIN_FIXED, SITE, WHOLE, explain, normalise, parse, regex
from tools.error_catalog.facts.records import RERAISE
from tools.troubleshooting.facts import captures

SEED = 20261204


def _line(site, rng: random.Random) -> str:
    message = "".join(value(rng) if part.is_field else part.text for part in site.message)
    exception = bare(site.exception_qualname or site.exception)
    if site.key_error:
        message = repr(message)
    return f"{exception}: {message}"


@pytest.fixture(scope="module")
def index():
    return match_index()


def _matchable(site) -> bool:
    """A line from the site's template can be told apart: enough fixed text, and an exception class a
    paste names by its bare name (a private class with no such ending is shown with its module)."""
    _pattern, fixed = regex(site.message)
    exception = bare(site.exception_qualname or site.exception)
    return site.kind != RERAISE and fixed >= MIN_FIXED and parse(f"{exception}: x").raised[0].exception == exception


def test_a_line_from_every_template_finds_its_site(index):
    rng = random.Random(SEED)
    misses = []
    sites = [s for s in catalog().sites if _matchable(s)]
    assert len(sites) > 600
    titles = {t["id"]: t["title"] for t in index["targets"] if t["kind"] == SITE}
    for site in sites:
        line = _line(site, rng)
        results = explain(index, line, limit=12)
        ids = [r.id for r in results]
        # Found when it matches the whole line (itself, or the one site shown for a text several sites
        # share), and only other whole matches (templates the same line fills equally: "Losses shape
        # mismatch: {a} and {b}" in several losses) rank above it.
        title = titles[site.id]
        place = next((i for i, r in enumerate(results) if r.kind == SITE and r.title == title), None)
        if place is None or results[place].score < WHOLE or any(r.score < WHOLE for r in results[:place]):
            misses.append(f"{site.id}: {line[:120]!r} -> {ids[:3]}")
    assert not misses, f"{len(misses)} lines did not find their site:\n" + "\n".join(misses[:20])


def test_each_entry_is_found_from_its_captured_traceback(index):
    misses = []
    checked = 0
    for capture in captures().captures:
        if not capture.error_text or capture.how != "build":
            continue
        checked += 1
        results = explain(index, traceback_text(capture.frames, capture.error_text))
        # First, or tied with the first: two causes of one failure raise the same text through the
        # same frames (their symptoms, the titles shown, tell them apart).
        mine = next((r for r in results[:3] if r.id == capture.slug), None)
        if mine is None or mine.score != results[0].score:
            misses.append(f"{capture.slug}: {[r.id for r in results[:3]]}")
        # Its last line alone, and its message without the exception's name, find it too.
        alone = explain(index, capture.error_text.splitlines()[0])
        if capture.slug not in [r.id for r in alone[:3]]:
            misses.append(f"{capture.slug} (last line alone): {[r.id for r in alone[:3]]}")
    assert checked > 40
    assert not misses, "\n".join(misses)


@pytest.mark.parametrize(
    "text, exception, message",
    [
        ("KeyError: \"value key 'v' not found\"", "KeyError", "value key 'v' not found"),
        ("  torchrl._utils.SomeError:  two   spaces\n", "SomeError", "two spaces"),
        ("/x/y.py:12: UserWarning: deprecated thing\n  warnings.warn(", "UserWarning", "deprecated thing"),
        ("just a message with no name", "", "just a message with no name"),
        ("ValueError: first line\nsecond line\n\nafter a blank", "ValueError", "first line second line"),
        # Quoted names at both ends are not one quoted string; an escaped quote inside one is.
        (
            "AttributeError: 'Trainer' object has no attribute 'x'",
            "AttributeError",
            "'Trainer' object has no attribute 'x'",
        ),
        ("KeyError: 'it\\'s here'", "KeyError", "it's here"),
        # A class without such an ending: by its module at the line's start, or one of the StopIterations.
        (
            "omegaconf.errors.MissingMandatoryValue: Missing mandatory value: env_name\n    full_key: env_name",
            "MissingMandatoryValue",
            "Missing mandatory value: env_name full_key: env_name",
        ),
        ("torchrl.collectors._x._CollectorStopped: stopped", "_CollectorStopped", "stopped"),
        ("StopIteration: The queue is empty", "StopIteration", "The queue is empty"),
        ("    full_key: env_name", "", "full_key: env_name"),
    ],
)
def test_what_a_paste_reads_as(text, exception, message):
    raised = parse(text).raised[0]
    assert (raised.exception, raised.message) == (exception, message)


def test_a_one_line_traceback_is_read_like_the_lines_it_came_from():
    lines = 'Traceback (most recent call last):\n  File "/v/torchrl/objectives/sac.py", line 3, in forward\n    self._x()\nKeyError: "missing"'
    assert parse(lines) == parse(lines.replace("\n", ""))


def test_frames_are_read_below_the_innermost_torchrl_folder_and_without_comprehensions():
    pasted = (
        "Traceback (most recent call last):\n"
        f'  File "{READER_CHECKOUT}/torchrl/data/tensor_specs.py", line 9, in to_one_hot_spec\n'
        "    x = [s.n for s in self.space]\n"
        f'  File "{READER_CHECKOUT}/torchrl/data/tensor_specs.py", line 9, in <listcomp>\n'
        "    x = [s.n for s in self.space]\n"
        "AttributeError: 'Box' object has no attribute 'n'"
    )
    assert parse(pasted).frames == ["torchrl/data/tensor_specs.py:to_one_hot_spec"]


def test_normalise_is_idempotent():
    for text in ["'quoted'", 'a "b" c', "x\\ny", "  spaced   out  "]:
        assert normalise(normalise(text)) == normalise(text)


def test_each_raising_mechanism_is_found_from_its_own_traceback(index):
    from tools.troubleshooting.facts import mechanism_texts

    raising = [m for m in mechanism_texts() if m.error_text]
    assert len(raising) > 5
    misses = []
    for mechanism in raising:
        results = explain(index, traceback_text(mechanism.frames, mechanism.error_text))
        if mechanism.slug not in [r.id for r in results[:3]]:
            misses.append(f"{mechanism.slug}: {[r.id for r in results[:3]]}")
    assert not misses, "\n".join(misses)


def test_a_message_a_fix_changed_finds_the_fix(index):
    """A user of a release before the fix pastes what its old code said: a line from each changed
    message, its fields filled with random values, finds that fix with a whole match.  A warning whose
    message runs over several lines is found from its first line, all the matcher reads of a warning (the
    line after it is the source line that warned)."""
    from tools.error_catalog.facts import fix_texts

    rng = random.Random(SEED)
    changed = [(fix.id, exception, parts) for fix in fix_texts() for exception, parts in fix.messages_before]
    assert len(changed) > 100
    misses = []
    for fix_id, exception, parts in changed:
        if regex(parts)[1] < MIN_FIXED:
            continue
        line = f"{bare(exception)}: " + "".join(value(rng) if part.is_field else part.text for part in parts)
        found = {r.id: r.score for r in explain(index, line, limit=50)}
        if found.get(fix_id, 0) < WHOLE:
            misses.append(f"{fix_id}: {line[:120]!r}")
    assert not misses, f"{len(misses)} lines did not find their fix:\n" + "\n".join(misses[:20])


def test_the_lookup_passes_over_only_targets_that_score_nothing(index):
    """``explain`` scores only the targets its lookup names; every target that scores on a paste (a
    template, shared words, a frame) is among them, for lines from a seeded sample of templates, each
    entry's captured traceback, and lines that share only words with the index."""
    from tools.error_catalog.facts import match

    rng = random.Random(SEED)
    sites = [s for s in catalog().sites if _matchable(s)]
    texts = [_line(site, rng) for site in rng.sample(sites, 120)]
    texts += [traceback_text(c.frames, c.error_text) for c in captures().captures if c.error_text and c.how == "build"]
    worded = [t["words"] for t in index["targets"] if len(t["words"]) >= 2]
    texts += [" ".join(rng.sample(listed, 2)) for listed in rng.sample(worded, 60)]
    common = frozenset(index["common"])
    skipped_scoring = []
    checked = 0
    for text in texts:
        pasted = parse(text)
        kept = set(match._candidates(index, pasted, common))
        checked += len(kept)
        for position, target in enumerate(index["targets"]):
            if position not in kept and match.score(target, pasted, common)[0]:
                skipped_scoring.append(f"{target['id']} on {text[:80]!r}")
    assert checked, "the lookup named no target for any text"
    assert not skipped_scoring, "\n".join(skipped_scoring[:20])
