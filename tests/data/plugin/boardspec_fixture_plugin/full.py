"""``fixture_full``: the game ends when no cell is empty (the result rule decides).

```yaml
goals:
  - {type: fixture_full}
```
"""

from typing import Literal

from framework.plugins import Goal, Rule, Translate, Verdict, untranslated


class FixtureFullParams(Rule):
    type: Literal["fixture_full"]


class FixtureFull(Goal):
    """The board is full."""

    keyword = "fixture_full"
    Params = FixtureFullParams
    no_twin_reason = "a test plugin"

    def evaluate(self, state):
        return None if state.empty() else Verdict(score=True)

    def describe(self, _: Translate = untranslated) -> str:
        return _("The game ends when the board is full.")
