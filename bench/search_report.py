"""The search figures of `make bench` (bench/search.py) as Markdown tables, for bench/report.py."""

from __future__ import annotations


def render(search: dict) -> list[str]:
    if not search:
        return []
    lines = ["Search ranking (tests/site/ranking.py): share of queries answered first and in the top 3", ""]
    lines += ["| Queries | Count | Top 1 | Top 3 |", "| --- | ---: | ---: | ---: |"]
    for group, c in search["ranking"].items():
        lines.append(f"| {group} | {c['queries']} | {c['top1'] / c['queries']:.0%} | {c['top3'] / c['queries']:.0%} |")
    lines += ["", f"Cold page load, gzipped (search index: {search['search_index_kb']:.0f} KB of each)", ""]
    lines += ["| Page kind | Pages | Heaviest |", "| --- | ---: | ---: |"]
    for kind, w in search["cold_page_kb"].items():
        lines.append(f"| {kind} | {w['pages']} | {w['max']:.0f} KB |")
    return lines
