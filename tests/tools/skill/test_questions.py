"""Questions an agent asks, answered by searching the generated skill's files alone.

Each question in questions.yaml names its subject; the expected answer is read here from the records
the pages use (not from the skill's own facts), so a regenerated skill that loses a fact fails.  The
answer's location (file:line) is recorded on the test (``record_property``) and named when missing.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tools.config_groups.facts import survey
from tools.core.keys import key_text
from tools.losses.facts import record_of
from tools.skill.views.budgets import read_by_agent
from tools.skill.views.concern import skill_files
from tools.sota.facts import summaries
from tools.troubleshooting.facts import curated_entries
from tools.upgrading.facts import upgrades

QUESTIONS = yaml.safe_load((Path(__file__).parent / "questions.yaml").read_text(encoding="utf-8"))["questions"]


def _words(text: str) -> str:
    return " ".join(text.split())


def expected(kind: str, subject: str, step: str = "") -> tuple[str, list[str]]:
    """(what marks the subject on a line, the answer strings that line must hold)."""
    if kind == "keys":
        keys = record_of(subject).accepted_keys
        assert keys, f"{subject} reads no key: the question asks nothing"
        return f"`{subject}`", [f"{k.name}={'(run time)' if k.default is None else key_text(k.default)}" for k in keys]
    if kind == "estimator":
        estimator = record_of(subject).default_value_estimator
        return f"`{subject}`", [f"| `{estimator}` |" if estimator else "| none |"]
    if kind == "builds":
        built = survey().builds(subject)
        assert built, f"the survey does not know what {subject} builds"
        return f"`{subject}`", [f"`{built}`"]
    if kind == "error":
        entry = next(e for e in curated_entries().entries if e.slug == subject)
        return f"(#{subject})", [_words(entry.symptom), _words(entry.cause)[:40]]
    if kind == "change":
        change = next(
            c
            for s in upgrades().steps
            if s.slug == step
            for c in s.changes
            if f"{c.object} {c.field}".strip() == subject
        )
        return f"`{subject}`", [f"| {change.impact} | {change.kind} |"]
    if kind == "sota":
        summary = next(s for s in summaries() if s.directory.name == subject)
        assert summary.losses, f"the SOTA directory {subject} builds no loss"
        return f"| `{subject}` |", list(summary.losses)
    raise ValueError(f"questions.yaml: unknown kind {kind!r}")


def answer_location(files: dict[str, str], marker: str, answers: list[str]) -> str | None:
    """``path:line`` of the first line an agent reads holding the subject's marker and every answer."""
    for path, text in files.items():
        if not read_by_agent(path):
            continue
        for number, line in enumerate(text.splitlines(), 1):
            line = _words(line)
            if marker in line and all(answer in line for answer in answers):
                return f"{path}:{number}"
    return None


def test_the_set_is_large_and_covers_every_kind():
    assert len(QUESTIONS) >= 60
    assert {q["kind"] for q in QUESTIONS} == {"keys", "estimator", "builds", "error", "change", "sota"}


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda q: f"{q['kind']}-{q['subject']}")
def test_the_skill_answers(question, record_property):
    marker, answers = expected(question["kind"], question["subject"], question.get("step", ""))
    location = answer_location(skill_files(), marker, answers)
    assert location, f"no line of the skill holds {marker} with {answers}"
    record_property("answered_at", location)


def test_a_lost_fact_is_found_missing():
    files = dict(skill_files())
    marker, answers = expected("estimator", "SACLoss")
    files["references/loss-api-reference.md"] = files["references/loss-api-reference.md"].replace(answers[0], "| ? |")
    assert answer_location(files, marker, answers) is None
