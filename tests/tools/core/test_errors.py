"""The shared error path of the command-line tools."""

from __future__ import annotations

from tools.core.errors import USAGE_ERROR, UsageError, run, unknown_name


def test_unknown_name_suggests_close_matches():
    message = str(unknown_name("loss", "ClipPPO", ["ClipPPOLoss", "PPOLoss", "SACLoss"]))
    assert message.startswith("unknown loss 'ClipPPO'; did you mean ClipPPOLoss")


def test_unknown_name_matches_ignoring_case():
    assert "SACLoss" in str(unknown_name("loss", "sacloss", ["SACLoss", "DQNLoss"]))


def test_unknown_name_without_close_match_lists_the_known_names():
    message = str(unknown_name("loss", "zzz", ["SACLoss", "DQNLoss"]))
    assert message == "unknown loss 'zzz'; choose one of: DQNLoss, SACLoss"


def test_run_turns_usage_errors_into_exit_code_2(capsys):
    def main(argv):
        raise UsageError("no such thing; try another")

    assert run(main, []) == USAGE_ERROR
    err = capsys.readouterr().err
    assert "error: no such thing; try another" in err and "Traceback" not in err


def test_a_reader_closing_the_pipe_early_is_not_an_error():
    import subprocess
    import sys

    script = (
        "from tools.core.errors import run\n"
        "def main(argv):\n"
        "    for _ in range(100000):\n"
        "        print('line of output')\n"
        "raise SystemExit(run(main))\n"
    )
    writer = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    writer.stdout.readline()
    writer.stdout.close()  # like `| head -1`
    stderr = writer.stderr.read().decode()
    assert writer.wait() == 0
    assert "Traceback" not in stderr and "BrokenPipe" not in stderr


def test_a_printed_set_reads_the_same_whatever_the_hash_seed():
    from tools.core.errors import error_text

    one = KeyError("inputs are None: {('agents', 'observation'), ('agents', 'action_chunk')}.")
    other = KeyError("inputs are None: {('agents', 'action_chunk'), ('agents', 'observation')}.")
    assert error_text(one) == error_text(other)
    assert "{('agents', 'action_chunk'), ('agents', 'observation')}" in error_text(one)
    # Not a set: a dict and a format placeholder stay as they are.
    assert error_text(ValueError("got {'a': 1} and {name}")) == "ValueError: got {'a': 1} and {name}"
