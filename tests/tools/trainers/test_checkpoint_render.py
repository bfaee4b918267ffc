"""The reference's checkpoint claims get their verdict from the recorded calls, never by default."""

from __future__ import annotations

from tools.trainers.facts.checkpoints import CheckpointFacts, CheckpointRun
from tools.trainers.views.render import render_reference_claims


def _run(how, fresh, calls):
    return CheckpointRun(how, fresh, True, [], [], calls, True, True)


def _facts(torch_default_call):
    return CheckpointFacts(
        trainer="T",
        backends=["torch", "torchsnapshot", "memmap"],
        default_backend="torch",
        runs=[_run("CKPT_BACKEND=torch", "", [torch_default_call])],
    )


def _verdict(table: str, claim_start: str) -> str:
    row = next(line for line in table.splitlines() if line.startswith(f"| {claim_start}"))
    return row.rsplit("|", 2)[-2].strip()


def test_a_changed_default_is_reported_as_not_holding():
    table = render_reference_claims(_facts("torch.load(mmap=True, weights_only=False)"))
    assert _verdict(table, "`CKPT_BACKEND=torch` checkpoints load with `weights_only=True`") == "**does not hold**"
    assert _verdict(table, "they load with `mmap=True`") == "holds"


def test_a_run_without_calls_is_not_measured():
    table = render_reference_claims(_facts("torch.load(mmap=True, weights_only=True)"))
    assert _verdict(table, "unified checkpoint tensors are mapped to the CPU") == "not measured"
    assert _verdict(table, "they are ignored with `CKPT_BACKEND=memmap`") == "not measured"
