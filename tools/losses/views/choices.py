"""The "choose a loss" section: the losses that fit each kind of problem, listed under it."""

from __future__ import annotations

from tools.core import urls
from tools.losses.facts.records import LossRecord

CHOICES = (
    (
        "On-policy, discrete actions",
        lambda r: "on-policy" in r.curated.setting and "discrete" in r.curated.action_space,
    ),
    (
        "On-policy, continuous actions",
        lambda r: "on-policy" in r.curated.setting and "continuous" in r.curated.action_space,
    ),
    (
        "Off-policy (replay buffer), discrete actions",
        lambda r: "off-policy" in r.curated.setting and "discrete" in r.curated.action_space,
    ),
    (
        "Off-policy (replay buffer), continuous actions",
        lambda r: "off-policy" in r.curated.setting and "continuous" in r.curated.action_space,
    ),
    (
        "Offline (a fixed dataset with rewards)",
        lambda r: "offline" in r.curated.setting and "imitation" not in r.curated.setting,
    ),
    ("Imitation (expert demonstrations, no reward)", lambda r: "imitation" in r.curated.setting and not r.is_llm),
    ("Model-based (learn a model, plan or imagine with it)", lambda r: "model-based" in r.curated.setting),
    ("Several agents in one team", lambda r: r.curated.multi_agent),
    ("Language models (key conventions only)", lambda r: r.is_llm),
)


def render_choices(records: list[LossRecord]) -> str:
    out = []
    for title, keep in CHOICES:
        chosen = [r for r in records if keep(r)]
        if not chosen:
            raise ValueError(
                f"no loss fits the choice {title!r}: check data/losses.yaml or tools/losses/views/choices.py CHOICES"
            )
        out.append(f"### {title}\n")
        for r in chosen:
            targets = ""
            if r.measured is not None and r.measured.target_params:
                targets = "; keeps target parameters (add a `SoftUpdate` or `HardUpdate`)"
            estimator = f"; default estimator {r.default_value_estimator}" if r.default_value_estimator else ""
            out.append(
                f"- [{r.name}]({urls.link(urls.CHOOSE_A_LOSS, urls.loss(r.name))}): {r.curated.family}{estimator}{targets}"
            )
        out.append("")
    return "\n".join(out)
