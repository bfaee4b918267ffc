"""Fixtures for these tests."""

from tests.support.warm_records import records_from_the_build  # noqa: F401
