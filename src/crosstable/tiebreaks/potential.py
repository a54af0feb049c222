"""The Laplacian potential and flow (the Hungarian article on the Berger coefficient).

The results table is read as a network in which each participant hands the points it
gave away to those who took them. With ``W[i][j]`` the points i took from j (summed
over their games, in the scoring's points), the Kirchhoff matrix has rows =
receiver, columns = giver::

    L[i][j] = −W[i][j]  (i ≠ j),     L[j][j] = Σ_i W[i][j]  (the points j gave away)

so that every column sums to zero. The **potential** of i is ``det L(i|i)``, the
determinant with row and column i deleted (by the directed matrix-tree theorem, the
weighted count of spanning trees pointing to i); the **flow** is
``potential_i × L[i][i]``. Normalised, the flows are the stationary distribution of
the walk in which each participant passes its weight to those who took points from it.

Computation. Since ``L · potential = 0``, one factorisation gives them all: fix a
participant k, compute ``det L(k|k)`` and solve ``L(k|k) x = −L[·, k] · det L(k|k)``
for the others. Up to :data:`EXACT_LIMIT` participants this is done exactly with
fractions (the potentials are integers when the points are); beyond, in floating
point, normalised to sum to 1: the flows as the stationary distribution of the lazy
walk (an ARPACK eigenvector, sparse products only: a sparse LU of a Swiss event's
Laplacian fills in badly), and the potentials as flow / points given away.

Degenerate tables. The potentials are nonzero exactly for the members of the one
group of participants that every other participant reaches by following "gave points
to" links (the sink of the strongly connected components); someone who never gave
away a point, or a schedule in disconnected parts, leaves such a group small or
makes every potential zero. That is reported, never printed silently as a ranking.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
from numpy.typing import NDArray

from crosstable.fields import bool_argument, check_type
from crosstable.i18n import N_, _, decimal_text, ngettext
from crosstable.model import Tournament, tournament_argument
from crosstable.numbers import show_decimal
from crosstable.tiebreaks.analysis import Analysis
from crosstable.tiebreaks.columns import Column, column_of, sum_by
from crosstable.tiebreaks.registry import criterion
from crosstable.tiebreaks.spec import Spec

EXACT_LIMIT = 60


@dataclass
class Potentials:
    """Potentials and flows, exact (Fractions) or normalised floats."""

    potential: list[Fraction] | NDArray[np.float64]
    flow: list[Fraction] | NDArray[np.float64]
    exact: bool
    warnings: list[str] = field(default_factory=list)

    def normalised(self, which: str = "potential") -> NDArray[np.float64]:
        values = np.array([float(x) for x in (self.potential if which == "potential" else self.flow)])
        total = values.sum()
        return values / total if total else values


def taken_matrix(a: Analysis) -> tuple[Any, int]:
    """``W`` as a sparse integer matrix in units of ``1/D``: points i took from j."""
    from scipy.sparse import csr_matrix  # noqa: PLC0415 - optional: scipy (~150 ms) only for POT, FLOW

    n = a.n
    keep = a.pts > 0
    w = csr_matrix((a.pts[keep].astype(np.int64), (a.p[keep], a.q[keep])), shape=(n, n), dtype=np.int64)
    w.sum_duplicates()
    return w, a.D


def kirchhoff(w: Any) -> Any:
    """``L = diag(points given away) − W`` (sparse)."""
    from scipy.sparse import diags  # noqa: PLC0415 - optional: scipy, see taken_matrix

    given = np.asarray(w.sum(axis=0)).ravel()
    return (diags(given, dtype=np.int64) - w).tocsr()


def sink_component(w: Any) -> tuple[NDArray[np.int64] | None, list[list[int]]]:
    """The members of the unique sink of the "gave points to" graph, or None when
    there are several sinks; and the list of sinks."""
    from scipy.sparse.csgraph import connected_components  # noqa: PLC0415 - optional: scipy

    gives = w.T.tocsr()  # gives[j, i] > 0: j gave points to i
    count, label = connected_components(gives, directed=True, connection="strong")
    if count == 1:
        return np.arange(w.shape[0]), [list(range(w.shape[0]))]
    coo = gives.tocoo()
    out = np.zeros(count, dtype=bool)
    cross = label[coo.row] != label[coo.col]
    out[label[coo.row[cross]]] = True
    sinks = [np.nonzero(label == c)[0].tolist() for c in range(count) if not out[c]]
    if len(sinks) == 1:
        return np.array(sinks[0], dtype=np.int64), sinks
    return None, sinks


def potentials(t: Tournament, *, exact: bool | None = None, analysis: Analysis | None = None) -> Potentials:
    """The potentials and flows of every participant (see the module docstring).
    ``exact``: ``None`` (exact up to :data:`EXACT_LIMIT` participants) or a ``bool``;
    ``analysis``: ``None`` or the :class:`Analysis` of ``t``. A wrong type raises an
    ``ArgumentError`` (:mod:`crosstable.fields`)."""
    t = tournament_argument(t)
    if exact is not None:
        exact = bool_argument(exact, "exact")
    if analysis is not None:
        # TRANSLATORS: what a library argument must be (Analysis is a Python class: keep it)
        check_type(analysis, Analysis, "analysis", N_("None or an Analysis of the tournament"))
    a = analysis or Analysis(t)
    n = a.n
    w, d = taken_matrix(a)
    lap = kirchhoff(w)
    root, sinks = sink_component(w)
    names = t.names
    warnings: list[str] = []
    use_exact = n <= EXACT_LIMIT if exact is None else exact
    if root is None:
        groups = "; ".join(", ".join(names[i] for i in s[:4]) + (" …" if len(s) > 4 else "") for s in sinks[:3])
        warnings.append(
            # TRANSLATORS: {groups} lists the groups, separated by "; " (their first names, then …).
            ngettext(
                "degenerate results table: it splits into {count} group that gives no points to the others "
                "({groups}); every potential is 0 and ranks nobody",
                "degenerate results table: it splits into {count} groups that give no points to the others "
                "({groups}); every potential is 0 and ranks nobody",
                len(sinks),
            ).format(count=len(sinks), groups=groups)
        )
        zeros: list[Fraction] = [Fraction(0)] * n
        if use_exact:
            return Potentials(zeros, list(zeros), True, warnings)
        return Potentials(np.zeros(n), np.zeros(n), False, warnings)
    taken = np.asarray(w.sum(axis=1)).ravel()
    outside = np.setdiff1d(np.arange(n), root)
    stranded = outside[taken[outside] > 0]  # took points, yet potential 0 (a zero score is simply 0)
    if len(stranded):
        shown = ", ".join(names[i] for i in stranded[:6].tolist()) + (" …" if len(stranded) > 6 else "")
        warnings.append(
            # TRANSLATORS: {count} participants (English keeps the plural even for one) named in {names};
            # {size} is the number of participants in the top group.
            ngettext(
                "degenerate results table: {count} participants who took points ({names}) have potential 0, "
                "because no path of points given leads from the top group of {size} back to them",
                "degenerate results table: {count} participants who took points ({names}) have potential 0, "
                "because no path of points given leads from the top group of {size} back to them",
                len(stranded),
            ).format(count=len(stranded), names=shown, size=len(root))
        )
    k = int(root[0])
    given = np.asarray(w.sum(axis=0)).ravel()
    if use_exact:
        pot = _exact(lap.toarray(), k, d)
        flow = [p * Fraction(int(given[i]), d) for i, p in enumerate(pot)]
        return Potentials(pot, flow, True, warnings)
    # Only the sink group C has nonzero potentials, and it gives points only within
    # itself: its own Laplacian is that of a strongly connected table.
    fpot, fflow = np.zeros(n), np.zeros(n)
    if len(root) == 1:
        fpot[root] = 1.0  # a lone participant who gave nothing away: flow 0
        return Potentials(fpot, fflow, False, warnings)
    sub = w[root][:, root]
    flow_c, converged = _stationary(sub, given[root])
    if not converged:
        warnings.append(_("the flows did not converge to 1e-13; values are approximate"))
    pot_c = flow_c / given[root]
    fpot[root] = pot_c / pot_c.sum()
    fflow[root] = flow_c
    return Potentials(fpot, fflow, False, warnings)


def _exact(lap: NDArray[np.int64], k: int, d: int) -> list[Fraction]:
    """Exact potentials in points: one elimination of ``L(k|k)`` with fractions."""
    n = lap.shape[0]
    others = [i for i in range(n) if i != k]
    m = [[Fraction(int(lap[i, j])) for j in others] + [Fraction(-int(lap[i, k]))] for i in others]
    det = Fraction(1)
    size = len(others)
    for c in range(size):
        pivot = next((r for r in range(c, size) if m[r][c] != 0), None)
        if pivot is None:
            return [Fraction(0)] * n
        if pivot != c:
            m[c], m[pivot] = m[pivot], m[c]
            det = -det
        det *= m[c][c]
        inv = 1 / m[c][c]
        row_c = [x * inv for x in m[c]]
        m[c] = row_c
        for r in range(size):
            if r != c and m[r][c] != 0:
                f = m[r][c]
                m[r] = [x - f * y for x, y in zip(m[r], row_c, strict=True)]
    # det L(k|k) in units of 1/D per entry: a determinant of order n−1 scales by D^(n−1)
    scale = Fraction(1, d ** (n - 1))
    pot_k = det * scale
    out = [Fraction(0)] * n
    out[k] = pot_k
    for r, i in enumerate(others):
        out[i] = m[r][size] * pot_k
    return out


def _stationary(w: Any, given: NDArray[Any], tol: float = 1e-13) -> tuple[NDArray[np.float64], bool]:
    """Normalised flows of a strongly connected table (everyone gave something): the
    stationary distribution of the lazy walk ``f ← (f + M f) / 2`` with
    ``M[i][j] = W[i][j] / given_j``, as the eigenvector of eigenvalue 1 (ARPACK, one
    sparse product per step; the lazy walk makes 1 the only eigenvalue of largest
    modulus). Power iteration if ARPACK does not converge."""
    from scipy.sparse import diags, identity  # noqa: PLC0415 - optional: scipy
    from scipy.sparse.linalg import ArpackNoConvergence, eigs  # noqa: PLC0415 - optional: scipy

    n = w.shape[0]
    walk = (0.5 * (identity(n) + w.astype(float) @ diags(1.0 / given.astype(float)))).tocsr()
    try:
        if n < 3:
            raise ArpackNoConvergence("too small for ARPACK", None, None)
        _values, vectors = eigs(walk, k=1, which="LM", tol=tol, v0=np.full(n, 1.0 / n))
        f = np.abs(np.real(vectors[:, 0]))
        f /= f.sum()
        if np.abs(walk @ f - f).sum() < 1e-9:
            f[f < 1e-15 * f.max()] = 0.0
            return np.asarray(f / f.sum(), dtype=np.float64), True
    except ArpackNoConvergence:
        pass
    f = np.full(n, 1.0 / n)
    for _step in range(100_000):
        nxt = walk @ f
        nxt /= nxt.sum()
        if np.abs(nxt - f).sum() < tol:
            return np.asarray(nxt, dtype=np.float64), True
        f = nxt
    return np.asarray(f, dtype=np.float64), False


def _column(values: Sequence[Fraction] | NDArray[np.float64]) -> Column:
    return column_of([v if isinstance(v, Fraction) else Fraction(float(v)) for v in values])


def _cached(a: Analysis) -> Potentials:
    if "potentials" not in a.cache:
        result = potentials(a.t, analysis=a)
        a.notes.extend(result.warnings)
        a.cache["potentials"] = result
    cached: Potentials = a.cache["potentials"]
    return cached


@criterion("POT", "Laplacian potential")
def potential(a: Analysis, spec: Spec) -> Column:
    """Laplacian potential: ``det L(i|i)`` of the Kirchhoff matrix of the points taken.

    Source: the Hungarian article on the Berger coefficient (the Laplacian potential).
    Exact for up to 60 participants, normalised floats beyond.

    Example (2018 World Cup group H, 3-1-0; docs/sources.md): Colombia 81, Japan 72, Senegal
    45, Poland 36; the three-contestant example: Alena 5, Varvara 4, Sofia 7.
    """
    return _column(_cached(a).potential)


@criterion("FLOW", "Laplacian flow")
def flow(a: Analysis, spec: Spec) -> Column:
    """Laplacian flow: ``potential_i × L[i][i]``, the potential times the points the
    participant gave away; normalised, the stationary distribution of the walk.

    Source: the Hungarian article on the Berger coefficient. Example (2018 group H):
    Colombia 243, Japan 288, Senegal 180, Poland 216.
    """
    return _column(_cached(a).flow)


def _explain(a: Analysis, spec: Spec, i: int, group: Sequence[int]) -> str:
    result = _cached(a)
    value = (result.potential if spec.code == "POT" else result.flow)[i]
    given = Fraction(int(sum_by(a.q, a.pts, a.n)[i]), a.D)
    if isinstance(value, Fraction):
        text = show_decimal(value)
    else:
        # TRANSLATORS: a potential or flow scaled so that they add up to 1.
        text = _("{value} (normalised)").format(value=decimal_text(f"{float(value):.6g}"))
    if spec.code == "POT":
        return f"POT = det L({a.name(i)}|{a.name(i)}) = {text}"
    return _("FLOW = potential × points given away ({given}) = {value}").format(given=show_decimal(given), value=text)


potential.explainer(_explain)
flow.explainer(_explain)
