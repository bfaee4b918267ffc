"""JSON Schema of the ``contracts`` inventory section (see tools/core/schema.py)."""

from tools.core.schema import BOOL, STR, array, mapping, record

CLAIM = record(
    "One rule every loss shares, checked on the installed torchrl.",
    claim=(STR, "the rule, in words"),
    holds=(BOOL, "whether the run confirmed it"),
    evidence=(STR, "what was run and what happened"),
)

CONTRADICTION = record(
    "One place a page shows upstream text that the installed torchrl contradicts.",
    owner=(STR, "the class whose docstring (or error message) says it"),
    page=(STR, "the docs-relative page that shows the text"),
    kind=(STR, "what is contradicted: a stated default, a `set_keys` name, a documented argument that is refused"),
    subject=(STR, "the argument or key name concerned"),
    upstream=(STR, "what the docstring says, quoted short"),
    fact=(STR, "what is true on the installed torchrl"),
    how=(STR, "`introspected` or `measured`"),
    anchor=(STR, "where on the page (empty: the page itself)"),
    family=(STR, "what the class is: loss, estimator, updater, trainer, hook or config"),
)

SCHEMA = record(
    loss_contract=(
        record(
            "What every public loss shares (measured on one zoo loss unless a claim says otherwise).",
            probe_loss=(STR, "the loss the shared rules were run on"),
            forward_signature=(STR, "`LossModule.forward`'s signature (introspected)"),
            set_keys_rules=(array(CLAIM), "how `set_keys` behaves (measured)"),
            unknown_set_keys_name_error=(
                STR,
                "the error text `set_keys` raises for a name the loss does not accept (captured)",
            ),
            loss_mask_key_default=(STR, "the default of `loss_mask_key` (introspected)"),
            loss_mask_auto_keys=(
                array(array(STR)),
                "the mask keys the default mode looks for, as key parts (read from torchrl)",
            ),
            loss_mask_key_modes=(array(CLAIM), "what each `loss_mask_key` mode does (measured)"),
            deactivate_vmap=(array(CLAIM), "what `deactivate_vmap` changes (measured)"),
            overrides=(
                mapping(array(STR), keys="a `LossModule` method or attribute"),
                "which losses override each shared method (introspected)",
            ),
        ),
        "the shared loss contract",
    ),
    docstring_contradictions=(array(CONTRADICTION), "every contradiction the pages flag"),
)
