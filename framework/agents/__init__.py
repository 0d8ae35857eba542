"""Computer players for any game: ``random``, ``greedy``, ``alphabeta``, ``mcts``.

```python
from framework.agents import make_agent
agent = make_agent("mcts:500i", game, seed=1)
for action in agent.act(state):   # one decision, or a whole turn
    state.apply(action)
```

Agents are seeded and reproducible (with depth or iteration budgets), decide by
``state.current_player`` (never by alternation), and judge positions with the game file's
``evaluation:`` block.
"""

from framework.agents.base import Agent
from framework.agents.evaluation import Evaluator
from framework.agents.registry import (
    AGENTS,
    HUMAN,
    AgentSpec,
    AgentSpecError,
    make_agent,
    parse_agent,
)
from framework.agents.turns import Turn, legal_turns
from framework.agents.zobrist import zobrist_hash, zobrist_table

__all__ = ["AGENTS", "HUMAN", "Agent", "AgentSpec", "AgentSpecError", "Evaluator", "Turn",
           "legal_turns", "make_agent", "parse_agent", "zobrist_hash", "zobrist_table"]
