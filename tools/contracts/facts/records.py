"""What every loss shares, measured on the installed torchrl: plain, JSON-able records."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Check:
    """One measured rule: what was tried, what happened."""

    claim: str  # the rule, in this site's words
    holds: bool
    evidence: str  # what was run and what it gave (error texts verbatim)


@dataclass
class ExportedClass:
    name: str
    namespace: str
    loss: bool  # subclasses LossModule
    what: str  # for the others: what it is (its first base class)


@dataclass
class ContractFacts:
    probe_loss: str  # the zoo loss the set_keys and mask rules were measured on
    forward_signature: str  # LossModule.forward (introspected)
    exported: list[ExportedClass]
    set_keys_checks: list[Check]
    unknown_name_error: str  # what set_keys(<unknown>=...) raised, first line
    mask_default: str  # LossModule's loss_mask_key default (introspected)
    mask_auto_keys: list[list[str]]  # AUTO_LOSS_MASK_KEYS (introspected)
    mask_checks: list[Check]
    vmap_checks: list[Check]
    overrides: dict[str, list[str]] = field(default_factory=dict)  # method -> losses overriding it (introspected)
