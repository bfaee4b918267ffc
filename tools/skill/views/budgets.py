"""How many tokens an agent pays to load each file of the skill, bounded from above.

No tokenizer is used: the maintained ones either download their vocabularies at run time (the
build works offline) or tie the count to one model family.  Byte-level BPE tokenizers of current
models average about four bytes of English per token, and fewer on code, tables and punctuation;
counting one token per three bytes over-estimates them on this skill's text, so a file under its
limit here is under it for those tokenizers too.

The budgets count what an agent reads: ``SKILL.md``, the references and the scripts' source.  A data
file under ``scripts/`` (the explainer's index) is loaded by its script, never read into an agent's
context, so it is left out of the whole skill's count; the Tools page lists its size in bytes.
"""

from __future__ import annotations

import math

from tools.core import urls

BYTES_PER_TOKEN = 3
SKILL_LIMIT = 2_500
REFERENCE_LIMIT = 10_000
WHOLE_LIMIT = 60_000


def read_by_agent(path: str) -> bool:
    """Whether an agent loads the file into its context: everything but the scripts' data files."""
    return not path.startswith("scripts/") or path.endswith(".py")


def tokens(text: str) -> int:
    """An upper bound of the tokens ``text`` costs."""
    return math.ceil(len(text.encode("utf-8")) / BYTES_PER_TOKEN)


def over_budget(files: dict[str, str]) -> list[str]:
    """What breaks a limit, one line each (empty when every limit holds)."""
    problems = []
    for path, text in files.items():
        limit = SKILL_LIMIT if path == urls.SKILL_FILE else REFERENCE_LIMIT if path.startswith("references/") else None
        if limit is not None and tokens(text) >= limit:
            problems.append(f"{path}: {tokens(text)} tokens, limit {limit}")
    whole = sum(tokens(text) for path, text in files.items() if read_by_agent(path))
    if whole >= WHOLE_LIMIT:
        problems.append(f"the whole skill: {whole} tokens, limit {WHOLE_LIMIT}")
    return problems
