"""Every limit boardspec puts on what it reads, in one place (documented in docs/limits.md).

Game files, positions and records are shared between people, and the web app reads them from
strangers: no input may make boardspec hang, eat the machine's memory or end in a traceback.
Each limit is far above what a real game needs (the largest built-in game file is 9 KB with a
few hundred YAML nodes, the largest built-in board 676 cells) and low enough that the work it
allows is done in well under a second.
"""

from __future__ import annotations

#: Bytes of a game file (YAML). Read before parsing; a bigger file is refused unread.
MAX_GAME_FILE_BYTES = 1_000_000
#: Bytes of a game record (text or JSON): ~100,000 plies of notation.
MAX_RECORD_BYTES = 4_000_000
#: Turns of one record, and lines of a text record: a record is refused at the first turn
#: past the limit, so reading one costs at most this many turns' work whatever its bytes
#: (the longest bundled game, ``max_plies: 20100``, fits five times).
MAX_RECORD_TURNS = 100_000
MAX_RECORD_LINES = 200_000
#: Characters of one header value of a record (``[Game "…"]``): a path or a name.
MAX_HEADER_CHARS = 4_096
#: Headers of one record.
MAX_RECORD_HEADERS = 100
#: Bytes of a position (JSON text or file, or a FEN string).
MAX_POSITION_BYTES = 1_000_000
#: Bytes of a study's ``study.json`` (what a ``match --out`` folder holds): a few hundred.
MAX_STUDY_FILE_BYTES = 1_000_000
#: YAML nodes (values, lists and mappings) in one game file.
MAX_YAML_NODES = 100_000
#: Nesting depth of lists and mappings, in a game file and in a position's JSON.
MAX_NESTING = 64
#: Entries of any one list or mapping of a game file (the longest real one is a custom
#: board's links, at most ``MAX_LINKS``).
MAX_COLLECTION_ITEMS = 8 * 676
#: Rule blocks in one of a game file's lists of them (the phases of the turn, setups, goals,
#: results, restrictions, invariants, zones, counters, pieces, ...): real games have fewer
#: than ten, and work such as validation grows faster than their number.
MAX_RULE_BLOCKS = 64
#: Worked examples in one game file (each is run by ``examples`` and the rulebooks).
MAX_EXAMPLES = 1_000
#: Cells of a board (holes included): as many as the largest grid, 26 × 26. Tables of the
#: compiled game grow with the square of this (distances between all cells): a walk game on
#: 676 cells loads within the 2 s and 200 MB of any game file (tests/hostile), and 1,024
#: cells would more than double that.
MAX_CELLS = 676
#: Links of a custom board.
MAX_LINKS = 8 * MAX_CELLS
#: Characters of a cell name of a custom board.
MAX_CELL_NAME = 16
#: Any distance, step count or radius in a rule block: no board is farther across.
MAX_DISTANCE = MAX_CELLS
#: Any other whole number of a game file that sets how much work is done (supplies, caps,
#: declared game lengths, goal thresholds) and the clocks of a position.
MAX_COUNT = 1_000_000
#: Characters of a FEN string: the largest board's is about 730.
MAX_FEN_CHARS = 1_000
#: Digits of a number in a FEN string (an empty run or a clock).
MAX_FEN_DIGITS = 9

#: Characters of any text an expression of a game file makes (``${...}``), and of what the
#: expressions written in one value make together: a caption or a description, not a book.
MAX_EXPRESSION_TEXT = 10_000
#: Characters all the ``${...}`` of one game file make together, and how many expressions
#: (``$name``, ``${...}``, a ``$if``'s condition) one reading of the file evaluates: real
#: games write at most a few dozen; the bounds keep substitution within the 2 s and 200 MB
#: of any game file, however many expressions the file repeats.
MAX_EXPANDED_TEXT = 1_000_000
MAX_EXPANSIONS = 5_000

#: Game files ``boardspec games`` reads (in the order games are found by name): a folder of
#: $BOARDSPEC_GAMES_PATH with 20,000 files printed nothing for two minutes.
MAX_LISTED_GAMES = 1_000

#: Depth of a move-tree count (``perft``): far past what any game can be counted to.
MAX_PERFT_DEPTH = 64
#: Budgets a search may be given from outside (``boardspec uai``'s ``go``): a depth, a
#: number of iterations, a time in milliseconds (one day).
MAX_SEARCH_DEPTH = 64
MAX_SEARCH_NODES = 1_000_000_000
MAX_SEARCH_MILLISECONDS = 86_400_000
#: Processes of a local pool (``--jobs``): more only queue for the same cores.
MAX_JOBS = 256

__all__ = [name for name in dir() if name.startswith("MAX_")]
