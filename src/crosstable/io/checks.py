"""Checks on the model after any reader: what a file says without an error but not as its
author meant it. Each check returns warnings in the current language, which
:func:`crosstable.io.read_text` adds to :attr:`~crosstable.model.Tournament.warnings`
(the command line prints them as ``warning:`` lines).

Decisions written down here:

- **Names written almost alike that never meet** (:func:`near_names`): ``Anan`` beside
  ``Anna`` in a few lines of a games list makes one participant two, and a round robin
  a Swiss event of one participant more. Two names are *almost alike* when one slip
  turns one into the other (an optimal string alignment distance of 1: a letter
  added, left out or changed, or two neighbours swapped, so ``Anna`` and ``Anan`` are
  alike), case and spacing aside, both at least :data:`SHORTEST` characters long, and
  their digits the same (``Team 1`` and ``Team 2``, ``Player #12`` and ``Player #13``
  are numbered, not misspelt). Near names are common among real participants
  (``Polgar, J`` and ``Polgar, S``, ``Ivanov`` and ``Ivanova``), so a pair is named only
  when it behaves as one participant written two ways: the two never play each other;
  when the games have rounds, they never play (or have a bye) in the same round;
  together they have no more games and byes than the busiest participant (two real
  players of a Swiss event have each played about every round; one participant's
  games are shared between the two spellings); and, in a competition played in groups,
  they are in the same group.
  Only the pairs of names one deletion apart are compared (each name filed under
  itself and under every text one character other than a digit shorter), so a
  2,000-player event costs milliseconds; a family of more than :data:`FAMILY` names
  alike at one position (``Kim, A`` to ``Kim, Z``) is a naming scheme and is not
  compared.
- **A game listed twice** (:func:`copied_games`): without rounds, a pair listed twice
  with the same result (the same colours, or written from the other side) where every
  other pair is listed once, and fewer pairs twice than once, is a game typed twice: it
  is counted twice, and a list where each pair meets once would be taken for a round
  robin. The warning names the pair, and the event is then taken for what its
  meetings say (:func:`~crosstable.model.infer_system`: not a round robin). A
  crosstable holds a pair's games in one cell, so it is not checked.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import numpy as np

from crosstable.errors import printable
from crosstable.i18n import _
from crosstable.model import Tournament, infer_system, meetings
from crosstable.names import FAMILY, SHORTEST, alike
from crosstable.numbers import show_vulgar

LOOKED_UP = 20
"""The most pairs of names whose first lines are looked for in the file's text (each a
search of the whole text); the others are named alone."""


def check(t: Tournament, text: str | None = None) -> list[str]:
    """Every check's warnings on ``t``; ``text``, the file read, to name the first line
    of each name in question (the model keeps no line)."""
    return [*near_names(t, text), *copied_games(t)]


def _first_line(text: str, name: str, names: list[str]) -> int | None:
    """The first line of ``text`` where ``name`` is written whole: not inside a word,
    nor inside a longer participant name that holds it.

    >>> _first_line("Anna Lee - Bob\\nBob - Anna\\n", "Anna", ["Anna Lee", "Bob", "Anna"])
    2
    """
    longer = [(other, at) for other in names if len(other) > len(name) for at in _places(other, name)]
    for at in _places(text, name):
        end = at + len(name)
        whole_word = (at == 0 or not text[at - 1].isalnum()) and (end == len(text) or not text[end].isalnum())
        if whole_word and not any(at >= k and text.startswith(other, at - k) for other, k in longer):
            return text.count("\n", 0, at) + 1
    return None


def _places(text: str, part: str) -> Iterator[int]:
    """Where ``part`` starts in ``text``, every time."""
    at = text.find(part)
    while at >= 0:
        yield at
        at = text.find(part, at + 1)


def near_names(t: Tournament, text: str | None = None) -> list[str]:
    """Names written almost alike whose participants never meet nor play in the same
    round (see the module's decisions), each pair named with its first lines in
    ``text`` when given and found."""
    n = len(t.names)
    pairs = alike(t.names)
    if not pairs:
        return []
    met = set(meetings(t.white, t.black, n)[0].tolist())
    busy = np.bincount(np.concatenate([t.white, t.black]), minlength=n)
    busy += np.bincount(np.array([b.participant for b in t.byes], dtype=np.int64), minlength=n)
    most = int(busy.max())
    rounds = t.rounds if t.rounds is not None else np.zeros(len(t.white), dtype=np.int64)
    numbered = bool((rounds > 0).any()) or bool(t.byes)
    played: dict[int, set[int]] = {}

    def rounds_of(i: int) -> set[int]:
        if i not in played:
            mine = rounds[(t.white == i) | (t.black == i)]
            played[i] = {int(r) for r in mine[mine > 0].tolist()} | {b.round for b in t.byes if b.participant == i}
        return played[i]

    out: list[str] = []
    for i, j in pairs:
        if i * max(n, 1) + j in met:
            continue
        if t.groups is not None and t.groups[i] != t.groups[j]:
            continue
        if int(busy[i] + busy[j]) > most or (numbered and rounds_of(i) & rounds_of(j)):
            continue
        shown = []
        for k in (i, j):
            name = repr(printable(t.names[k]))
            line = _first_line(text, t.names[k], t.names) if text and len(out) < LOOKED_UP else None
            # TRANSLATORS: a participant's name, quoted, and the first line of the file where it is written
            shown.append(name if line is None else _("{name} (line {line})").format(name=name, line=line))
        if numbered:
            # TRANSLATORS: {name} and {other} are two participants' names, each perhaps followed by "(line 12)"
            message = _(
                "{name} and {other} are written almost alike and never play each other nor in the same round: "
                "if they are one participant, write the name one way"
            )
        else:
            message = _(
                "{name} and {other} are written almost alike and never play each other: "
                "if they are one participant, write the name one way"
            )
        out.append(message.format(name=shown[0], other=shown[1]))
    return out


def copied_games(t: Tournament) -> list[str]:
    """The games listed twice in a list without rounds (see the module's decisions), a
    warning naming each; the event's system is then inferred from its meetings."""
    if t.format == "crosstable":
        return []
    if len(t.white) == 0 or (t.rounds is not None and bool((t.rounds > 0).any())):
        return []
    n = len(t.names)
    keys, counts = meetings(t.white, t.black, n)
    if int(counts.max()) != 2 or 2 * int((counts == 2).sum()) >= len(counts):
        return []
    pair = np.minimum(t.white, t.black) * n + np.maximum(t.white, t.black)
    order = np.argsort(pair, kind="stable")
    twice = np.isin(pair[order], keys[counts == 2])
    first, second = order[twice][0::2], order[twice][1::2]
    w, b, ws, bs = t.white, t.black, t.white_score, t.black_score
    assert t.status is not None
    same = (w[first] == w[second]) & (ws[first] == ws[second]) & (bs[first] == bs[second])
    turned = (w[first] == b[second]) & (ws[first] == bs[second]) & (bs[first] == ws[second])
    if not ((same | turned) & (t.status[first] == t.status[second])).all():
        return []  # a pair met twice with two results: a match or a second round, not a copy
    d = t.score_denominator
    sep = ":" if t.kind == "goals" else "-"
    out: list[str] = []
    for g in first.tolist():
        result = f"{show_vulgar(_units(ws[g], d))}{sep}{show_vulgar(_units(bs[g], d))}"
        # TRANSLATORS: {game} is a game written "Ann - Bob", {result} its result ("1-0", "2:1")
        message = _(
            "{game} {result} is listed twice while every other pair is listed once: it counts twice; "
            "if it is one game, delete one"
        )
        out.append(message.format(game=f"{t.names[int(w[g])]} - {t.names[int(b[g])]}", result=result))
    if t.system == "round-robin":
        t.system, t.system_reason = infer_system(t.white, t.black, n)
    return out


def _units(value: np.int64, den: int) -> Fraction:
    return Fraction(int(value), den)


__all__ = ["FAMILY", "SHORTEST", "alike", "check", "copied_games", "near_names"]
