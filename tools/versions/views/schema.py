"""JSON Schema of the ``versions`` inventory section (see tools/core/schema.py)."""

from tools.core.schema import STR, mapping

SCHEMA = mapping(STR, keys="a pinned distribution name (`torch`, `torchrl`, ...) or `python`")
