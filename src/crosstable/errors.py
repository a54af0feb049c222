"""Errors raised for bad input.

Every problem in an input file is reported with the file, the line and the column
(both 1-based) and a sentence saying what is wrong, so that the command line can
print ``FILE:LINE:COL: message`` and exit with status 2.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from crosstable.i18n import _, integer_text, ngettext

LONGEST = 300
"""The longest message printed for one problem: a quoted cell of a binary or garbled
file must not echo the file back."""


def printable(text: str, limit: int = LONGEST) -> str:
    """``text`` with control characters escaped and cut to ``limit`` characters.

    >>> print(printable("a" + chr(0) + "b"), printable("x" * 10, 5))
    a\\x00b xxxx…
    """
    out = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)
    return out if len(out) <= limit else out[: limit - 1] + "…"


@dataclass(frozen=True)
class Problem:
    """One problem found in an input: where it is and what is wrong."""

    message: str
    line: int | None = None
    column: int | None = None

    def where(self, source: str | None) -> str:
        """``file:line:col`` (the parts that are known)."""
        parts = [source or "<input>"]
        if self.line is not None:
            parts.append(str(self.line))
            if self.column is not None:
                parts.append(str(self.column))
        return ":".join(parts)


def quoted(text: str, limit: int = 40) -> str:
    """A cell as a message quotes it: printable, and cut with its length when long.

    >>> quoted("1-1"), quoted("1" * 50, 10)
    ("'1-1'", "'111111111…' (50 characters)")
    """
    t = text.strip()
    if len(t) <= limit:
        return repr(printable(t, limit))
    # TRANSLATORS: {text} is the start of a long cell, quoted; {n} its length.
    return ngettext("{text} ({n} character)", "{text} ({n} characters)", len(t)).format(
        text=repr(printable(t, limit)), n=integer_text(len(t))
    )


def shorten(text: str, limit: int) -> str:
    """``text`` made printable and cut at a word boundary to at most ``limit`` characters.

    >>> shorten("a game is worth 1 in this table", 20)
    'a game is worth 1 …'
    """
    t = printable(text, 10 * limit)
    if len(t) <= limit:
        return t
    cut = t[: limit - 1]
    space = cut.rfind(" ")
    return (cut[: space + 1] if space > limit // 2 else cut) + "…"


class CrosstableError(Exception):
    """Base class of every error the library raises on purpose."""


@dataclass
class InputError(CrosstableError):
    """An input could not be read: one or more problems, each with its place.

    ``str(error)`` is one line: the first problem with its place, and how many
    more there are (their list is in ``problems``).

    >>> e = InputError("t.tsv", [Problem("not a result: 'q'", 3, 7)])
    >>> str(e)
    "t.tsv:3:7: not a result: 'q'"
    """

    source: str | None
    problems: list[Problem] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__(str(self))

    def __str__(self) -> str:
        if not self.problems:
            # TRANSLATORS: {source} is a file name (or <input>).
            return _("{source}: unreadable input").format(source=self.source or "<input>")
        first = self.problems[0]
        text = f"{printable(first.where(self.source), 100)}: {shorten(first.message, 250)}"
        rest = self.problems[1:]
        if rest:
            shown = "; ".join(
                (f"{p.where(None).split(':', 1)[-1]}: " if p.line is not None else "") + shorten(p.message, 50)
                for p in rest[:2]
            )
            if len(rest) > 2:
                # TRANSLATORS: {others} are two more problems of an input (separated by "; "),
                # {n} how many further problems there are.
                shown = ngettext("{others} and {n} more", "{others} and {n} more", len(rest) - 2).format(
                    others=shown, n=integer_text(len(rest) - 2)
                )
            # TRANSLATORS: {problem} is the first problem of an input with its place
            # (file:line:column: message); {others} the next ones.
            text = _("{problem} (also {others})").format(problem=text, others=shown)
        return text


class CriterionError(CrosstableError, ValueError):
    """A tie-break criterion is unknown or its modifiers do not fit it."""
