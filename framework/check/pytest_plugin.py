"""The boardspec pytest plugin: the conformance suite of ``boardspec check`` on your game.

Registered under the ``pytest11`` entry point, so it is active wherever boardspec is
installed; it does nothing unless asked (importing it loads nothing but pytest).

Either on the command line, one test per property of each file::

    pytest --boardspec games/mygame.yaml [--boardspec-examples 50] [--boardspec-seed 1]

(the tests carry the ``boardspec`` mark: add ``-m boardspec`` to run only them), or as a
two-line test file::

    from framework.check.pytest_plugin import boardspec_suite
    test_mygame = boardspec_suite("games/mygame.yaml")

A failing property fails its test with the shortest play that breaks it (actions, position
JSON and a ``boardspec`` command that replays it). A property that cannot be checked (a rule
block without a reference implementation) is skipped, with the reason.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from framework.check import DEFAULT_EXAMPLES

if TYPE_CHECKING:
    from framework.check.runner import Check, Outcome



class PropertyFailed(Exception):
    """A property of a game file does not hold; the message holds the reproduction."""


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("boardspec", "boardspec game files")
    group.addoption("--boardspec", action="append", default=[], metavar="FILE",
                    help="run boardspec's conformance suite on this game file "
                         "(may be repeated)")
    group.addoption("--boardspec-examples", type=int, default=DEFAULT_EXAMPLES,
                    metavar="N", help="generated plays or positions per property")
    group.addoption("--boardspec-seed", type=int, default=0, metavar="S",
                    help="random seed of the boardspec suite")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "boardspec: a property of a game file "
                                       "(boardspec's conformance suite)")


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config,
                                  items: list[pytest.Item]) -> None:
    files = config.getoption("boardspec")
    if not files:
        return
    examples = config.getoption("boardspec_examples")
    seed = config.getoption("boardspec_seed")
    for file in files:
        for name, run in _checks(Path(file), examples, seed):
            item = PropertyItem.from_parent(session, name=f"{file}::{name}", run=run,
                                            file=file)
            item.add_marker("boardspec")
            items.append(item)


class PropertyItem(pytest.Item):
    """One property of one game file."""

    def __init__(self, *, run: Callable[[], Outcome], file: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.run = run
        self.file = file

    def runtest(self) -> None:
        settle(self.run(), self.file)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        if isinstance(excinfo.value, PropertyFailed):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, self.name


def _checks(path: Path, examples: int, seed: int) -> Iterator[Check]:
    from framework.check.runner import plan
    from framework.errors import BoardspecError
    from framework.game import load_game

    try:
        game = load_game(path)
    except (BoardspecError, OSError) as exc:
        message = str(exc)

        def refused() -> Outcome:
            raise PropertyFailed(f"{path} cannot be loaded:\n{message}")
        yield "loads", refused
        return
    game.file = str(path)
    yield from plan(game, examples=examples, random_seed=seed)


def settle(outcome: Outcome, file: str) -> None:
    """Turn an outcome into a pytest result: pass, skip (not checked, not required) or
    fail."""
    if outcome.status == "not checked":
        pytest.skip(outcome.note)
    if outcome.status == "not required":
        pytest.skip(f"not required: {outcome.note}")
    if outcome.status == "failed":
        raise PropertyFailed(failure_text(outcome, file))


def failure_text(outcome: Outcome, file: str) -> str:
    """The failure as ``boardspec check`` prints it, as plain text."""
    import io

    from rich.console import Console

    from framework.check.report import print_failure
    from framework.check.runner import GameReport

    console = Console(file=io.StringIO(), width=100, color_system=None)
    print_failure(GameReport(file, ""), outcome, console)
    text: str = console.file.getvalue()  # type: ignore[attr-defined]
    return text.strip()


def boardspec_suite(path: str | Path, *, examples: int = DEFAULT_EXAMPLES, seed: int = 0
                    ) -> Callable[..., None]:
    """A test function with one case per property of the game file at ``path`` (relative
    paths are tried from the calling test file's folder, then from the working folder)."""
    path = Path(path)
    if not path.is_absolute():
        caller = Path(inspect.stack()[1].filename).resolve().parent
        if (caller / path).exists():
            path = caller / path
    checks = dict(_checks(path, examples, seed))

    @pytest.mark.boardspec
    @pytest.mark.parametrize("prop", list(checks))
    def test(prop: str) -> None:
        settle(checks[prop](), str(path))

    return test
