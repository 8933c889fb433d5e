"""Learned heuristics: a model trained on exact distances, evaluated once into a table."""
