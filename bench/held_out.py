"""The troubleshooting work measured on reports nobody here wrote from: ``python -m bench.held_out``.

Two samples of real reports, each a file of reports and a file of judgements:

- ``data/troubleshooting/held-out.yaml``: drawn at random (the seed is recorded there) from the reports
  triaged for this site and set aside before the error catalogue, the matcher, the fix history's threads
  and the mechanisms were written; ``bench/held-out-judgements.yaml``.
- ``data/troubleshooting/independent.yaml``: collected later, by a reader who wrote nothing of the site,
  from reports no file of this project had cited; ``bench/independent-judgements.yaml``.

Nothing was written from either.  A judgement says which places of the site answer a report (target ids
of the matcher's index: an entry's slug, a catalogue site's ``module:function:n``, a fix's short hash, a
mechanism's slug; or a page path) and how well: answered (the cause and what to do), partial (the right
place, without the fix for this case) or absent.

This runs the matcher on what each reporter pasted (their traceback when they gave one, else their error
line), as the box, the search box and ``explain_error`` do, and writes each sample's table and counts to
``bench/<sample>-report.md``: how many are answered, and for how many an answering place is in the top
3.  The judgements are the reader's; the ranks are measured.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import yaml

from tools.core.markdown import code, table, text
from tools.core.paths import DATA, ROOT
from tools.error_catalog.facts import installed_index
from tools.error_catalog.facts.match import explain

TOP = 3
VERDICTS = ("answered", "partial", "absent")
# The measurement made before anything changed in the light of the held-out reports; later runs are not blind.
HELD_OUT_FIRST = (
    "The first measurement, made before anything was changed in their light (commit d961a63): 2 answered, "
    "5 partial, 28 absent; an answering place in the top 3 for 3 (of the 14 in scope: 2 answered, 3 in the "
    "top 3); the first answer, from the message, answered nothing for 24. What followed was not blind: the matcher then dropped the words "
    "of Python's and torch's own messages and the index's commonest words from its word matching."
)


@dataclass(frozen=True)
class Sample:
    name: str  # "held-out": bench/<name>-judgements.yaml, bench/<name>-report.md
    reports: Path
    title: str
    described: str  # what the reports are, for the report's first paragraph
    first: str  # its first measurement, and what has changed in its light since

    @property
    def judgements(self) -> Path:
        return ROOT / "bench" / f"{self.name}-judgements.yaml"

    @property
    def report(self) -> Path:
        return ROOT / "bench" / f"{self.name}-report.md"


SAMPLES = (
    Sample(
        "held-out",
        DATA / "troubleshooting" / "held-out.yaml",
        "held-out reports",
        "the reports, drawn at random and set aside before anything was written",
        HELD_OUT_FIRST,
    ),
    Sample(
        "independent",
        DATA / "troubleshooting" / "independent.yaml",
        "independent reports",
        "reports no file of this project had cited, collected and judged by a reader who wrote nothing of the site",
        "The judge's own measurement, on the build of commit 730be42 before the fixes' changed messages were "
        "matched: 2 answered, 2 partial, 11 absent; an answering place in the top 3 for 2. Two rules followed "
        "from what the judges noted, so what follows is not blind: commits tagged [Bug] or [Fix] count as fixes "
        "(one report's own pull request was tagged so), and a message of an earlier release that reads like one "
        "the same module or function still raises says it is still raised (an earlier message had claimed a "
        "check gone that 0.14.1 still makes). A second reader re-judged both samples on the build of 17d3baa.",
    ),
)


def _pasted(row: dict) -> str:
    return row.get("traceback") or row.get("error") or ""


def _rank(results, answers: list[str]) -> int | None:
    """1-based place of the first result that is one of the answers (a target id, or a page it is on)."""
    for place, result in enumerate(results, start=1):
        page = result.url.split("#")[0]
        if result.id in answers or any(
            a.endswith(("/", ".md")) and page == a.removesuffix(".md") + "/" for a in answers
        ):
            return place
    return None


def measure(sample: Sample, index: dict) -> tuple[list[list[str]], dict[str, int]]:
    rows = yaml.safe_load(sample.reports.read_text(encoding="utf-8"))["rows"]
    judged = {j["url"]: j for j in yaml.safe_load(sample.judgements.read_text(encoding="utf-8"))["judgements"]}
    missing = [row["url"] for row in rows if row["url"] not in judged]
    if missing:
        raise SystemExit(f"{sample.judgements.name} has no judgement for {len(missing)} rows, e.g. {missing[0]}")
    keys = [*VERDICTS, "top3", "in_scope", "in_scope_answered", "in_scope_top3", "misleading"]
    table_rows, counts = [], dict.fromkeys(keys, 0)
    for row in rows:
        judgement = judged[row["url"]]
        if judgement["verdict"] not in VERDICTS:
            raise SystemExit(f"{row['url']}: verdict {judgement['verdict']!r}; one of {', '.join(VERDICTS)}")
        results = explain(index, _pasted(row), limit=10)
        rank = _rank(results, judgement.get("answers", [])) if judgement["verdict"] != "absent" else None
        counts[judgement["verdict"]] += 1
        found = rank is not None and rank <= TOP
        counts["top3"] += found
        # A first answer that answers nothing, from a message match (frames alone only point at the code).
        counts["misleading"] += bool(results) and rank != 1 and results[0].why != "frames"
        if judgement.get("in_scope"):
            counts["in_scope"] += 1
            counts["in_scope_answered"] += judgement["verdict"] == "answered"
            counts["in_scope_top3"] += found
        shown = ", ".join(code(r.id) for r in results[:TOP]) or "nothing"
        table_rows.append(
            [
                f"[{row['url'].rsplit('/', 2)[-1]}]({row['url']})",
                text(row["area"]) + ("" if judgement.get("in_scope") else " (outside)"),
                judgement["verdict"],
                str(rank) if rank else "–",
                shown,
                text(judgement.get("note", "")),
            ]
        )
    return table_rows, counts


def write_report(sample: Sample, index: dict) -> str:
    table_rows, counts = measure(sample, index)
    total = sum(counts[v] for v in VERDICTS)
    summary = (
        f"On {total} {sample.title}: **{counts['answered']} answered, {counts['partial']} partial, "
        f"{counts['absent']} absent; an answering place in the top {TOP} for {counts['top3']}**. Of the "
        f"{counts['in_scope']} whose failure is in what the site covers: {counts['in_scope_answered']} answered, "
        f"{counts['in_scope_top3']} with an answering place in the top {TOP}. For {counts['misleading']}, the matcher's "
        "first answer, from the message, is no answer."
    )
    body = "\n".join(
        [
            f"# The troubleshooting work on {sample.title}",
            "",
            f"Written by `python -m bench.held_out` from `{sample.reports.relative_to(ROOT).as_posix()}` "
            f"({sample.described}) and `{sample.judgements.relative_to(ROOT).as_posix()}` (which places answer "
            "each, and how well). The ranks are the matcher's, on what each reporter pasted.",
            "",
            sample.first,
            "",
            summary,
            "",
            table(["Report", "Area", "Verdict", "Rank", f"Matcher's top {TOP}", "Note"], table_rows),
            "",
        ]
    )
    sample.report.write_text(body, encoding="utf-8")
    return summary


def main() -> int:
    index = installed_index()
    for sample in SAMPLES:
        print(f"{sample.name}: {write_report(sample, index)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
