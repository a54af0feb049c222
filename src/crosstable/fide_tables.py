"""FIDE's rating tables, as plain data (no import): the rating criteria of both paths
read them (:mod:`crosstable.tiebreaks.rating`, :mod:`crosstable.quick.criteria`).

Source: FIDE Handbook B.02 (the rating regulations), table 8.1(a) and 8.1(b).
"""

DP_TABLE = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184,
    193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501,
    538, 589, 677, 800,
]  # fmt: skip
"""Table 8.1(a): the rating difference dp for a percentage score p = 50 … 100
(dp(100 − p) = −dp(p))."""

PD_LIMITS = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162, 170, 179, 188,
    197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374, 391, 411, 432, 456, 484, 517,
    559, 619, 735,
]  # fmt: skip
"""Table 8.1(b): the upper end of each rating-difference range whose expected score (in
percent) is 50, 51, … 99; beyond the last, 100."""
