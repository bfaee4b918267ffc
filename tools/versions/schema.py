"""JSON Schema of the ``versions`` inventory section (see tools/inventory/schema.py)."""

from tools.inventory.schema import STR, mapping

SCHEMA = mapping(STR, keys="a pinned distribution name (`torch`, `torchrl`, ...) or `python`")
