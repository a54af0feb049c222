"""Sums in words: the explanation of a coefficient as its terms, each with what it is
made of, and the total (``SB = 2.5 (½ of Mikhailov's 5) + 2.25 (½ of Alexandrov's
4½) + … = 9``), shared by every coefficient that is a sum over rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from crosstable.model import DRAW, LOSS, WIN, IntArray
from crosstable.numbers import decimals_needed, fmt_decimal, fmt_vulgar
from crosstable.tiebreaks.analysis import Analysis, Rounds
from crosstable.tiebreaks.cuts import cut_mask
from crosstable.tiebreaks.spec import Spec

_OUTCOME_WORD = {WIN: "win over", DRAW: "draw with", LOSS: "loss to"}


def weight_phrase(w: Fraction, name: str, score: Fraction, outcome: int) -> str:
    """How a weighted opponent's score reads: ``½ of Alexandrov's 4½``, ``all of Kalchev's 1``,
    ``loss to Mikhailov`` (weight 0), ``Mikhailov's 5, loss`` (weight −1)."""
    if w == 0:
        return f"{_OUTCOME_WORD[outcome]} {name}"
    if w == 1:
        return f"all of {name}'s {fmt_vulgar(score)}"
    if w == -1:
        return f"{name}'s {fmt_vulgar(score)}, {_OUTCOME_WORD[outcome].split()[0]}"
    if 0 < w < 1:
        return f"{fmt_vulgar(w)} of {name}'s {fmt_vulgar(score)}"
    return f"{fmt_vulgar(w)} × {name}'s {fmt_vulgar(score)}"


def sum_text(label: str, terms: Sequence[tuple[Fraction, str]], total: Fraction | None, empty: str = "no games") -> str:
    """``LABEL = t1 (why) + t2 (why) − t3 (why) = total``, the style of the worked
    examples of the encyclopedia article on the Sonneborn–Berger coefficient; with no
    term, ``LABEL = 0 (empty) = total``.

    >>> sum_text("SB", [(Fraction(5, 2), "½ of Mikhailov's 5"), (Fraction(1), "all of Kalchev's 1")], Fraction(7, 2))
    "SB = 2.5 (½ of Mikhailov's 5) + 1 (all of Kalchev's 1) = 3.5"
    """
    if not terms:
        return f"{label} = 0 ({empty}) = {fmt_decimal(total)}"
    return f"{label} = {_terms(terms)} = {fmt_decimal(total)}"


def _terms(terms: Sequence[tuple[Fraction, str]]) -> str:
    parts: list[str] = []
    for k, (value, why) in enumerate(terms):
        sign = "−" if value < 0 else "+"
        text = f"{fmt_decimal(abs(value))} ({why})" if why else fmt_decimal(abs(value))
        parts.append(("− " if value < 0 else "") + text if k == 0 else f"{sign} {text}")
    return " ".join(parts)


def average_text(label: str, terms: Sequence[tuple[Fraction, str]], shown: Fraction | None, rounding: str = "") -> str:
    """``LABEL = (t1 (why) + t2 (why)) / n = mean``, and ``→ shown (rounding)`` when
    the value shown is the mean rounded.

    >>> average_text("ARO", [(Fraction(2400), "A"), (Fraction(2150), "B")], Fraction(2275))
    'ARO = (2400 (A) + 2150 (B)) / 2 = 2275'
    >>> average_text("ARO", [(Fraction(2400), "A"), (Fraction(2151), "B")], Fraction(2276), "halves up")
    'ARO = (2400 (A) + 2151 (B)) / 2 = 2275.5 → 2276 (halves up)'
    """
    if not terms:
        return f"{label} = – (no game played over the board)"
    mean = sum((v for v, _ in terms), Fraction(0)) / len(terms)
    shown_mean = fmt_decimal(mean) if decimals_needed(mean) is not None else _approx(mean)
    text = f"{label} = ({_terms(terms)}) / {len(terms)} = {shown_mean}"
    if shown is not None and shown != mean:
        text += f" → {fmt_decimal(shown)}" + (f" ({rounding})" if rounding else "")
    return text


def _approx(x: Fraction) -> str:
    return f"{fmt_decimal(x)} ≈ {float(x):.3f}"


def explain_rounds(
    a: Analysis,
    spec: Spec,
    i: int,
    total: Fraction | None,
    rounds: Rounds,
    own: tuple[IntArray, int] | None = None,
) -> str:
    """A sum over rounds in words: each round's value (the opponent's score, or the
    dummy opponent's), times the participant's own weight in that round when ``own``
    is given (the Berger family: the result's weight, or what it scored), with the
    rounds the modifiers cut named at the end."""
    mine = rounds.of(i)
    value = rounds.value[mine]
    weight = None if own is None else [Fraction(int(x), own[1]) for x in own[0][mine]]
    contribution = value if own is None else own[0][mine] * value
    low, high = spec.cuts
    keep = cut_mask(np.zeros(len(mine), dtype=np.int64), 1, contribution, low, high, key=value, vur=rounds.vur[mine])
    if len(mine) <= low + high:
        keep[:] = False
    terms: list[tuple[Fraction, str]] = []
    cut: list[str] = []
    kinds = {(b.participant, b.round): b.kind for b in a.byes}
    for k, e in enumerate(mine):
        score = Fraction(int(rounds.value[e]), rounds.den)
        q = int(rounds.opponent[e])
        rnd = int(rounds.round[e])
        if rounds.played[e]:
            who = a.name(q)
        elif q >= 0:
            who = f"dummy (forfeit against {a.name(q)})"
        else:
            kind = kinds.get((i, rnd), "unplayed")
            who = f"dummy ({'absent' if kind == 'absent' else kind + ' bye'}, round {rnd})"
        if weight is None:
            part, text = score, who
        else:
            part, text = weight[k] * score, weight_phrase(weight[k], who, score, int(rounds.r[e]))
        if keep[k]:
            terms.append((part, text))
        else:
            cut.append(f"{fmt_decimal(part)} ({text})")
    result = sum_text(spec.label, terms, total)
    return result + (f"; cut: {', '.join(cut)}" if cut else "")
