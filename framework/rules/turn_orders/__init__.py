"""Turn orders: who plays after whom.

One folder per keyword, registered as ``turn_orders.<keyword>`` in ``boardspec.rules`` (see
``framework.rules``)."""
