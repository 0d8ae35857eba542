"""Ratings of many agents from their games (``boardspec tournament``), by OpenSkill.

OpenSkill (``pip install 'boardspec[ratings]'``, the ``openskill`` package) is a
maintained, MIT-licensed Bayesian rating library in the TrueSkill family: each agent has a
skill estimate ``mu`` and an uncertainty ``sigma``, so a table can give an interval and say
when two agents are told apart; it rates games of any number of players and draws (the
Plackett-Luce model used here), which Elo and Glicko-2 do not without extensions, and it
needs no C extension. TrueSkill itself is patented and its Python package unmaintained.

Games are rated in the order they were scheduled (not in the order they finished), so a
tournament continued after an interruption, or played on Ray, gives the same table.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from framework.errors import BoardspecError
from framework.records import DRAW, UNFINISHED, Record, header_key

#: the interval of a rating: mu ± Z·sigma (about 95 %)
Z = 1.96


class RatingsUnavailable(BoardspecError):
    """The rating library is not installed."""


@dataclass
class AgentRating:
    agent: str
    games: int
    wins: int
    draws: int
    losses: int
    mu: float
    sigma: float

    @property
    def low(self) -> float:
        return self.mu - Z * self.sigma

    @property
    def high(self) -> float:
        return self.mu + Z * self.sigma


def _model() -> Any:
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise RatingsUnavailable("ratings need the rating library: pip install "
                                 "'boardspec[ratings]' (openskill)") from None
    return PlackettLuce()


def rate(players: Sequence[str], agents: Sequence[str], records: Sequence[Record]
         ) -> list[AgentRating]:
    """Every agent's rating after ``records`` (in that order), best first. A game gives
    its winners rank 1 and every other seat rank 2 (a draw: every seat rank 1);
    unfinished games, and games of agents not in ``agents``, are left out."""
    model = _model()
    ratings = {agent: model.rating(name=agent) for agent in agents}
    tally = {agent: [0, 0, 0, 0] for agent in agents}  # games, wins, draws, losses
    for record in records:
        result = record.result
        if result == UNFINISHED or record.headers.get("Termination") == "interrupted":
            continue
        seats = [record.headers.get(header_key(p)) for p in players]
        if any(s not in ratings for s in seats):
            continue
        winners = set() if result == DRAW else set(result.split("+"))
        if not winners <= set(players) or (result != DRAW and not winners):
            continue  # not a result of this game
        ranks = [1 if result == DRAW or p in winners else 2 for p in players]
        rated = model.rate([[ratings[s]] for s in seats], ranks=ranks)  # type: ignore[index]
        for seat, (team, rank) in enumerate(zip(rated, ranks, strict=True)):
            agent = seats[seat]
            ratings[agent] = team[0]  # type: ignore[index]
            counts = tally[agent]  # type: ignore[index]
            counts[0] += 1
            counts[1 if result != DRAW and rank == 1 else 2 if result == DRAW else 3] += 1
    table = []
    for agent in agents:
        games, wins, draws, losses = tally[agent]
        table.append(AgentRating(agent, games, wins, draws, losses, ratings[agent].mu,
                                 ratings[agent].sigma))
    return sorted(table, key=lambda r: -r.mu)
