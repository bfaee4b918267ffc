"""House rules for code on pages, so that the runners see every block."""

from __future__ import annotations

from tests.support.docs import all_fences
from tests.support.fences import python_chains, snippet_files
from tools.core.paths import ROOT


def test_python_fences_are_spelled_python():
    # py, python3, {.python} and pycon render as Python too; one spelling keeps
    # the count of rendered blocks comparable with the count of blocks run.
    # Options after the language (hl_lines="2 3", title="...") are fine.
    bad = [
        f"{f.page}:{f.line}: ```{f.info}"
        for fences in all_fences().values()
        for f in fences
        if f.is_python and f.info.split()[0] != "python"
    ]
    assert not bad, "spell Python fences ```python:\n" + "\n".join(bad)


def test_cont_markers_follow_a_python_block():
    for fences in all_fences().values():
        python_chains(fences)  # raises with the page and line of a misplaced marker


def test_snippet_includes_are_whole_files_under_snippets():
    bad = []
    for fences in all_fences().values():
        for fence in fences:
            for include in fence.snippet_includes:
                if ":" in include or not include.startswith("snippets/") or not (ROOT / include).is_file():
                    bad.append(f"{fence.page}:{fence.line}: --8<-- {include!r}")
    assert not bad, "include whole existing files from snippets/ (no line ranges):\n" + "\n".join(bad)


def test_every_snippet_is_shown_on_a_page():
    included = {
        include for fences in all_fences().values() for fence in fences for include in fence.snippet_includes
    }
    orphans = [p.relative_to(ROOT).as_posix() for p in snippet_files() if p.relative_to(ROOT).as_posix() not in included]
    assert not orphans, f"snippet files that no page includes (include them or delete them): {orphans}"


def test_signature_stubs_are_python_headers():
    # Signatures are shown as `pyi` stubs (highlighted as Python, not run as examples):
    # each must still be valid Python, read as the header of a function.
    import ast

    stubs = [f for fences in all_fences().values() for f in fences if f.lang == "pyi"]
    assert stubs, "no signature stub found: the loss pages should show their constructor's signature"
    bad = []
    for fence in stubs:
        try:
            ast.parse(f"def {fence.body.strip()}: ...")
        except SyntaxError as error:
            bad.append(f"{fence.page}:{fence.line}: {error}")
    assert not bad, "signature stubs that are not Python:\n" + "\n".join(bad)
