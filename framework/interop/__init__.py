"""Bridges to the tools researchers already use, each behind an optional extra:

- ``framework.interop.openspiel``: any game file as a pyspiel game (``pip install
  'boardspec[openspiel]'``);
- ``framework.interop.pettingzoo``: any game file as a PettingZoo AEC environment, and a
  Gymnasium single-agent wrapper (``pip install 'boardspec[rl]'``);
- ``boardspec uai``: the Universal Ataxx Interface (no extra needed).

The core never imports these modules; they are built on ``game.codec`` (a fixed integer
per action) and ``game.observer`` (fixed-shape observation planes).
"""
