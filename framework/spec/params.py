"""Game parameters: a file's variants in the file itself (board size, a rule switch).

A game file declares its parameters at the top level, each with a type, a default and, for
numbers, a range (``parameters: {size: {type: int, default: 11, min: 5, max: 19}}``), and
uses them where a value stands:

- ``$size`` — the whole value is the parameter's value, with its type (``size: $size``);
- ``${size * size + 1}`` — a small expression of parameters: whole numbers and text,
  ``+ - * / // %``, comparisons, ``and or not``, ``x if c else y`` and the functions
  ``min max abs str letter`` (``letter(11)`` is ``k``, a board column's letter); inside
  longer text, ``${...}`` is replaced by its value (``"Hex ${size}×${size}"``);
- ``{$if: swap, then: {...}, else: {...}}`` — one branch or the other, for a rule switch;
  without ``else`` a false condition leaves the item out of its list (or the key out of
  its mapping);
- an example may say for which setting it is written (``parameters: {size: 5}``): it is
  part of the game only under that setting.

Substitution works on the YAML document before the models see it, so every rule block
takes parameters without knowing of them, and the document keeps the line of every value
for error messages. Nothing is executed: expressions are read by a small evaluator over
Python's syntax tree that knows only the operations above.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any, Literal, NoReturn

from pydantic import Field, ValidationError, model_validator

from framework.errors import InputError, SpecError, SpecIssue
from framework.expressions import INLINE, ExpressionError, Value, evaluate, show
from framework.limits import MAX_EXPANDED_TEXT, MAX_EXPANSIONS, MAX_EXPRESSION_TEXT
from framework.numerals import decimal_number, whole_number
from framework.plugins import Rule
from framework.spec.yamlsource import Loc, YamlSource

#: A parameter name: lower-case letters, digits and _ (it is written in expressions).
NAME = r"^[a-z_][a-z0-9_]*$"
#: At most this many parameters per game (each is a command-line option and a web field).
MAX_PARAMETERS = 32


class ParameterError(InputError):
    """A parameter value given to a game (``--param``, a call, a web form) that the game
    file does not declare or does not allow; the message names the parameter and what is
    allowed."""


class ParameterSpec(Rule):
    """One parameter of a game: a number, a switch or a choice, with its default."""

    type: Literal["int", "number", "bool", "choice"] = Field(
        description="int (a whole number), number, bool (a rule switch: true or false) or "
                    "choice (one of choices)")
    default: int | float | bool | str = Field(description="the value when none is given")
    min: int | float | None = Field(default=None, description="the smallest value allowed "
                                    "(int and number)")
    max: int | float | None = Field(default=None, description="the largest value allowed "
                                    "(int and number)")
    choices: list[str] = Field(default_factory=list, max_length=64,
                               description="the values a choice allows")
    description: str = Field(default="", description="what the parameter changes, for "
                             "the rulebook and --help")

    @model_validator(mode="after")
    def _consistent(self) -> ParameterSpec:
        if self.type == "choice" and not self.choices:
            raise ValueError("a choice needs its choices: [..]")
        if self.type != "choice" and self.choices:
            raise ValueError(f"choices are for a choice, not for a {self.type}")
        if self.type in ("bool", "choice") and (self.min is not None or self.max is not None):
            raise ValueError(f"min and max are for numbers, not for a {self.type}")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min ({self.min}) is greater than max ({self.max})")
        if isinstance(self.default, str) and self.type not in ("choice",):
            raise ValueError(f"the default of a {self.type} is not text; found "
                             f"{self.default!r}")
        coerce(self, self.default, "default")
        return self

    def allowed(self) -> str:
        """What values are allowed, in words (for messages, --help and the rulebook)."""
        if self.type == "bool":
            return "true or false"
        if self.type == "choice":
            return "one of " + ", ".join(self.choices)
        kind = "a whole number" if self.type == "int" else "a number"
        if self.min is not None and self.max is not None:
            return f"{kind} from {show(self.min)} to {show(self.max)}"
        if self.min is not None:
            return f"{kind} of at least {show(self.min)}"
        if self.max is not None:
            return f"{kind} of at most {show(self.max)}"
        return kind


TRUE_WORDS = {"true", "yes", "on", "1"}
FALSE_WORDS = {"false", "no", "off", "0"}


def coerce(spec: ParameterSpec, value: Any, name: str) -> Value:
    """``value`` (typed, or text as a command line gives it) as the parameter's type, or a
    ``ValueError`` that says what is allowed."""
    found = f"found {value!r}"
    if spec.type == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.lower() in TRUE_WORDS | FALSE_WORDS:
            return value.lower() in TRUE_WORDS
        raise ValueError(f"{name}: expected true or false; {found}")
    if spec.type == "choice":
        if isinstance(value, str) and value in spec.choices:
            return value
        if isinstance(value, int) and not isinstance(value, bool) and str(value) in spec.choices:
            return str(value)  # a choice of numbers ("2", "4") given as one: {"players": 4}
        close = difflib.get_close_matches(str(value), spec.choices, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise ValueError(f"{name}: expected {spec.allowed()}; {found}{hint}")
    number: int | float
    if isinstance(value, bool):
        raise ValueError(f"{name}: expected {spec.allowed()}; {found}")
    if spec.type == "int":
        if isinstance(value, int):
            number = value
        elif isinstance(value, str) and (whole := whole_number(value)) is not None:
            number = whole
        else:
            raise ValueError(f"{name}: expected {spec.allowed()}; {found}")
    else:
        if isinstance(value, str):  # 0-9 only: float() takes any script's digits (٣.٥)
            read = decimal_number(value)
            number = float("nan") if read is None else read
        else:
            number = float(value) if isinstance(value, int | float) else float("nan")
        if number != number or number in (float("inf"), float("-inf")):
            raise ValueError(f"{name}: expected {spec.allowed()}; {found}")
    if (spec.min is not None and number < spec.min) or \
            (spec.max is not None and number > spec.max):
        raise ValueError(f"{name}: expected {spec.allowed()}; {found}")
    return number


def show_value(value: Value) -> str:
    """A value as a game file and ``--param`` write it."""
    return show(value)


# Declarations ---------------------------------------------------------------------------
def declarations(src: YamlSource) -> dict[str, ParameterSpec]:
    """The parameters a parsed game file declares (validated), by name, in file order."""
    data = src.data.get("parameters") if isinstance(src.data, dict) else None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise SpecError([src.issue(("parameters",), "expected a mapping of parameter names "
                                   "to their declarations ({type, default, ...})")])
    issues: list[SpecIssue] = []
    found: dict[str, ParameterSpec] = {}
    if len(data) > MAX_PARAMETERS:
        issues.append(src.issue(("parameters",), f"at most {MAX_PARAMETERS} parameters "
                                f"are allowed; found {len(data)}"))
    for name, declared in data.items():
        loc: Loc = ("parameters", name)
        if not isinstance(name, str) or not re.fullmatch(NAME, name):
            issues.append(src.issue(loc, f"a parameter name is lower-case letters, digits "
                                    f"and _ (it is written in expressions); found {name!r}",
                                    key=True))
            continue
        try:
            found[name] = ParameterSpec.model_validate(declared)
        except ValidationError as exc:
            for err in exc.errors():
                where: Loc = (*loc, *(p for p in err["loc"] if isinstance(p, str | int)))
                message = err["msg"].replace("Value error, ", "")
                issues.append(src.issue(where, message))
    if issues:
        raise SpecError(issues)
    return found


def settle(declared: Mapping[str, ParameterSpec], given: Mapping[str, Any], file: str
           ) -> dict[str, Value]:
    """Every declared parameter's value: the given ones (checked), the defaults else."""
    unknown = [name for name in given if name not in declared]
    if unknown:
        name = unknown[0]
        close = difflib.get_close_matches(name, list(declared), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        has = (f"it declares: {', '.join(declared)}" if declared
               else "it declares no parameters")
        raise ParameterError(f"{file} has no parameter {name!r}{hint}; {has}")
    values: dict[str, Value] = {}
    for name, spec in declared.items():
        try:
            values[name] = coerce(spec, given[name], f"parameter {name!r}") \
                if name in given else spec.default
        except ValueError as exc:
            raise ParameterError(f"{file}: {exc}") from None
    return values


def parse_assignments(texts: list[str] | None) -> dict[str, str]:
    """``["size=7", "swap=false"]`` (``--param`` options) as a mapping."""
    given: dict[str, str] = {}
    for text in texts or []:
        name, sep, value = text.partition("=")
        if not sep or not name.strip():
            raise ParameterError(f"--param expects name=value, such as size=7; found "
                                 f"{text!r}")
        if name.strip() in given:
            raise ParameterError(f"--param {name.strip()} is given twice")
        given[name.strip()] = value.strip()
    return given


# Substitution ---------------------------------------------------------------------------
_DROP = object()  # a $if without the branch taken: its item or key is left out
_WHOLE = re.compile(r"\$([a-z_][a-z0-9_]*)")


def with_parameters(src: YamlSource, given: Mapping[str, Any]) -> YamlSource:
    """``src`` with the parameters settled and substituted (a new document; ``src`` is not
    changed). A file without ``parameters:`` comes back as it is when no value is given."""
    declared = declarations(src)
    values = settle(declared, given, src.file)
    if not declared and not _mentions_parameters(src.data):
        return replace(src, parameters={})
    walker = _Substitution(src, values)
    data = walker.walk(src.data, (), ())
    if walker.issues:
        raise SpecError(walker.issues)
    return YamlSource(src.file, data, walker.marks, walker.key_marks, parameters=values)


def _mentions_parameters(data: Any) -> bool:
    if isinstance(data, str):
        return data.startswith("$") or "${" in data
    if isinstance(data, dict):
        return any(_mentions_parameters(k) or _mentions_parameters(v)
                   for k, v in data.items())
    if isinstance(data, list):
        return any(_mentions_parameters(v) for v in data)
    return False


class _Substitution:
    def __init__(self, src: YamlSource, values: dict[str, Value]) -> None:
        self.src = src
        self.values = values
        self.marks: dict[Loc, tuple[int, int]] = {}
        self.key_marks: dict[Loc, tuple[int, int]] = {}
        self.issues: list[SpecIssue] = []
        # The work substitution has done: expressions evaluated, characters they made.
        self.evaluated = 0
        self.produced = 0

    def walk(self, node: Any, at: Loc, out: Loc) -> Any:
        if at in self.src.marks:
            self.marks[out] = self.src.marks[at]
        if at in self.src.key_marks:
            self.key_marks[out] = self.src.key_marks[at]
        if isinstance(node, str):
            return self.text(node, at)
        if isinstance(node, list):
            items: list[Any] = []
            for i, item in enumerate(node):
                value = self.walk(item, (*at, i), (*out, len(items)))
                if value is not _DROP:
                    items.append(value)
            return items
        if not isinstance(node, dict):
            return node
        if "$if" in node:
            return self.choose(node, at, out)
        result: dict[Any, Any] = {}
        for key, value in node.items():
            if at == () and key == "parameters":  # the declarations stay as written
                result[key] = self.copy(value, (key,))
                continue
            if at == () and key == "examples" and isinstance(value, list):
                result[key] = self.examples(value, out)
                continue
            if at[:1] == ("examples",) and len(at) == 2 and key == "parameters":
                result[key] = self.copy(value, (*at, key))
                continue
            child = self.walk(value, (*at, key), (*out, key))
            if child is not _DROP:
                result[key] = child
        return result

    def copy(self, node: Any, at: Loc) -> Any:
        for loc, mark in self.src.marks.items():
            if loc[:len(at)] == at:
                self.marks[loc] = mark
        for loc, mark in self.src.key_marks.items():
            if loc[:len(at)] == at:
                self.key_marks[loc] = mark
        return node

    def examples(self, examples: list[Any], out: Loc) -> list[Any]:
        """The examples written for this setting, substituted (an example's
        ``parameters:`` names the values it is written for)."""
        kept: list[Any] = []
        for i, example in enumerate(examples):
            at: Loc = ("examples", i)
            wanted = example.get("parameters") if isinstance(example, dict) else None
            if wanted is not None and not self.applies(wanted, (*at, "parameters")):
                continue
            value = self.walk(example, at, (*out, "examples", len(kept)))
            if value is not _DROP:
                kept.append(value)
        return kept

    def applies(self, wanted: Any, at: Loc) -> bool:
        if not isinstance(wanted, dict):
            self.issues.append(self.src.issue(at, "expected the parameter values this "
                                              "example is written for, such as {size: 5}"))
            return False
        declared = declarations(self.src)
        for name, value in wanted.items():
            if name not in declared:
                self.issues.append(self.src.issue((*at, name), f"unknown parameter "
                                                  f"{name!r}{self.known(str(name))}",
                                                  key=True))
                return False
            try:
                if coerce(declared[name], value, f"parameter {name!r}") != self.values[name]:
                    return False
            except ValueError as exc:
                self.issues.append(self.src.issue((*at, name), str(exc)))
                return False
        return True

    def known(self, name: str) -> str:
        close = difflib.get_close_matches(name, list(self.values), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        return hint + (f"; this file declares: {', '.join(self.values)}" if self.values
                       else "; this file declares no parameters (parameters: at the top)")

    def choose(self, node: dict[str, Any], at: Loc, out: Loc) -> Any:
        extra = sorted(set(node) - {"$if", "then", "else"}, key=str)
        if extra or "then" not in node:
            why = f"unknown key {extra[0]!r}" if extra else "missing key 'then'"
            self.issues.append(self.src.issue(at, f"{why}: a $if takes $if (a condition), "
                                              "then and optionally else"))
            return _DROP
        condition = node["$if"]
        if isinstance(condition, str):
            condition = self.evaluate(condition.removeprefix("$").strip("{}"),
                                      (*at, "$if"))
        if condition is _DROP:
            return _DROP
        if not isinstance(condition, bool):
            self.issues.append(self.src.issue((*at, "$if"), f"a $if condition is true or "
                                              f"false; found {condition!r}"))
            return _DROP
        branch = "then" if condition else "else"
        if branch not in node:
            return _DROP
        return self.walk(node[branch], (*at, branch), out)

    def text(self, text: str, at: Loc) -> Any:
        if text.startswith("$$"):
            return text[1:]  # a literal $ at the start
        whole = _WHOLE.fullmatch(text)
        if whole:
            return self.evaluate(whole.group(1), at)
        inline = INLINE.fullmatch(text)
        if inline:
            return self.evaluate(inline.group(1), at)
        if "${" not in text:
            return text

        made = 0

        def one(match: re.Match[str]) -> str:
            nonlocal made
            value = self.evaluate(match.group(1), at)
            shown = "" if value is _DROP else show(value)
            made += len(shown)
            if made > MAX_EXPRESSION_TEXT:  # stops the substitution of this text here
                self.refuse(at, f"the ${{...}} of this text make more than "
                                f"{MAX_EXPRESSION_TEXT:,} characters; that is the limit")
            return shown

        return INLINE.sub(one, text)

    def evaluate(self, expression: str, at: Loc) -> Any:
        self.evaluated += 1
        if self.evaluated > MAX_EXPANSIONS:
            self.refuse(at, f"this file has more than {MAX_EXPANSIONS:,} expressions "
                            "($name, ${...}, $if) to evaluate; that is the limit")
        try:
            value = evaluate(expression, self.values)
        except ExpressionError as exc:
            message = str(exc)
            if exc.unknown is not None:
                message = f"unknown parameter {exc.unknown!r}{self.known(exc.unknown)}"
            self.issues.append(self.src.issue(at, message))
            return _DROP
        if isinstance(value, str):
            self.produced += len(value)
            if self.produced > MAX_EXPANDED_TEXT:
                self.refuse(at, f"the expressions of this file make more than "
                                f"{MAX_EXPANDED_TEXT:,} characters of text; that is the "
                                "limit")
        return value

    def refuse(self, at: Loc, message: str) -> NoReturn:
        """Stop substituting: the file asks for more work than any game file may."""
        issue = self.src.issue(at, f"{message} (see docs/limits.md)")
        raise SpecError([*self.issues, issue])


def settings_to_check(declared: Mapping[str, ParameterSpec], limit: int = 4
                      ) -> Iterator[dict[str, Value]]:
    """A few settings worth checking besides the defaults: each parameter at its other
    ends (a number's min and max, a switch's other value, each other choice), one at a
    time, at most ``limit`` in all."""
    count = 0
    for name, spec in declared.items():
        if spec.type == "bool":
            others: list[Value] = [not spec.default]
        elif spec.type == "choice":
            others = [c for c in spec.choices if c != spec.default]
        else:
            others = [v for v in (spec.min, spec.max) if v is not None and v != spec.default]
        for value in others:
            if count >= limit:
                return
            count += 1
            yield {name: value}
