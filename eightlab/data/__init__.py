"""Shipped data: published start boards, optimal lengths and tables, each with its citation."""
