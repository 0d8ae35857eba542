"""Direction bearings and directions named relative to a player's forward.

Board builders label links with direction names; each name's bearing (degrees clockwise
from north on the drawing) comes from the positions of the cells a link joins. A player
may declare one direction ``forward``; the others are then named by their turn from it.
"""

from __future__ import annotations

import math
from typing import Any

#: The directions named relative to a player's forward, as ranges of clockwise turns in
#: degrees (an exact turn when both bounds are equal): on a square grid forward_right is
#: the diagonal at 45°, on a hex board the neighbour direction at 60°.
RELATIVE_DIRECTIONS: dict[str, tuple[float, float]] = {
    "forward": (0, 0), "forward_right": (0, 90), "right": (90, 90),
    "backward_right": (90, 180), "backward": (180, 180), "backward_left": (180, 270),
    "left": (270, 270), "forward_left": (270, 360),
}


def direction_bearings(graph: Any) -> dict[str, float]:
    """Each named direction's bearing, from the drawing positions of a link it labels,
    plus any the builder declares (a grid's compass points)."""
    bearings: dict[str, float] = dict(graph.graph.get("bearings", {}))
    for a, b, data in graph.edges(data=True):
        for here, there in ((a, b), (b, a)):
            name = data.get("dirs", {}).get(here)
            if name is not None and name not in bearings:
                (x0, y0), (x1, y1) = graph.nodes[here]["pos"], graph.nodes[there]["pos"]
                bearings[name] = round(math.degrees(math.atan2(x1 - x0, y1 - y0)) % 360, 6)
    return bearings
