"""Contract facts and loss records -> Markdown for the loss contract and upstream-text pages."""

from __future__ import annotations

from collections import Counter

from tools.contracts.facts.contradictions import Contradiction
from tools.contracts.facts.records import Check, ContractFacts
from tools.core import urls
from tools.core.keys import key_text
from tools.core.markdown import code, table, text
from tools.losses.facts.probes.nested import GROUP, N_AGENTS, ROOT_KEYS


def _link(name: str) -> str:
    """A loss's page, from the contract and upstream-text pages."""
    return f"[`{name}`]({urls.link(urls.LOSS_CONTRACT, urls.loss(name))})"


def _checks(checks: list[Check]) -> str:
    rows = [(c.claim, "yes" if c.holds else "**no**", text(c.evidence)) for c in checks]
    return table(("Rule", "Holds", "What was run, and what it gave"), rows) + "\n"


def render_subclasses(facts: ContractFacts, records) -> str:
    losses = [e for e in facts.exported if e.loss]
    others = [e for e in facts.exported if not e.loss]
    named_like_losses = [e for e in others if e.name.endswith("Loss")]
    listed = {r.name for r in records}
    lines = [
        f"**Checked at build time:** the public namespaces export {len(losses)} loss classes, and every one of them "
        f"subclasses `LossModule` ({'the same set as the loss table' if {e.name for e in losses} == listed else 'NOT the set of the loss table'}). "
        + (
            "No exported class named `*Loss` fails to subclass it."
            if not named_like_losses
            else "Exported classes named like losses that do not subclass it: "
            + ", ".join(f"`{e.name}`" for e in named_like_losses)
            + "."
        ),
        "",
        f"Every one of them defines its own `forward` (introspected: {len(facts.overrides.get('forward', []))} of {len(losses)}).",
        "",
        "The other classes these namespaces export are helpers, not losses:",
        "",
        table(
            ("Exported name", "From", "Kind (its first base class)"),
            [(f"`{e.name}`", f"`{e.namespace}`", f"`{e.what}`") for e in others],
        ),
    ]
    return "\n".join(lines) + "\n"


def _named_loss_(key) -> bool:
    """Is an output key named ``loss_*`` (its last part, for a nested key)?"""
    last = key if isinstance(key, str) else key[-1]
    return str(last).startswith("loss_")


def render_forward(facts: ContractFacts, records) -> str:
    measured = [r for r in records if r.measured is not None]
    tuples = [r.name for r in measured if r.measured.returns_tuple]
    # The terms that carry a gradient (measured), by loss, where one of them is not named `loss_*`.
    unnamed = {
        r.name: [o.key for o in r.measured.loss_outputs if not _named_loss_(o.key)]
        for r in measured
        if any(not _named_loss_(o.key) for o in r.measured.loss_outputs)
    }
    shown = ", ".join(f"{_link(n)} ({', '.join(f'`{key_text(k)}`' for k in keys)})" for n, keys in unnamed.items())
    lines = [
        f"```text\nLossModule.{facts.forward_signature}\n```",
        "",
        f"Measured on the {len(measured)} losses built here: the forward pass takes one TensorDict and returns a TensorDict "
        f"of results for {len(measured) - len(tuples)} of them; "
        + (
            f"{', '.join(_link(n) for n in tuples)} return a tuple (the losses first, then the data they were computed on). "
            if tuples
            else ""
        )
        + "Sum the scalar entries that carry a gradient (each loss page lists them, measured). "
        + (
            f"{len(measured) - len(unnamed)} of the {len(measured)} losses name every such entry `loss_*`; "
            f"{len(unnamed)} do not: {shown}. Summing only the `loss_*` entries of those gives the integer 0 "
            f"(see [the troubleshooting entry]({urls.link(urls.LOSS_CONTRACT, urls.troubleshooting_area('losses'), 'no-loss-underscore-terms')})); sum the "
            "entries the loss page lists instead."
            if unnamed
            else "Every loss built here names them `loss_*`."
        ),
    ]
    return "\n".join(lines) + "\n"


def render_set_keys(facts: ContractFacts, records) -> str:
    with_keys = [r for r in records if r.accepted_keys]
    own = facts.overrides.get("set_keys", [])
    lines = [
        f"Each loss class declares the keys it reads and writes in a nested dataclass, `_AcceptedKeys` "
        f"({len(with_keys)} of {len(records)} losses declare at least one; each loss page lists them with their defaults, "
        "introspected). An instance holds its own copy as `loss.tensor_keys`, and `loss.set_keys(name=key)` renames one.",
        "",
        f"Measured on `{facts.probe_loss}`, built again from its example's networks for every row:",
        "",
        _checks(facts.set_keys_checks),
        "The error for an unknown name, as torchrl prints it (its first line, up to the dump of every accepted field, shown here as `{…}`):",
        "",
        "```text",
        facts.unknown_name_error,
        "```",
        "",
        (
            "These classes define their own `set_keys` (introspected), so check the rules above on their pages: "
            + ", ".join(_link(n) for n in own)
            + "."
        )
        if own
        else "No loss overrides `set_keys` (introspected).",
    ]
    return "\n".join(lines) + "\n"


def render_forwarding(rows: dict) -> str:
    """Do renamed reward/done/terminated keys reach the default estimator?  From the estimator matrix (measured)."""
    reached, missed = [], []
    for name, row in sorted(rows.items()):
        fwd = row.forwarding
        if fwd is None or not fwd.outcome.ok:
            continue
        (missed if fwd.not_forwarded else reached).append((name, fwd))
    lines = [
        f"Renamed before the first forward pass (the default estimator is made then): measured per loss by the "
        f"[estimator matrix]({urls.link(urls.LOSS_CONTRACT, urls.ESTIMATOR_MATRIX)}). Renamed `reward`, `done` and `terminated` reached the "
        f"default estimator for {len(reached)} losses"
        + (
            f"; not for {', '.join(f'{_link(n)} (' + ', '.join(f'`{k}`' for k in f.not_forwarded) + ')' for n, f in missed)}."
            if missed
            else "."
        ),
    ]
    return "\n".join(lines) + "\n"


def render_mask(facts: ContractFacts, records) -> str:
    honoured = [r.name for r in records if r.measured and r.measured.mask_honoured]
    ignored = [r.name for r in records if r.measured and r.measured.mask_honoured is False]
    failed = [r for r in records if r.measured and r.measured.mask_error]
    auto = ", ".join(code(repr(tuple(k)) if len(k) > 1 else repr(k[0])) for k in facts.mask_auto_keys)
    lines = [
        f"- **Default** (introspected, `LossModule.loss_mask_key`): `{facts.mask_default}`.",
        f'- **What `"auto"` looks for** (introspected, `torchrl.objectives.common.AUTO_LOSS_MASK_KEYS`): {auto}, '
        "in that order; every one present is combined with a logical and.",
        "- **Modes** (measured on `" + facts.probe_loss + "`):",
        "",
        *["    " + line for line in _checks(facts.mask_checks).splitlines()],
        "",
        f"- **Which losses honour it** (measured: the same batch with an all-true mask and with half of it false; "
        f"the loss terms changed): {len(honoured)} of {len(honoured) + len(ignored) + len(failed)}: "
        + ", ".join(_link(n) for n in honoured)
        + ".",
        "- **Ignored** (every loss term unchanged): " + (", ".join(_link(n) for n in ignored) or "none") + ".",
    ]
    if failed:
        lines.append(
            "- **Failed with a mask**: "
            + "; ".join(f"{_link(r.name)}: {code(r.measured.mask_error)}" for r in failed)
            + "."
        )
    return "\n".join(lines) + "\n"


def render_reduction(records) -> str:
    rows = []
    counts = Counter()
    for r in records:
        p = next((p for p in r.constructor_params if p.name == "reduction"), None)
        if p is None:
            continue
        held = (
            r.measured.probes.instance_facts.get("reduction", "–")
            if r.measured and r.measured.probes
            else "not measured †"
        )
        counts[held] += 1
        shown = code(held) if held not in ("–", "not measured †") else held
        rows.append((_link(r.name), code(p.default) or "**required**", shown))
    takes = sum(counts.values())
    summary = (
        f'{takes} losses take `reduction` (introspected). A default of `None` means "the class\'s own choice": '
        'the table shows what it became on a loss built with default arguments. `"none"` keeps per-sample terms '
        "(then they are not scalars: sum or average them yourself)."
    )
    header = ("Loss", "`reduction` default (signature)", "What a default-built loss holds (measured)")
    return summary + "\n\n" + table(header, rows) + "\n"


def render_functional(records) -> str:
    takes = [r.name for r in records if any(p.name == "functional" for p in r.constructor_params)]
    not_functional = [
        r.name
        for r in records
        if r.measured and r.measured.probes and r.measured.probes.instance_facts.get("functional") == "False"
    ]
    measured = [
        r for r in records if r.measured and r.measured.probes and "functional" in r.measured.probes.instance_facts
    ]
    lines = [
        f"`loss.functional` says whether the loss keeps its networks' parameters as its own (functional, the "
        f"default: what target parameters and `torch.vmap` over Q-networks need) or calls the networks as given. "
        f"Measured on the {len(measured)} losses built here with default arguments: "
        + (
            f"{len(measured) - len(not_functional)} are functional; not: {', '.join(_link(n) for n in not_functional)}."
            if not_functional
            else f"all {len(measured)} are functional."
        ),
        "",
        "Losses whose constructor takes `functional=` (introspected; the argument tables on their pages say what "
        "passing `functional=False` did): " + ", ".join(_link(n) for n in takes) + ".",
    ]
    return "\n".join(lines) + "\n"


def render_vmap(facts: ContractFacts, records) -> str:
    takes = [r.name for r in records if r.has_deactivate_vmap]
    randomness = Counter()
    for r in records:
        if r.measured and r.measured.probes and "vmap_randomness" in r.measured.probes.instance_facts:
            randomness[r.measured.probes.instance_facts["vmap_randomness"]] += 1
    lines = [
        "Losses that keep several Q-networks evaluate them in one call with `torch.vmap`. "
        f"Constructors that take `deactivate_vmap` (introspected): {', '.join(_link(n) for n in takes)}.",
        "",
        _checks(facts.vmap_checks),
        "`loss.vmap_randomness` tells `torch.vmap` what to do with random operations inside the vmapped networks "
        '(`"error"`, `"same"` or `"different"`; set it with `loss.set_vmap_randomness(...)`). Measured on the '
        "losses built here with default arguments: "
        + ", ".join(f"{code(repr_)} for {n}" for repr_, n in sorted(randomness.items()))
        + ". A network with dropout, or "
        'any random module, inside a vmapped Q-network needs `"different"`; with `"error"` the forward pass raises.',
    ]
    return "\n".join(lines) + "\n"


def render_estimator(facts: ContractFacts, records) -> str:
    rows = []
    silent = 0
    total = 0
    for r in records:
        probes = r.measured.probes if r.measured else None
        if probes is None or probes.default_estimator is None:
            continue
        d = probes.default_estimator
        total += 1
        silent += not d.warnings and not d.existed_before_forward and bool(d.made_by_forward)
        hyper = ", ".join(f"`{k}={v}`" for k, v in d.hyperparameters.items() if k in ("gamma", "lmbda"))
        made = f"`{d.made_by_forward}`" if d.made_by_forward else "none"
        rows.append((_link(r.name), r.default_value_estimator, made, hyper, text("; ".join(d.warnings)) or "no"))
    own = facts.overrides.get("make_value_estimator", [])
    lines = [
        f"A loss that names a default estimator but was given none makes one itself, on its first forward pass, with "
        f"`torchrl.objectives.utils.default_value_kwargs`. Measured on the {total} such losses built here: it was not "
        f"there before the forward pass and was there after it for {silent} of them, without a warning. "
        "So `gamma` is 0.99 unless you call `make_value_estimator(...)` yourself, with the hyperparameters you want, "
        "before training.",
        "",
        table(
            (
                "Loss",
                "Default (introspected)",
                "Made by the first forward pass (measured)",
                "Its hyperparameters",
                "Warned",
            ),
            rows,
        ),
        "",
        f"Classes with their own `make_value_estimator` (introspected): {len(own)} of {len(records)}; it maps each "
        "`ValueEstimators` member to an estimator class and forwards the loss's keys to it. What each member does "
        f"with each loss is measured by the [estimator matrix]({urls.link(urls.LOSS_CONTRACT, urls.ESTIMATOR_MATRIX)}).",
    ]
    return "\n".join(lines) + "\n"


def render_nested(records) -> str:
    measured = [r for r in records if r.measured and r.measured.probes and r.measured.probes.nested]
    ok = [r for r in measured if r.measured.probes.nested.ok]
    rows = [
        (
            _link(r.name),
            "yes" if r.curated.multi_agent else "no",
            "**yes**" if r.measured.probes.nested.ok else "no",
            code(r.measured.probes.nested.error) if not r.measured.probes.nested.ok else "",
        )
        for r in measured
    ]
    lines = [
        f"How it was tried, for every loss built here: each entry of the example's batch moved under "
        f'`("{GROUP}", ...)` and each next-step entry (reward, done and terminated included) under '
        f'`("next", "{GROUP}", ...)`, with an agent dimension of {N_AGENTS} after the batch dimensions; the example\'s '
        f"networks re-keyed the same way; the loss built again from them; every key it accepts set to its nested "
        f"counterpart with `set_keys` ({', '.join(f'`{k}`' for k in sorted(ROOT_KEYS))} left at the root, where a replay "
        "buffer writes it); then one forward pass. This is the layout of a multi-agent environment's group.",
        "",
        f"{len(ok)} of {len(measured)} run. A **no** means this wiring failed, with the error shown; a loss may still be "
        "usable with another layout (the model-based losses read some keys their `_AcceptedKeys` do not name).",
        "",
        table(("Loss", "Built for teams (curated)", "Runs nested (measured)", "What happened"), rows),
    ]
    return "\n".join(lines) + "\n"


def render_arguments(records) -> str:
    refused: dict[str, list[str]] = {}
    mapping: dict[str, set[str]] = {}
    texts: dict[str, str] = {}
    for r in records:
        probes = r.measured.probes if r.measured else None
        if probes is None:
            continue
        for a in probes.arguments:
            if a.outcome in ("refused", "deprecated"):
                refused.setdefault(a.name, []).append(r.name)
                texts.setdefault(a.name, a.text)
                if a.set_keys_name:
                    mapping.setdefault(a.name, set()).add(a.set_keys_name)
    rows = []
    for name, losses in sorted(refused.items(), key=lambda kv: -len(kv[1])):
        instead = ", ".join(f"`set_keys({m}=...)`" for m in sorted(mapping.get(name, ()))) or (
            "`loss.make_value_estimator(..., gamma=...)`" if name in ("gamma", "lmbda") else ""
        )
        rows.append((f"`{name}`", ", ".join(_link(n) for n in losses), instead, code(texts[name])))
    lines = [
        "Each loss was built again from its example's networks with one argument at a time changed to a non-default "
        "value; the argument table of every loss page shows the outcome for each of its arguments. Arguments that the "
        "signature lists but that raise:",
        "",
        table(("Argument", "Losses that refuse it (measured)", "Use instead", "What it raised (first loss)"), rows),
    ]
    return "\n".join(lines) + "\n"


FAMILIES = ("loss", "estimator", "updater", "trainer", "hook", "config")


def render_contradictions(found: list[Contradiction]) -> str:
    if not found:
        return "No upstream text shown on this site contradicts what the build introspected or measured.\n"
    kinds = Counter(c.kind for c in found)
    families = Counter(c.family for c in found)
    owners = sorted({c.owner for c in found})
    lines = [
        f"{len(found)} contradictions about {len(owners)} classes: "
        + ", ".join(f"{n} about a {k}" for k, n in sorted(kinds.items()))
        + "; by what the class is: "
        + ", ".join(f"{families[f]} {f}" for f in FAMILIES if families[f])
        + ". Each is flagged in place on its page.",
        "",
        # Out of the search index every page load fetches: each flag is indexed where it stands, on its page.
        "<div data-search-exclude markdown>",
        "",
        table(
            ("Class", "What it is", "Kind", "Name", "Upstream says", "On the installed torchrl", "Known by"),
            [
                (
                    f"[{c.owner}]({urls.link(urls.UPSTREAM_TEXT, c.page, c.anchor)})",
                    c.family,
                    c.kind,
                    f"`{c.subject}`",
                    text(c.upstream),
                    text(c.fact),
                    c.how,
                )
                for c in sorted(found, key=lambda c: (FAMILIES.index(c.family), c.owner, c.kind, c.subject))
            ],
        ),
        "",
        "</div>",
    ]
    return "\n".join(lines) + "\n"


def render_api_flags(found: list[Contradiction], here: str, named: bool = False) -> str:
    """The admonition above a page's upstream text: every flag for that page (``named``: each says its class,
    for a page showing several)."""
    if not found:
        return ""
    body = "\n".join(f"    - {f'`{c.owner}`: ' if named else ''}{text(c.sentence())}" for c in found)
    return (
        '!!! warning "Upstream text that the installed torchrl contradicts"\n\n'
        "    Checked by the build against introspection and measurement "
        f"([all of them]({urls.link(here, urls.UPSTREAM_TEXT)})):\n\n" + body + "\n"
    )
