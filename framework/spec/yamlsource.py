"""Safe YAML loading that remembers where every value stood in the file.

Only ``yaml.SafeLoader`` node types are built (no tags, no code): plugins are resolved later
by registered name. The result is the plain data plus a map from document path
(``("turn", 1, "distance")``) to a 1-based (line, column), so that any later error, schema or
semantic, can name the line it comes from.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from framework.errors import InputError, SpecError, SpecIssue
from framework.limits import (
    MAX_COLLECTION_ITEMS,
    MAX_GAME_FILE_BYTES,
    MAX_NESTING,
    MAX_YAML_NODES,
)
from framework.safeio import read_text
from framework.spec.characters import escaped, visible

Loc = tuple[str | int, ...]
PLAIN_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}


@dataclass
class YamlSource:
    """A parsed YAML document with the position of every node."""

    file: str
    data: Any
    marks: dict[Loc, tuple[int, int]] = field(default_factory=dict)
    key_marks: dict[Loc, tuple[int, int]] = field(default_factory=dict)
    #: The game parameters' values, once settled and substituted (``framework.spec.params``);
    #: None: not yet.
    parameters: dict[str, Any] | None = None

    def locate(self, loc: Loc, *, key: bool = False) -> tuple[int, int, Loc]:
        """Position of the deepest existing node on ``loc`` (and the part of loc that exists).

        Elements of ``loc`` that are not in the data (pydantic adds union tags such as
        ``'clone_or_jump'``) are skipped, so validation locations map onto the document.
        """
        node: Any = self.data
        found: list[str | int] = []
        for part in loc:
            if has_part(node, part):
                node = node[part]
                found.append(part)
        path = tuple(found)
        table = self.key_marks if key and path in self.key_marks else self.marks
        line, col = table.get(path, self.marks.get(path, (1, 1)))
        return line, col, path

    def issue(self, loc: Loc, message: str, *, key: bool = False) -> SpecIssue:
        line, col, path = self.locate(loc, key=key)
        return SpecIssue(self.file, line, col, format_path(path), message)


def has_part(node: Any, part: str | int) -> bool:
    if isinstance(node, dict):
        return part in node
    return isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node)


def format_path(path: Loc) -> str:
    """``("turn", 1, "jump", "distance")`` -> ``turn[1].jump.distance``."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
            continue
        name = str(part) if visible(str(part)) else escaped(str(part))  # never a raw \n
        text += f".{name}" if text else name
    return text


def _build(node: yaml.Node, loc: Loc, src: YamlSource, constructor: yaml.SafeLoader) -> Any:
    src.marks[loc] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.CollectionNode) and node.tag not in PLAIN_TAGS:
        raise SpecError([SpecIssue(src.file, node.start_mark.line + 1,
                                   node.start_mark.column + 1, format_path(loc),
                                   f"this is not valid YAML for a game file: the tag "
                                   f"{node.tag!r} is not allowed")])
    if isinstance(node, yaml.MappingNode):
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = constructor.construct_object(key_node, deep=True)
            if isinstance(key, list | dict):
                raise SpecError([SpecIssue(src.file, key_node.start_mark.line + 1,
                                           key_node.start_mark.column + 1, "",
                                           "a mapping key must be a plain value")])
            if key in result:
                raise SpecError([SpecIssue(src.file, key_node.start_mark.line + 1,
                                           key_node.start_mark.column + 1, format_path(loc),
                                           f"duplicate key {key!r}")])
            child = (*loc, key)
            src.key_marks[child] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            result[key] = _build(value_node, child, src, constructor)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_build(item, (*loc, i), src, constructor) for i, item in enumerate(node.value)]
    try:
        return constructor.construct_object(node, deep=True)
    except ValueError as exc:
        raise SpecError([SpecIssue(src.file, node.start_mark.line + 1,
                                   node.start_mark.column + 1, format_path(loc),
                                   _unreadable(node, exc))]) from None


def _unreadable(node: yaml.Node, exc: ValueError) -> str:
    """Why a scalar cannot be read, in a game author's terms: Python's own message for an
    integer of thousands of digits names an interpreter setting no author can act on."""
    digits = sum(ch.isdigit() for ch in str(node.value))
    if node.tag == "tag:yaml.org,2002:int" and digits > sys.get_int_max_str_digits():
        return (f"a number of {digits:,} digits cannot be read; a number in a game file has "
                f"at most {sys.get_int_max_str_digits():,} digits (and every count a game "
                "declares has its own, far smaller bound)")
    return f"this value cannot be read: {exc}"


def check_shape(text: str, file: str) -> None:
    """Refuse aliases, too many nodes and too deep nesting before anything is built.

    This walks libyaml's event stream, which takes memory proportional to the text only: an
    alias bomb (each level repeating the one before nine times) is a few hundred bytes of
    events but billions of values once built, so aliases are refused outright — a game
    file can always write the value out.
    """
    depth = nodes = 0
    #: Each open collection, innermost last: its start and the values directly in it (a
    #: mapping's keys and values both count).
    opened: list[tuple[yaml.Event, list[int]]] = []

    def refuse(event: yaml.Event, message: str) -> SpecError:
        mark = event.start_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        return SpecError([SpecIssue(file, line, column, "", message)])

    for event in yaml.parse(text, Loader=_SafeLoader):
        if isinstance(event, yaml.AliasEvent):
            raise refuse(event, f"aliases (*{event.anchor}) are not allowed in a game file "
                                "(see docs/limits.md); write the value out")
        if isinstance(event, yaml.ScalarEvent | yaml.CollectionStartEvent):
            if event.tag is not None:  # an explicit tag: !!binary, !!set, !!str, !custom
                raise refuse(event, f"this is not valid YAML for a game file: the tag "
                                    f"{event.tag!r} is not allowed (see docs/limits.md); "
                                    "write the plain value")
            if opened:
                opened[-1][1][0] += 1
            nodes += 1
            if nodes > MAX_YAML_NODES:
                raise refuse(event, f"the file has more than {MAX_YAML_NODES:,} values; "
                                    "that is the limit (see docs/limits.md)")
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            opened.append((event, [0]))
            if depth > MAX_NESTING:
                raise refuse(event, f"lists and mappings are nested more than {MAX_NESTING} "
                                    "levels deep; that is the limit (see docs/limits.md)")
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
            start, (values,) = opened.pop()
            entries = values // 2 if isinstance(start, yaml.MappingStartEvent) else values
            if entries > MAX_COLLECTION_ITEMS:  # checked at its end: the values are counted
                raise refuse(start, f"this list or mapping holds {entries:,} entries; the "
                                    f"limit is {MAX_COLLECTION_ITEMS:,} (see docs/limits.md)")


# libyaml's parser when PyYAML has it (the same nodes and marks, several times faster).
_SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_yaml(text: str, file: str = "<string>") -> YamlSource:
    """Parse one YAML document safely; syntax errors become a located ``SpecError``."""
    src = YamlSource(file=file, data=None)
    try:
        check_shape(text, file)
        loader = _SafeLoader(text)
        try:
            root = loader.get_single_node()
            if root is None:
                raise SpecError([SpecIssue(file, 1, 1, "", "the file is empty; expected a game")])
            src.data = _build(root, (), src, loader)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        raise SpecError([SpecIssue(file, line, col, "",
                                   f"this is not valid YAML: {exc.problem or exc}")]) from None
    except yaml.YAMLError as exc:
        raise SpecError([SpecIssue(file, 1, 1, "", f"this is not valid YAML: {exc}")]) from None
    return src


def read_yaml(path: str | Path) -> YamlSource:
    """Read and parse a game file (a regular file of at most ``MAX_GAME_FILE_BYTES``)."""
    p = Path(path)
    try:
        text = read_text(p, MAX_GAME_FILE_BYTES, "game file")
    except InputError as exc:
        message = str(exc)
        if not p.exists():
            from framework.bundled import close_names

            close = close_names(p)
            message += (f" (nor is it the name of a bundled game: did you mean "
                        f"{' or '.join(close)}? `boardspec games` lists them)" if close
                        else " (nor is it the name of a bundled game: `boardspec games` "
                             "lists them)")
        raise SpecError([SpecIssue(str(p), 1, 1, "", message)]) from None
    return parse_yaml(text, str(p))
