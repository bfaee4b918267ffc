"""JSON Schema for ``site/inventory.json``, assembled from each concern's own ``inventory_schema``.

Each concern documents its section where it fills it (``tools/<concern>/schema.py``,
named by its ``CONCERN``); this module only puts the pieces together and
offers a few shorthands.  Objects are closed (``additionalProperties:
false``) and every property carries a description, so a field added to a
section without documenting it fails the validation in
``tests/site/test_exports.py``, and so does a section without a schema.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from tools.core.registry import Concern

DRAFT = "https://json-schema.org/draft/2020-12/schema"
# A JSON Schema (or a part of one), as JSON.
Schema = dict[str, Any]

STR: Schema = {"type": "string"}
BOOL: Schema = {"type": "boolean"}
INT: Schema = {"type": "integer"}
NUM: Schema = {"type": "number"}
# A TensorDict key: a string, or a list of strings for a nested key.
KEY: Schema = {"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}


def nullable(schema: Schema) -> Schema:
    return {"anyOf": [schema, {"type": "null"}]}


def array(items: Schema) -> Schema:
    return {"type": "array", "items": items}


def mapping(values: Schema, keys: str = "") -> Schema:
    """An object whose keys are data (loss names, parameter names): ``keys`` says what they are."""
    out: dict[str, Any] = {"type": "object", "additionalProperties": values}
    if keys:
        out["propertyNames"] = {"description": keys}
    return out


def record(description: str = "", **fields: tuple[Schema, str]) -> Schema:
    """A closed object: each field is (schema, description); every field is required."""
    out: dict[str, Any] = {
        "type": "object",
        "properties": {name: {**schema, "description": text} for name, (schema, text) in fields.items()},
        "required": list(fields),
        "additionalProperties": False,
    }
    if description:
        out["description"] = description
    return out


PARAMETER = record(
    "One constructor parameter (introspected).",
    name=(STR, "parameter name"),
    required=(BOOL, "whether it has no default"),
    default=(nullable(STR), "the default as Python source (`null` when required)"),
)
# A parameter of a trainer or hook class, with its annotation (default "" when required).
ANNOTATED_PARAMETER = record(
    name=(STR, "parameter name"),
    required=(BOOL, "whether it has no default"),
    default=(STR, "the default as Python source (empty when required)"),
    annotation=(STR, "the annotation as written (empty when absent)"),
)


def document(concerns: Iterable[Concern]) -> Schema:
    """The whole schema: one property per concern that fills an inventory section."""
    properties: dict[str, Schema] = {}
    missing: list[str] = []
    for concern in concerns:
        if concern.inventory is None:
            continue
        if concern.inventory_schema is None:
            missing.append(concern.name)
            properties[concern.name] = {"description": concern.inventory_doc or "(undocumented)"}
            continue
        properties[concern.name] = {**concern.inventory_schema, "description": concern.inventory_doc}
    schema: Schema = {
        "$schema": DRAFT,
        "title": "inventory.json",
        "description": "Every generated fact of the site, keyed by the concern that produced it (see the Tools page).",
        "type": "object",
        "properties": properties,
        "required": list(properties),
        "additionalProperties": False,
    }
    if missing:
        schema["x-sections-without-schema"] = missing
    return schema
