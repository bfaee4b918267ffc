"""Value estimators, introspected, measured on tiny inputs and curated: ``reference()`` holds them all."""

from __future__ import annotations

from tools.estimators.facts.assemble import reference
from tools.estimators.facts.records import EstimatorRecord, EstimatorReference

__all__ = ["EstimatorRecord", "EstimatorReference", "reference"]
