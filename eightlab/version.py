"""The version of eightlab (as in pyproject.toml), for the tables and provenance that record it."""

__version__ = "0.1.0"
