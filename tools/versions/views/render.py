"""Versions -> Markdown."""

from __future__ import annotations

from tools.core.distributions import DISTRIBUTIONS, SHOWN
from tools.core.markdown import table
from tools.versions.facts.records import Versions


def render_inline(versions: Versions) -> str:
    by_name = versions.by_name()
    return " · ".join(f"{DISTRIBUTIONS[d]} {by_name[d]}" for d in SHOWN)


def render_banner(versions: Versions, about_link: str) -> str:
    """The one-line note every generated page carries under its title, linking to the versions table.

    One quiet line rather than a box: the same box atop every generated page pushed every page's
    content down and read as a warning.
    """
    return f"Generated against {render_inline(versions)} · [how]({about_link})\n{{: .versions-note }}\n"


def render_table(versions: Versions) -> str:
    rows = [(f"`{DISTRIBUTIONS[p.distribution]}`", p.version) for p in versions.packages]
    rows.append(("Python", versions.python))
    return table(("Package", "Version"), rows) + "\n"


def render_extension(status: dict, mismatch: dict, declared: str) -> str:
    """Whether torchrl's compiled extension loads here, and what another torch did."""
    if status["loads"]:
        here = (
            f"**Loads** with the installed torch {status['torch']}: this build imported "
            "`torchrl._torchrl` and a `PrioritizedReplayBuffer` extended and sampled (measured)."
        )
    else:
        failure = status["import_error"] or status["buffer_error"]
        here = f"**Does not load** with the installed torch {status['torch']} (measured): `{failure}`"
    elsewhere = (
        f"With torch {mismatch['torch']} and torchrl {mismatch['torchrl']} "
        f"(captured on {mismatch['captured_on']} by `{mismatch['refresh']}`), "
        + (
            "it loaded too."
            if mismatch["loads"]
            else f"building a prioritized buffer raised `{mismatch['buffer_error']}`."
        )
    )
    return (
        f"torchrl's compiled extension `torchrl._torchrl` (the segment trees behind prioritized replay) "
        f"is linked against the torch it was built for, although torchrl's metadata only asks for "
        f"`{declared}`. {here} {elsewhere}\n"
    )
