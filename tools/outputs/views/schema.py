"""JSON Schema of the ``outputs`` inventory section (see tools/core/schema.py)."""

from tools.core.schema import NUM, STR, mapping, record

SCHEMA = mapping(
    record(
        captured_on=(STR, "when `make outputs` captured it"),
        key=(STR, "hash of the file and the pinned versions the capture is valid for"),
        seconds=(NUM, "how long it ran"),
    ),
    keys="an example file's path",
)
