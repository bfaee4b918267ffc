"""Records survive the trip to JSON and back (the disk cache and the inventory rely on it)."""

from __future__ import annotations

from dataclasses import dataclass, field

from tools.core.codec import from_json, list_codec, record_codec, to_json


@dataclass(frozen=True)
class Leaf:
    name: str
    tags: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Tree:
    leaves: list[Leaf]
    by_name: dict[str, Leaf]
    best: Leaf | None
    flags: tuple[bool, ...] = ()
    note: str | None = None


def test_nested_records_round_trip():
    tree = Tree(
        leaves=[Leaf("a", ["x"]), Leaf("b")],
        by_name={"a": Leaf("a")},
        best=Leaf("b", ["y", "z"]),
        flags=(True, False),
    )
    assert from_json(Tree, to_json(tree)) == tree


def test_codecs_for_cached():
    encode, decode = list_codec(Leaf)
    leaves = [Leaf("a"), Leaf("b", ["c"])]
    assert decode(encode(leaves)) == leaves
    encode, decode = record_codec(Leaf)
    assert decode(encode(Leaf("q", ["r"]))) == Leaf("q", ["r"])
