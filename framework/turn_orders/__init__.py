"""Turn orders (who plays after whom), registered under ``boardspec.turn_orders``."""
