"""The codes every layer shares, as plain data (no import): one side's outcome of a
game, a game's status, and the result letters of FIDE's TRF format (TRF-16, TRF-2026).
The model (:mod:`crosstable.model`), the TRF reader (:mod:`crosstable.io.trf`) and the
quick path (:mod:`crosstable.quick`) read them from here.
"""

LOSS, DRAW, WIN = 0, 1, 2
"""Outcome codes of one side of a game."""

PLAYED, FORFEIT, PENDING = 0, 1, 2
"""Status codes of a game: played over the board, decided by forfeit, not played yet."""

TRF_OUTCOME = {"1": WIN, "0": LOSS, "=": DRAW, "W": WIN, "D": DRAW, "L": LOSS, "+": WIN, "-": LOSS}
"""A TRF result letter's outcome for its side: ``1 0 =`` played, ``W D L`` played but
not rated, ``+ -`` a forfeit won or lost."""
TRF_HALVES = {"1": 2, "0": 0, "=": 1, "W": 2, "D": 1, "L": 0, "+": 2, "-": 0}
"""A TRF result letter's score for its side, in half-points (1-½-0 whatever the scoring)."""
TRF_MIRROR = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}
"""The other side's letter of a result (a side left blank takes its opponent's mirror)."""
TRF_PLAYED = "10=WDL"
"""The letters of a game played over the board."""
TRF_FORFEIT = "+-"
"""The letters of a forfeit."""
TRF_BYE_KIND = {"U": "pab", "F": "full", "+": "full", "H": "half", "Z": "zero", "-": "zero"}
"""A result letter without an opponent: the bye it is (:data:`crosstable.model.BYE_KINDS`)."""
