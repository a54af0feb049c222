"""Straightforward re-statements of the definitions, game by game with Fractions.

Used as an independent oracle in property tests: they share no code with the
vectorised implementation beyond the tournament model's list of games.
"""

from __future__ import annotations

from fractions import Fraction

from crosstable.model import FORFEIT, PENDING, Tournament

F = Fraction


def results(t: Tournament) -> list[list[tuple[int, str, Fraction]]]:
    """For each participant: (opponent, 'W'/'D'/'L', points) per counted game."""
    out: list[list[tuple[int, str, Fraction]]] = [[] for _ in t.names]
    for g in t.games:
        if g.status == PENDING:
            continue
        for me, opp, mine, theirs in (
            (g.white, g.black, g.white_score, g.black_score),
            (g.black, g.white, g.black_score, g.white_score),
        ):
            if g.status == FORFEIT and mine == theirs:
                o = "L"
            else:
                o = "W" if mine > theirs else "D" if mine == theirs else "L"
            pts = {"W": t.scoring.win, "D": t.scoring.draw, "L": t.scoring.loss}[o]
            out[me].append((opp, o, pts))
    return out


def scores(t: Tournament) -> list[Fraction]:
    return [sum((p for _, _, p in games), F(0)) for games in results(t)]


def weighted(t: Tournament, w: tuple[Fraction, Fraction, Fraction]) -> list[Fraction]:
    s = scores(t)
    weight = {"W": w[0], "D": w[1], "L": w[2]}
    return [sum((weight[o] * s[q] for q, o, _ in games), F(0)) for games in results(t)]


def buchholz(t: Tournament, low: int = 0, high: int = 0) -> list[Fraction]:
    s = scores(t)
    out = []
    for games in results(t):
        vals = sorted(s[q] for q, _, _ in games)
        kept = vals[low : len(vals) - high]
        out.append(sum(kept, F(0)) if len(vals) > low + high else F(0))
    return out


def koya(t: Tournament, limit: int = 0) -> list[Fraction]:
    res = results(t)
    share = [sum((F(1) if o == "W" else F(1, 2) if o == "D" else F(0)) for _, o, _ in g) for g in res]
    ok = [len(g) > 0 and share[k] >= F(len(g), 2) + limit for k, g in enumerate(res)]
    return [sum((p for q, _, p in g if ok[q]), F(0)) for g in res]


def gelbfuhs(t: Tournament) -> list[Fraction]:
    res = results(t)
    s = scores(t)
    f = {"W": F(1), "D": F(1, 2), "L": F(0)}
    return [sum((f[o] * (1 + s[q] / (len(res[q]) * t.scoring.win)) for q, o, _ in g), F(0)) for g in res]


def wins(t: Tournament) -> list[int]:
    return [sum(1 for _, o, _ in g if o == "W") for g in results(t)]
