"""Sums in words: the explanation of a coefficient as its terms, each with what it is
made of, and the total (``SB = 2.5 (½ of Mikhailov's 5) + 2.25 (½ of Alexandrov's
4½) + … = 9``), shared by every coefficient that is a sum over rounds.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from crosstable.i18n import N_, _, decimal_text
from crosstable.model import DRAW, LOSS, WIN, IntArray
from crosstable.numbers import decimals_needed, show_decimal, show_vulgar
from crosstable.tiebreaks.analysis import Analysis, Rounds
from crosstable.tiebreaks.cuts import cut_mask
from crosstable.tiebreaks.spec import Spec

# TRANSLATORS: a term of a weighted sum (Sonneborn–Berger and its family) whose weight
# is 0: the result against the opponent {name}, which adds nothing.
_WEIGHT_ZERO = {WIN: N_("win over {name}"), DRAW: N_("draw with {name}"), LOSS: N_("loss to {name}")}
_WEIGHT_MINUS_ONE = {
    # TRANSLATORS: a term of a weighted sum whose weight is −1 (simplified Berger): the
    # score {score} of the opponent {name}, subtracted, and the result against it.
    WIN: N_("{name}'s {score}, win"),
    DRAW: N_("{name}'s {score}, draw"),
    LOSS: N_("{name}'s {score}, loss"),
}


def weight_phrase(w: Fraction, name: str, score: Fraction, outcome: int) -> str:
    """How a weighted opponent's score reads: ``½ of Alexandrov's 4½``, ``all of Kalchev's 1``,
    ``loss to Mikhailov`` (weight 0), ``Mikhailov's 5, loss`` (weight −1).

    >>> weight_phrase(Fraction(1, 2), "Alexandrov", Fraction(9, 2), DRAW)
    "½ of Alexandrov's 4½"
    >>> [weight_phrase(Fraction(w), "Mikhailov", Fraction(5), LOSS) for w in (0, -1)]
    ['loss to Mikhailov', "Mikhailov's 5, loss"]
    """
    shown = show_vulgar(score)
    if w == 0:
        return _(_WEIGHT_ZERO[outcome]).format(name=name)
    if w == 1:
        # TRANSLATORS: a term of a weighted sum (Sonneborn–Berger): the whole score {score}
        # of the opponent {name} (the participant won against it).
        return _("all of {name}'s {score}").format(name=name, score=shown)
    if w == -1:
        return _(_WEIGHT_MINUS_ONE[outcome]).format(name=name, score=shown)
    if w == Fraction(1, 2):
        # TRANSLATORS: a term of a weighted sum (Sonneborn–Berger): half the score {score}
        # of the opponent {name} (the participant drew with it).
        return _("½ of {name}'s {score}").format(name=name, score=shown)
    if 0 < w < 1:
        # TRANSLATORS: a term of a weighted sum: the fraction {weight} (¼, 0.75…) of the
        # score {score} of the opponent {name}.
        return _("{weight} of {name}'s {score}").format(weight=show_vulgar(w), name=name, score=shown)
    # TRANSLATORS: a term of a weighted sum: the weight {weight} (2, 1½…) times the score
    # {score} of the opponent {name}.
    return _("{weight} × {name}'s {score}").format(weight=show_vulgar(w), name=name, score=shown)


def sum_text(
    label: str, terms: Sequence[tuple[Fraction, str]], total: Fraction | None, empty: str | None = None
) -> str:
    """``LABEL = t1 (why) + t2 (why) − t3 (why) = total``, the style of the worked
    examples of the encyclopedia article on the Sonneborn–Berger coefficient; with no
    term, ``LABEL = 0 (empty) = total`` (``empty`` in the current language; by default
    "no games").

    >>> sum_text("SB", [(Fraction(5, 2), "½ of Mikhailov's 5"), (Fraction(1), "all of Kalchev's 1")], Fraction(7, 2))
    "SB = 2.5 (½ of Mikhailov's 5) + 1 (all of Kalchev's 1) = 3.5"
    """
    if not terms:
        why = _("no games") if empty is None else empty
        return f"{label} = {show_decimal(Fraction(0))} ({why}) = {show_decimal(total)}"
    return f"{label} = {_terms(terms)} = {show_decimal(total)}"


def _terms(terms: Sequence[tuple[Fraction, str]]) -> str:
    """The terms joined by ``+`` and ``−`` (the operators); a negative first term is a
    negative number, with the minus sign of every number shown (``-5``, as
    :func:`~crosstable.numbers.show_decimal` writes it).

    >>> _terms([(Fraction(-5), "a"), (Fraction(5, 2), "b"), (Fraction(-4), "")])
    '-5 (a) + 2.5 (b) − 4'
    """
    parts: list[str] = []
    for k, (value, why) in enumerate(terms):
        shown = show_decimal(value if k == 0 else abs(value))
        text = f"{shown} ({why})" if why else shown
        parts.append(text if k == 0 else f"{'−' if value < 0 else '+'} {text}")
    return " ".join(parts)


def average_text(label: str, terms: Sequence[tuple[Fraction, str]], shown: Fraction | None, rounding: str = "") -> str:
    """``LABEL = (t1 (why) + t2 (why)) / n = mean``, and ``→ shown (rounding)`` when
    the value shown is the mean rounded (``rounding``: words in the current language).

    >>> average_text("ARO", [(Fraction(2400), "A"), (Fraction(2150), "B")], Fraction(2275))
    'ARO = (2400 (A) + 2150 (B)) / 2 = 2275'
    >>> average_text("ARO", [(Fraction(2400), "A"), (Fraction(2151), "B")], Fraction(2276), "halves up")
    'ARO = (2400 (A) + 2151 (B)) / 2 = 2275.5 → 2276 (halves up)'
    """
    if not terms:
        # TRANSLATORS: {label} is a criterion's code (ARO, AOB…): its value is undefined.
        return _("{label} = – (no game played over the board)").format(label=label)
    mean = sum((v for v, _why in terms), Fraction(0)) / len(terms)
    shown_mean = show_decimal(mean) if decimals_needed(mean) is not None else _approx(mean)
    text = f"{label} = ({_terms(terms)}) / {show_decimal(Fraction(len(terms)))} = {shown_mean}"
    if shown is not None and shown != mean:
        text += f" → {show_decimal(shown)}" + (f" ({rounding})" if rounding else "")
    return text


def _approx(x: Fraction) -> str:
    return f"{show_decimal(x)} ≈ {decimal_text(f'{float(x):.3f}')}"


_DUMMY = {
    # TRANSLATORS: the dummy opponent of a round without an opponent (FIDE C.07 art. 16)
    # in a sum over rounds; "pab" is a pairing-allocated bye, "full"/"half"/"zero" a
    # full-, half-, zero-point bye.
    "absent": N_("dummy (absent, round {round})"),
    "pab": N_("dummy (pab bye, round {round})"),
    "full": N_("dummy (full bye, round {round})"),
    "half": N_("dummy (half bye, round {round})"),
    "zero": N_("dummy (zero bye, round {round})"),
    "unplayed": N_("dummy (unplayed bye, round {round})"),
}


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
            # TRANSLATORS: the dummy opponent of a round lost or won by forfeit (FIDE C.07 art. 16).
            who = _("dummy (forfeit against {name})").format(name=a.name(q))
        else:
            kind = kinds.get((i, rnd), "unplayed")
            shown_round = show_decimal(Fraction(rnd))
            if kind in _DUMMY:
                who = _(_DUMMY[kind]).format(round=shown_round)
            else:
                who = _("dummy ({kind} bye, round {round})").format(kind=kind, round=shown_round)
        if weight is None:
            part, text = score, who
        else:
            part, text = weight[k] * score, weight_phrase(weight[k], who, score, int(rounds.r[e]))
        if keep[k]:
            terms.append((part, text))
        else:
            cut.append(f"{show_decimal(part)} ({text})")
    result = sum_text(spec.label, terms, total)
    # TRANSLATORS: after a sum, the terms the cut modifiers (/C1, /M1…) left out.
    return result + ("; " + _("cut: {terms}").format(terms=", ".join(cut)) if cut else "")
