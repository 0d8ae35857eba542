"""Safe YAML loading that remembers where every value stood in the file.

Only ``yaml.SafeLoader`` node types are built (no tags, no code): plugins are resolved later
by registered name. The result is the plain data plus a map from document path
(``("turn", 1, "distance")``) to a 1-based (line, column), so that any later error, schema or
semantic, can name the line it comes from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from framework.errors import SpecError, SpecIssue

Loc = tuple[str | int, ...]
PLAIN_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}


@dataclass
class YamlSource:
    """A parsed YAML document with the position of every node."""

    file: str
    data: Any
    marks: dict[Loc, tuple[int, int]] = field(default_factory=dict)
    key_marks: dict[Loc, tuple[int, int]] = field(default_factory=dict)

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
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
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
    return constructor.construct_object(node, deep=True)


# libyaml's parser when PyYAML has it (the same nodes and marks, several times faster).
_SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_yaml(text: str, file: str = "<string>") -> YamlSource:
    """Parse one YAML document safely; syntax errors become a located ``SpecError``."""
    src = YamlSource(file=file, data=None)
    try:
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
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        issue = SpecIssue(str(p), 1, 1, "", f"cannot read the file: {exc.strerror}")
        raise SpecError([issue]) from None
    except UnicodeDecodeError:
        raise SpecError([SpecIssue(str(p), 1, 1, "", "the file is not UTF-8 text")]) from None
    return parse_yaml(text, str(p))
