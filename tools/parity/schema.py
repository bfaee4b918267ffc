"""JSON Schema of the ``parity`` inventory section (see tools/inventory/schema.py)."""

from tools.inventory.schema import STR, array, record

SCHEMA = array(record(
    "One config dataclass compared with the class it builds.",
    config=(STR, "the config dataclass"),
    target=(STR, "the class it builds"),
    via=(STR, "how: directly or through a factory"),
    only_in_config=(array(STR), "fields the class does not take"),
    only_in_class=(array(STR), "parameters the config does not have"),
    default_mismatch=(array(STR), "names whose defaults differ"),
    type_mismatch=(array(STR), "names whose types differ"),
    classification=(STR, "the row's verdict: by design, suspicious, ..."),
    instantiation_error=(STR, "what instantiating the config raised (empty when it worked)"),
    differences=(array(record(
        field=(STR, "field or parameter name"),
        kind=(STR, "which kind of difference"),
        config=(STR, "the config side"),
        **{"class": (STR, "the class side")},
        classification=(STR, "by design or suspicious"),
        reason=(STR, "why, in one line"),
    )), "each difference with its classification"),
))
