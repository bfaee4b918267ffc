"""JSON Schema of the ``fixes`` inventory section (see tools/core/schema.py)."""

from tools.core.schema import BOOL, INT, STR, array, nullable, record

SCHEMA = array(
    record(
        "One bug-fix commit of pytorch/rl that changed the code this site covers, read from git history.",
        sha=(STR, "the full commit hash"),
        date=(STR, "the commit date, YYYY-MM-DD"),
        subject=(STR, "the commit's subject, as pytorch/rl wrote it"),
        pr=(nullable(INT), "the pull request number (null when the message names none)"),
        pr_url=(STR, "the pull request's URL (empty when none)"),
        issues=(array(STR), "URLs of the issues the commit message says it fixes or quotes"),
        reported=(
            array(STR),
            "URLs of the issues a hand-written fixed-upstream row says this pull request fixed",
        ),
        thread_issues=(
            array(
                record(
                    url=(STR, "the issue's URL"),
                    title=(STR, "its title, from its thread (empty when not found or held out)"),
                    held_out=(BOOL, "set aside for measuring this site: nothing of its thread is kept"),
                )
            ),
            "issues the pull request's thread says it fixes (data/fix-history-threads.yaml)",
        ),
        first_release=(nullable(STR), "the lowest release tag containing the commit (null: in none yet)"),
        fixed_in=(STR, 'the release shown on the pages ("v0.7.0", or "after v0.13.3, present in 0.14.1")'),
        error_texts=(
            array(STR),
            "exception or warning lines the commit message, its pull request's thread or the issues it fixes quote",
        ),
        raised_before=(
            array(
                record(
                    file=(STR, "the file of the old code"),
                    function=(STR, "the qualname around the statement (<module> at module level)"),
                    exception=(STR, "the class the statement raises or warns, as written"),
                    message=(STR, "the old message, each field the running code filled in shown as {source}"),
                    change=(
                        STR,
                        "message: the fix rewrote or removed the statement; condition: it changed the if or "
                        "while test that leads to it",
                    ),
                )
            ),
            "raises and warns of the code before the fix that the fix changed: what an earlier release printed "
            "(explain_error finds the fix from them)",
        ),
        files=(array(STR), "the files it changed under the covered folders"),
        objects=(
            array(
                record(
                    file=(STR, "the file the fix changed it in"),
                    qualname=(STR, "the top-level function or class, or Class.method"),
                    status=(
                        STR,
                        "in the installed torchrl: present, moved (another module defines it), gone, or script "
                        "(a file of sota-implementations/, not part of torchrl)",
                    ),
                    now=(STR, "its dotted path in the installed torchrl (empty when gone or a script)"),
                )
            ),
            "the functions, classes and methods around the lines it changed",
        ),
        classes=(
            array(STR),
            "documented classes whose pages list it (their code, or code they inherit in their module)",
        ),
        reverted_by=(STR, "the commit that reverted it (empty when none did)"),
        area=(STR, "the area it is listed under (losses, value-estimators, trainers, modules, sota)"),
        page=(STR, "its entry in the index: docs-relative page and anchor"),
    )
)
