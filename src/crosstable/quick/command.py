"""``crosstable standings FILE -t LIST -o json`` on the quick path (see :mod:`crosstable.quick`).

:func:`run` takes the command line's arguments and either answers (the JSON or CSV on
standard output, the warnings on standard error, status 0) or returns ``None`` having
written nothing, and the full command line runs. It answers only

- ``standings FILE -o``/``--output`` ``json`` or ``csv``, with or without
  ``-t``/``--tiebreaks LIST`` (each at most once, ``--name=value`` too), nothing else;
- FILE a regular file of at most :data:`MOST_BYTES`, read by :mod:`crosstable.quick.trf`;
- the messages in English (:func:`crosstable.languages.default_language`).

Everything else is the full command line's, which gives the same answer (and its
errors) anyway: this path changes the time, never the output.
"""

from __future__ import annotations

import codecs
import os
import sys

from crosstable.languages import default_language
from crosstable.quick import standings, trf
from crosstable.quick.event import Unsupported, decimal_text, json_value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from crosstable.quick.event import Ratio

try:  # the C encoder of JSON strings that json.dumps(..., ensure_ascii=False) uses, without importing json (re)
    from _json import encode_basestring as _string
except ImportError:  # pragma: no cover (an interpreter without CPython's accelerator)
    from json.encoder import py_encode_basestring as _string

MOST_BYTES = 2_000_000
"""The largest file this path reads (a 2,000-player Swiss's TRF is about 1.5 MB)."""


DEFAULTS = {
    "swiss": ("BH/C1,BH,SB,PS,DE,WIN,BWG", "the default for an individual Swiss: preset fide-swiss"),
    "round-robin": ("DE,WIN,SB,KS", "the default for an individual round robin: preset fide-rr"),
}
"""The list without ``--tiebreaks`` and where it comes from, by the event's system: the
presets ``fide-swiss`` and ``fide-rr`` of :mod:`crosstable.rules` (``tests/test_quick.py``
keeps them equal), as :func:`crosstable.ranking.criteria_choice` says it."""


def _options(args: Sequence[str]) -> tuple[str, str | None, str] | None:
    """FILE, the list (``None``: not given) and the output of ``standings FILE [-t LIST]
    -o json|csv``, else ``None``."""
    if len(args) < 2 or args[0] != "standings":
        return None
    file: str | None = None
    given: dict[str, str] = {}
    names = {"-t": "tiebreaks", "--tiebreaks": "tiebreaks", "-o": "output", "--output": "output"}
    rest = list(args[1:])
    while rest:
        word = rest.pop(0)
        key, eq, value = word.partition("=")
        if word.startswith("--") and eq and key in names:
            name = names[key]
        elif word in names and rest:
            name, value = names[word], rest.pop(0)
        elif not word.startswith("-") and file is None and word:
            file = word
            continue
        else:
            return None
        if name in given:
            return None
        given[name] = value
    output = given.get("output")
    if file is None or output not in ("json", "csv"):
        return None
    return file, given.get("tiebreaks"), output


def _utf8(stream: object) -> bool:
    """Whether a standard stream is there and writes UTF-8: otherwise ``click.echo``
    decides what is written (it skips a closed stream and re-wraps an ASCII one)."""
    encoding = getattr(stream, "encoding", None)
    return isinstance(encoding, str) and codecs.lookup(encoding).name == "utf-8"


def _read(path: str) -> str | None:
    """The file's text (UTF-8, else Latin-1), ``None`` when it is not a regular file
    of at most :data:`MOST_BYTES` (the full path says what is wrong). Its kind is asked
    before it is opened: opening a named pipe would wait for a writer, or take its data
    from the full path."""
    try:
        info = os.stat(path)
        if info.st_mode & 0o170000 != 0o100000 or info.st_size > MOST_BYTES:
            return None
        with open(path, "rb") as f:
            raw = f.read(MOST_BYTES + 1)
    except (OSError, ValueError):
        return None
    if len(raw) > MOST_BYTES:
        return None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def dump(x: object) -> str:
    """``json.dumps(x, ensure_ascii=False)`` for the values of the standings' JSON (texts,
    whole numbers, floats, ``None``, lists and dicts of them): the same text, without
    importing :mod:`json` (and with it :mod:`re`), a fifth of a small event's process."""
    if x is None:
        return "null"
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, str):
        return _string(x)
    if isinstance(x, int):
        return int.__repr__(x)
    if isinstance(x, float):
        return float.__repr__(x)
    if isinstance(x, list):
        return "[" + ", ".join(dump(v) for v in x) + "]"
    if isinstance(x, dict):
        return "{" + ", ".join(f"{_string(k)}: {dump(v)}" for k, v in x.items()) + "}"
    raise TypeError(f"not a JSON value: {x!r}")


def to_json(read: trf.Read, result: standings.Table, source: str) -> str:
    """:func:`crosstable.io.writers.to_json` of these standings."""
    event = read.event

    head: dict[str, object] = {
        "event": read.name,
        "format": "trf",
        "system": event.system,
        "rules": {"edition": event.edition, "reason": read.rules_reason} if result.rounds_matter else None,
        "scoring": {"win": 1, "draw": 0.5, "loss": 0},
        "scoring_reason": None,
        "primary": "points",
        "tiebreaks": result.labels,
        "tiebreaks_source": source,
    }
    if read.rounds is not None:
        head["rounds"] = dict(zip(("after", "with_results", "announced"), read.rounds, strict=True))
    rows = ",\n    ".join(
        dump(
            {
                "rank": row.rank,
                "place": row.place,
                "name": row.name,
                "points": json_value(row.points),
                "tiebreaks": {key: json_value(v) for key, v in row.values.items()},
            }
        )
        for row in result.rows
    )
    warnings = ",\n    ".join(dump(w) for w in result.warnings)
    return (
        "{\n  "
        + ",\n  ".join(f"{dump(k)}: {dump(v)}" for k, v in head.items())
        + ',\n  "standings": [\n    '
        + rows
        + '\n  ],\n  "warnings": ['
        + (f"\n    {warnings}\n  " if warnings else "")
        + "]\n}\n"
    )


def _cell(value: Ratio | None) -> str:
    """A CSV cell: the exact decimal (:func:`crosstable.quick.event.decimal_text`), empty when undefined."""
    return "" if value is None else decimal_text(value)


def to_csv(result: standings.Table) -> str:
    """:func:`crosstable.io.writers.to_csv` of these standings (without ``--csv-notes``):
    no cell needs quoting here (a name that would, or that a spreadsheet would take for
    a formula, is Unsupported: :mod:`csv` and ``csv_safe`` decide it on the full path)."""
    lines = [",".join(["rank", "place", "name", "points", *result.labels])]
    for row in result.rows:
        name = row.name
        if name[:1] in ("=", "+", "-", "@", "\t", "\r") or any(ch in name for ch in ',"\r\n') or name != name.strip():
            raise Unsupported("a name the CSV writer quotes or marks")
        cells = [_cell(row.values[k]) for k in result.labels]
        lines.append(",".join([str(row.rank), row.place, name, decimal_text(row.points), *cells]))
    return "\n".join(lines) + "\n"


def run(args: Sequence[str], environ: Mapping[str, str] = os.environ, *, strict: bool = False) -> int | None:
    """Answer ``args`` on the quick path (status 0), or ``None`` with nothing written.

    An exception the quick path did not expect (a defect of its own) is not the user's
    to see: the full command line answers instead, as for any case not taken. The
    tests pass ``strict=True``, which lets it through."""
    options = _options(args)
    if options is None or default_language(environ) != "en" or not (_utf8(sys.stdout) and _utf8(sys.stderr)):
        return None
    file, listed, output = options
    text = _read(file)
    if text is None:
        return None
    try:
        read = trf.read(text, file)
        listed, source = (listed, "as given") if listed is not None else DEFAULTS[read.event.system]
        result = standings.rank_event(read.event, listed, warnings=read.warnings)
        out = to_json(read, result, source) if output == "json" else to_csv(result)
    except Unsupported:
        return None
    except Exception:
        if strict:
            raise
        return None
    try:
        sys.stdout.write(out)
        sys.stdout.flush()
    except BrokenPipeError:
        raise  # the reader went away: crosstable.launch ends as the command line does
    except OSError:  # a disk full: the full command line answers and says so
        return None
    if result.warnings:
        sys.stderr.write("".join(f"warning: {w}\n" for w in result.warnings))
    return 0
