"""Records of the loss x estimator matrix: plain, JSON-able dataclasses."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from tools.estimators.facts.records import Outcome

# Cell statuses, from what torchrl declares and what the build measured.
WORKS = "works"  # declared, and make_value_estimator + the loss's forward ran
DECLARED_FAILS = "declared-fails"  # declared, but one of the two raised
RAISES = "raises"  # not declared, and it raised (the expected refusal)
UNDECLARED_WORKS = "undeclared-works"  # not declared, yet both ran
NOT_MEASURED = "not-measured"  # the loss zoo cannot build this loss
# status -> (symbol, label): how every page that shows a cell names it.  The symbol carries the
# meaning without the colour.
MARKS = {
    WORKS: ("✓", "declared, and it works"),
    DECLARED_FAILS: ("✗", "declared, but it fails"),
    UNDECLARED_WORKS: ("!", "not declared, yet it works"),
    RAISES: ("–", "not declared, and it raises (the expected refusal)"),
    NOT_MEASURED: ("?", "not measured: the loss zoo cannot build this loss"),
}


@dataclass(frozen=True)
class Cell:
    member: str
    declared: bool  # member in the loss's SUPPORTED_VALUE_ESTIMATORS
    outcome: Outcome | None  # None: not measured (see the row's not_built)
    stage: str = ""  # where it raised: "make_value_estimator" or "forward"

    @property
    def status(self) -> str:
        if self.outcome is None:
            return NOT_MEASURED
        if self.declared:
            return WORKS if self.outcome.ok else DECLARED_FAILS
        return UNDECLARED_WORKS if self.outcome.ok else RAISES

    def inventory_value(self) -> str:
        if self.outcome is None:
            return "not measured"
        return "ok" if self.outcome.ok else f"error: {self.outcome.error}"


@dataclass(frozen=True)
class KeyForwarding:
    """Measured: after ``loss.set_keys(reward=..., done=..., terminated=...)``, what the estimator reads."""

    outcome: Outcome  # an error here means the check itself raised
    estimator: str  # class name of loss.value_estimator ("" when there is none)
    forwarded: list[str]  # fields whose renamed key reached the estimator
    not_forwarded: list[str]


@dataclass(frozen=True)
class MatrixRow:
    loss: str
    default: str | None  # the loss's default_value_estimator member
    declared: list[str]  # SUPPORTED_VALUE_ESTIMATORS member names (introspected)
    cells: list[Cell]
    not_built: str = ""  # the zoo's reason when it has no construction for the loss
    batch_size: list[int] | None = None  # measured: the zoo batch the cells ran on
    forwarding: KeyForwarding | None = None

    def cell(self, member: str) -> Cell:
        return next(c for c in self.cells if c.member == member)


@dataclass(frozen=True)
class Matrix:
    members: list[str]
    rows: list[MatrixRow]

    def row(self, loss: str) -> MatrixRow:
        for row in self.rows:
            if row.loss == loss:
                return row
        raise KeyError(loss)

    def disagreements(self) -> list[tuple[MatrixRow, Cell]]:
        return [
            (row, cell) for row in self.rows for cell in row.cells if cell.status in (DECLARED_FAILS, UNDECLARED_WORKS)
        ]


def encode(matrix: Matrix) -> dict:
    return asdict(matrix)


def decode(data: dict) -> Matrix:
    rows = []
    for row in data["rows"]:
        cells = [
            Cell(
                member=c["member"],
                declared=c["declared"],
                outcome=None if c["outcome"] is None else Outcome(**c["outcome"]),
                stage=c["stage"],
            )
            for c in row["cells"]
        ]
        forwarding = row["forwarding"]
        if forwarding is not None:
            forwarding = KeyForwarding(**{**forwarding, "outcome": Outcome(**forwarding["outcome"])})
        rows.append(
            MatrixRow(
                loss=row["loss"],
                default=row["default"],
                declared=list(row["declared"]),
                cells=cells,
                not_built=row["not_built"],
                batch_size=row["batch_size"],
                forwarding=forwarding,
            )
        )
    return Matrix(members=list(data["members"]), rows=rows)
