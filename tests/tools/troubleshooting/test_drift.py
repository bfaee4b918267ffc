"""A captured error text that moved away from the reviewed one fails, naming the entry.

The pages always show what this build captured; ``data/captured/troubleshooting.json``
holds the text each entry's symptom, cause and fix were written against, and each
mechanism's explanation (under ``mechanisms/<slug>``).
"""

from __future__ import annotations

from tools.troubleshooting.facts import ACCEPT_COMMAND, REVIEWED_FILE, reviewable, reviewed


def test_every_captured_text_is_the_reviewed_one(troubleshooting_captures):
    current, before = reviewable(troubleshooting_captures), reviewed()
    drifted = []
    for slug, now in current.items():
        was = before.get(slug)
        if was is None:
            drifted.append(f"{slug}: never reviewed; torchrl now raises {now['error_text']!r}")
        elif was["error_text"] != now["error_text"] or was["error_type"] != now["error_type"]:
            drifted.append(
                f"{slug}: reviewed text {was['error_text']!r}, torchrl {now['captured_on']} raises "
                f"{now['error_text']!r}"
            )
    gone = sorted(set(before) - set(current))
    assert not drifted and not gone, (
        "troubleshooting entries whose error text changed (re-read the entry in data/troubleshooting.yaml, or "
        f"the mechanism in data/troubleshooting/mechanisms.yaml, then run `{ACCEPT_COMMAND}`):\n"
        + "\n".join(drifted)
        + (f"\nreviewed entries that no longer exist: {gone} (run `{ACCEPT_COMMAND}`)" if gone else "")
    )


def test_the_reviewed_file_is_where_the_accept_command_writes():
    assert REVIEWED_FILE.name == "troubleshooting.json" and REVIEWED_FILE.parent.name == "captured"
