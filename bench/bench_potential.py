"""Benchmark of the Laplacian potential (issue: leagues, football and the potential).

Generated with a fixed seed (not real events):

- a dense 2,000-player round robin (1,999,000 games, chess results);
- a sparse 50,000-player, 9-round Swiss-like event (random pairings each round;
  a player who never gave away a point gets one draw, so the table is not degenerate).

Measured in the same run: ours (``crosstable.tiebreaks.potential.potentials``, whole
computation from the tournament), the straightforward n-determinants method
(``numpy.linalg.slogdet`` of every minor ``L(i|i)``: timed on a few minors and
extrapolated, its values checked on a 200-player table), ``scipy.sparse.linalg.eigs``
for the stationary vector of the walk, ``scipy.sparse.linalg.spsolve`` (sparse LU) on
the minor, and ``networkx.pagerank`` with ``alpha=1`` (the same walk). Targets: dense
2,000 under 2 s, sparse 50,000 under 5 s.

    .venv-bench/bin/pip install -e . -r bench/requirements.txt
    .venv-bench/bin/python bench/bench_potential.py
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import numpy as np

from crosstable import Tournament
from crosstable.tiebreaks import Analysis
from crosstable.tiebreaks.potential import kirchhoff, potentials, taken_matrix


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def round_robin(n: int, rng: np.random.Generator) -> Tournament:
    iu, ju = np.triu_indices(n, 1)
    res = rng.integers(0, 3, size=len(iu))
    return Tournament(names=[f"P{k}" for k in range(n)], white=iu, black=ju, white_score=res, black_score=2 - res)


def swiss(n: int, rounds: int, rng: np.random.Generator) -> Tournament:
    ws, bs, rs, rd = [], [], [], []
    for r in range(rounds):
        perm = rng.permutation(n)
        ws.append(perm[0::2])
        bs.append(perm[1::2])
        rs.append(rng.integers(0, 3, size=n // 2))
        rd.append(np.full(n // 2, r + 1))
    w, b, res = np.concatenate(ws), np.concatenate(bs), np.concatenate(rs)
    gave = np.zeros(n)
    np.add.at(gave, w, 2 - res)
    np.add.at(gave, b, res)
    for p in np.nonzero(gave == 0)[0]:
        res[np.nonzero((w == p) | (b == p))[0][-1]] = 1
    names = [f"P{k}" for k in range(n)]
    return Tournament(names=names, white=w, black=b, white_score=res, black_score=2 - res, rounds=np.concatenate(rd))


def walk_matrix(t: Tournament) -> Any:
    from scipy.sparse import diags  # noqa: PLC0415 - a peer measured here

    w, _ = taken_matrix(Analysis(t))
    given = np.asarray(w.sum(axis=0)).ravel().astype(float)
    return (w.astype(float) @ diags(1.0 / given)).tocsr(), w


def ndeterminants(t: Tournament, rows: list[int]) -> Any:
    """log det L(i|i) for the given rows (the determinants overflow floats)."""
    lap = kirchhoff(taken_matrix(Analysis(t))[0]).toarray().astype(float)
    out = []
    for i in rows:
        keep = [k for k in range(lap.shape[0]) if k != i]
        _sign, logdet = np.linalg.slogdet(lap[np.ix_(keep, keep)])
        out.append(logdet)
    return np.array(out)


def eigs_flow(walk: Any) -> Any:
    from scipy.sparse.linalg import eigs  # noqa: PLC0415 - a peer measured here

    _values, vecs = eigs(walk, k=1, which="LM", tol=1e-13)
    v = np.abs(np.real(vecs[:, 0]))
    return v / v.sum()


def networkx_flow(w: Any) -> Any:
    import networkx as nx  # noqa: PLC0415 - a peer measured here

    coo = w.tocoo()  # w[i, j]: i took from j; the walk goes from giver j to taker i
    g = nx.DiGraph()
    g.add_nodes_from(range(w.shape[0]))
    g.add_weighted_edges_from(zip(coo.col.tolist(), coo.row.tolist(), coo.data.tolist(), strict=True))
    pr = nx.pagerank(g, alpha=1.0, tol=1e-12, max_iter=10_000)
    v = np.array([pr[k] for k in range(w.shape[0])])
    return v / v.sum()


def main() -> None:
    rng = np.random.default_rng(2026)

    # check the one-solve against the n-determinants definition on 200 players
    small = round_robin(200, rng)
    ours_small = potentials(small, exact=False).normalised()
    logdets = ndeterminants(small, list(range(200)))
    shares = np.exp(logdets - logdets.max())
    shares /= shares.sum()
    print(f"200-player check: max |ours - n-determinants| (normalised) = {np.abs(ours_small - shares).max():.2e}")

    dense = round_robin(2000, rng)
    t_ours, res = timed(lambda: potentials(dense))
    t_three, _ = timed(lambda: ndeterminants(dense, [0, 1, 2]))
    t_ndet = t_three / 3 * 2000
    walk, w = walk_matrix(dense)
    t_eigs, ev = timed(lambda: eigs_flow(walk))
    print(f"\ndense 2,000-player round robin ({len(dense.white):,} games)")
    print(f"  ours (whole computation from the tournament): {t_ours:.2f} s   target < 2 s")
    print(f"  n-determinants (3 minors timed, x 2,000/3):   {t_ndet:.0f} s  -> {t_ndet / t_ours:.0f}x slower")
    diff = np.abs(ev - res.normalised("flow")).max()
    print(f"  scipy eigs on the walk:                       {t_eigs:.2f} s  (max flow difference {diff:.1e})")

    sparse = swiss(50_000, 9, rng)
    t_ours, res = timed(lambda: potentials(sparse))
    walk, w = walk_matrix(sparse)
    t_eigs, ev = timed(lambda: eigs_flow(walk))
    t_nx, nxf = timed(lambda: networkx_flow(w))
    print(f"\nsparse 50,000-player, 9-round Swiss-like event ({len(sparse.white):,} games)")
    print(f"  ours (whole computation from the tournament): {t_ours:.2f} s   target < 5 s")
    print(f"  scipy eigs on the walk:  {t_eigs:.2f} s  (max flow difference {np.abs(ev - res.flow).max():.1e})")
    print(f"  networkx pagerank(alpha=1): {t_nx:.2f} s  (max flow difference {np.abs(nxf - res.flow).max():.1e})")
    mid = swiss(5_000, 9, rng)
    lap = kirchhoff(taken_matrix(Analysis(mid))[0]).tocsc().astype(float)

    def lu() -> Any:
        from scipy.sparse.linalg import spsolve  # noqa: PLC0415 - a peer measured here

        return spsolve(lap[1:, 1:], -lap[1:, 0].toarray().ravel())

    t_lu, _ = timed(lu)
    t_mid, _ = timed(lambda: potentials(mid))
    print(f"  sparse LU (spsolve) on a 5,000-player event: {t_lu:.2f} s against ours {t_mid:.3f} s (fill-in;")
    print("  on 50,000 players it did not finish in 10 minutes)")


if __name__ == "__main__":
    main()
