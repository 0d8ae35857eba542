"""Batched backends: many games advanced at once with numpy arrays (optional, needs numpy)."""
