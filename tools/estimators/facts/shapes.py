"""Shape probes: one estimator run on its reference trajectories laid out another way (no batch dimension, time
first, no trailing dimension, an episode that ends, the other agent layout), each compared with the reference run."""

from __future__ import annotations

from tools.estimators.facts import fixtures
from tools.estimators.facts.records import Outcome, ShapeProbe
from tools.estimators.facts.runner import EPISODE_END_STEP, Runner

REFERENCE_RUN = "the reference run"


def _same(result, expected) -> bool:
    """Equal numbers, whatever trailing dimensions of size 1 the layout adds or drops."""
    import torch

    return all(
        a.numel() == b.numel() and torch.allclose(a.reshape(-1), b.reshape(-1))
        for a, b in zip(result, expected, strict=False)
    )


def _shape_probe(name, description, comparison, run, expected) -> ShapeProbe:
    outcome, result = run
    if outcome.ok:
        outcome = Outcome(ok=True, changed=not _same(result, expected))
    return ShapeProbe(name, description, comparison, outcome)


def layout_probes(runner: Runner, reference, parameters, forward_kw, layout_name) -> list[ShapeProbe]:
    probes = _time_first(runner, reference, parameters, forward_kw)
    probes.append(_no_feature_dim(runner, reference))
    probes.append(_episode_end(runner))
    if any(p.name == "lmbda" for p in parameters):
        outcome, _ = runner.run(runner.data(), estimator=runner.build(lmbda=0.0))
        probes.append(ShapeProbe("lmbda_zero", "constructor lmbda=0.0 (the TD(0) end of the blend)", "", outcome))
    probes.append(_other_layout(runner, reference, parameters, layout_name))
    return probes


def _time_first(runner: Runner, reference, parameters, forward_kw) -> list[ShapeProbe]:
    """No batch dimension, then time first: said nothing, said by dimension names, by the constructor, by the call."""
    batch, steps = reference[0].shape[:2]
    time_first = tuple(t.transpose(0, 1) for t in reference)

    def swapped():
        return runner.data().transpose(0, 1).contiguous()

    probes = [
        _shape_probe(
            "single",
            f"one trajectory, batch [{steps}] (no batch dimension)",
            "the first trajectory of the reference run",
            runner.run(runner.data()[0]),
            tuple(t[0] for t in reference),
        ),
        _shape_probe(
            "time_first",
            f"time first, batch [{steps}, {batch}], nothing else said",
            REFERENCE_RUN,
            runner.run(swapped()),
            time_first,
        ),
    ]
    named = swapped()
    named.names = ["time", None]
    probes.append(
        _shape_probe(
            "time_first_named",
            f'time first, batch [{steps}, {batch}], dimension names ("time", None)',
            REFERENCE_RUN,
            runner.run(named),
            time_first,
        )
    )
    description = f"time first, batch [{steps}, {batch}], constructor time_dim=0"
    if any(p.name == "time_dim" for p in parameters):
        run = runner.run(swapped(), estimator=runner.build(time_dim=0))
        probes.append(_shape_probe("time_first_constructor", description, REFERENCE_RUN, run, time_first))
    else:
        probes.append(ShapeProbe("time_first_constructor", description, "", None, "no time_dim constructor parameter"))
    description = f"time first, batch [{steps}, {batch}], call with time_dim=0"
    if "time_dim" in forward_kw:
        probes.append(
            _shape_probe("time_first_call", description, REFERENCE_RUN, runner.run(swapped(), time_dim=0), time_first)
        )
    else:
        probes.append(ShapeProbe("time_first_call", description, "", None, "forward() takes no time_dim"))
    return probes


def _no_feature_dim(runner: Runner, reference) -> ShapeProbe:
    batch, steps = reference[0].shape[:2]
    flat = runner.data()
    for name in ("reward", "done", "terminated"):
        flat.set(("next", name), flat.get(("next", name)).squeeze(-1))
    return _shape_probe(
        "no_feature_dim",
        f"reward, done and terminated of shape [{batch}, {steps}] (no trailing dimension of size 1)",
        REFERENCE_RUN,
        runner.run(flat),
        reference,
    )


def _episode_end(runner: Runner) -> ShapeProbe:
    """An episode that ends mid-trajectory, compared with the same data cut where it ends."""
    ended = runner.data()
    for name in ("done", "terminated"):
        flags = ended.get(("next", name)).clone()
        flags[:, EPISODE_END_STEP] = True
        ended.set(("next", name), flags)
    kept = EPISODE_END_STEP + 1
    outcome, full = runner.run(ended)
    cut_outcome, alone = runner.run(ended[:, :kept].clone())
    if not cut_outcome.ok:
        raise RuntimeError(f"{runner.estimator_class.__name__}: the cut trajectory failed: {cut_outcome.error}")
    return _shape_probe(
        "episode_end",
        f"an episode ends (done and terminated) at step {EPISODE_END_STEP}",
        f"the same data cut after step {EPISODE_END_STEP}, on the steps both have",
        (outcome, None if full is None else tuple(t[:, :kept] for t in full)),
        alone,
    )


def _other_layout(runner: Runner, reference, parameters, layout_name) -> ShapeProbe:
    """The estimator built and run on the other agent layout (single-agent <-> multi-agent)."""
    batch, steps = reference[0].shape[:2]
    other_name = "multi-agent" if layout_name == "single-agent" else "single-agent"
    other = fixtures.multi_agent() if other_name == "multi-agent" else fixtures.single_agent()
    other_runner = Runner(runner.estimator_class, parameters, other)
    outcome, result = other_runner.run(other_runner.data())
    if other_name == "multi-agent":
        description = (
            f"per-agent values [{batch}, {steps}, {fixtures.AGENTS}, 1] with a team reward [{batch}, {steps}, 1]"
        )
    else:
        description = f"single-agent values [{batch}, {steps}, 1]"
    shape = f"advantage shape {list(result[0].shape)}" if outcome.ok else ""
    return ShapeProbe("other_layout", description, shape, outcome)
