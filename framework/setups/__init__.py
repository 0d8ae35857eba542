"""Setups: how a game begins, registered under ``boardspec.setups``."""
