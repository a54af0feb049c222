"""Whole archives: every file of a season ranked, on one machine or a Dask cluster.

``crosstable batch PATHS…`` ranks every file it is given (directories are walked,
globs expanded; every format :func:`crosstable.read` reads) and writes, as the
results come in:

- ``.jsonl``: one JSON object per file: ``--output json`` of ``crosstable standings``
  (the same function writes both) with ``file`` added, or ``{"file", "error"}`` for a
  file that cannot be read (``file:line:col: message``);
- ``.csv`` and ``.parquet``: one row per participant: ``file, event, rank, place,
  name, points`` and one column per criterion of the list given (``-t``/``--rules``),
  plus ``criteria`` (the list that ranked the file) and ``tiebreaks`` (every value as
  a JSON object, for files ranked by lists of their own); a file that cannot be read
  gives one row with ``error`` set.

Decisions:

- **Values** are those of ``--output json`` (:meth:`crosstable.ranking.Standings.to_dict`);
  undefined values are ``null`` (empty in CSV).
- **A competition in groups** (a ``group`` column) gives the record of ``standings
  -o json`` for competitions (``groups``, the ranking across groups, the knockout
  round); in CSV and Parquet its rows are each group's, the group named after the
  event (``event (group A)``).
- **One bad file never stops the batch**: its error record is written and the batch
  goes on; the exit status is 0 when every file was read, 1 when some were not (the
  summary says how many), 2 only when the batch itself cannot run (no file, a bad
  option, an output that cannot be written).
- **``--check``** writes only the disagreements between what each file prints (TRF
  points, a crosstable's summary columns: points, places, coefficients) and what we
  compute: one record per value (``file, participant, what, printed, computed, line,
  column``). In CSV a file without disagreements leaves no row, so ``--resume`` checks
  it again; JSON lines keep its name.
- **Streaming and ``--resume``**: JSON lines and CSV rows are appended and flushed
  as each task (:data:`CHUNK` files) finishes, so that an interrupted batch keeps what
  it did; ``--resume`` reads the output, refuses one written with other options,
  redoes the last file (an interruption may have cut it) and skips the others already
  there. Paths are compared as normalised; the same files under another working
  directory are other paths. A Parquet file cannot be appended to: it is written when
  the batch completes, from a side file of JSON lines that ``--resume`` continues
  (or, for a finished file, from its rows). The exit status counts this run's files.
- **Distribution**: files are grouped into tasks of :data:`CHUNK` files and run on a
  ``dask.distributed`` cluster: a ``LocalCluster`` of ``--workers`` processes (one
  thread each) unless ``--scheduler ADDRESS`` names a running one; the workers get
  absolute paths (their working directory is not ours). The same code runs either
  way; results stream back in the order they finish. ``--workers 0`` runs in this
  process without Dask (what the comparison in ``bench/`` measures against).
- **Where, by default** (neither ``--workers`` nor ``--scheduler``): in this process
  when the files hold less than :data:`IN_PROCESS_BYTES` together, else on a local
  cluster of the machine's cores. This process ranks about 2 MB of tournament files a
  second (the 21 real files of ``tests/data/real``, 0.56 MB, in 0.3 s); a local cluster
  takes 3 to 17 s to start (measured on 2 cores, idle and loaded) and can at best
  divide the work by the number of cores, so on 2 cores it gains only once the work
  takes longer than twice its start: beyond some 30 s, 60 MB. A few dozen files start
  at once; a whole archive goes to the cluster.
"""

from __future__ import annotations

import csv
import dataclasses
import glob
import io
import json
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from crosstable.competition import rank_competition
from crosstable.errors import CrosstableError
from crosstable.i18n import _, using
from crosstable.io import decode, read_text
from crosstable.model import Tournament
from crosstable.ranking import disagreements, rank
from crosstable.rules import preset
from crosstable.tiebreaks import Spec, parse_list

CHUNK = 20
"""Files per task sent to a worker."""
IN_PROCESS_BYTES = 32 * 1024 * 1024
"""Below this many bytes of files together, a batch with neither ``--workers`` nor
``--scheduler`` runs in this process (the module docstring says why)."""
OUTPUTS = (".jsonl", ".csv", ".parquet")
BASE_COLUMNS = ["file", "event", "rank", "place", "name", "points"]
"""The first columns of the CSV and Parquet outputs: data's names, the same in every
language (as the JSON lines' keys; ``--resume`` compares them)."""


def expand(paths: Sequence[str]) -> list[str]:
    """Every regular file the paths name: files as given, directories walked (hidden
    entries skipped; symbolic links to directories not followed), patterns with ``*``,
    ``?`` or ``[`` expanded (``**`` for any depth); in order, each once (a file reached
    by two spellings or links counts once, under its first). Paths are normalised
    (``./a/b`` is ``a/b``). A path that names nothing is an error; a FIFO or a device
    is skipped (reading one would wait forever)."""
    out: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                out.extend(os.path.join(root, f) for f in sorted(files) if not f.startswith("."))
        elif os.path.exists(p):
            out.append(p)
        elif any(c in p for c in "*?["):
            found = sorted(glob.glob(p, recursive=True))
            if not found:
                raise CrosstableError(_("{path}: no file matches").format(path=p))
            out.extend(found)
        else:
            raise CrosstableError(_("{path}: no such file or directory").format(path=p))
    seen: set[str] = set()
    regular: list[str] = []
    for f in out:
        real = os.path.realpath(f)
        if real in seen or not os.path.isfile(f):
            continue
        seen.add(real)
        regular.append(os.path.normpath(f))
    return regular


def rank_file(
    path: str, tiebreaks: str | None, rules: str | None, check: bool, where: str | None = None
) -> dict[str, Any]:
    """One file's record (plain data, sent back from a worker). ``where`` is where the
    worker finds the file (an absolute path: a worker's directory is not the client's);
    the record names it ``path``, as the user wrote it."""
    try:
        raw = Path(where or path).read_bytes()
    except OSError as e:
        return {
            "file": path,
            # TRANSLATORS: {reason} is the system's reason (in English: No such file or directory).
            "error": _("{path}: cannot read the file: {reason}").format(path=path, reason=e.strerror or e),
        }
    try:
        t = read_text(decode(raw), source=path)
        if t.groups is not None:
            return _competition_record(path, t, tiebreaks, rules, check)
        s = rank(t, tiebreaks, rules=rules)
    except CrosstableError as e:
        return {"file": path, "error": str(e)}
    except (OSError, UnicodeError, ValueError, MemoryError) as e:  # a file the readers did not expect
        return {"file": path, "error": f"{path}: {type(e).__name__}: {e}"}
    standings = s.to_dict()  # once: it computes every row's values
    if check:
        found = [dataclasses.asdict(d) for d in disagreements(s)]
        return {"file": path, "event": standings["event"], "disagreements": found}
    return {"file": path, **standings}


def _competition_record(
    path: str, t: Tournament, tiebreaks: str | None, rules: str | None, check: bool
) -> dict[str, Any]:
    """A competition in groups: the record of ``standings -o json`` (``groups``, the
    ranking across groups, the knockout round); checked group by group."""
    c = rank_competition(t, tiebreaks, rules=rules)
    data = c.to_dict()
    if check:
        found = [dataclasses.asdict(d) for g in c.groups for d in disagreements(g.standings)]
        return {"file": path, "event": data["event"], "disagreements": found}
    return {"file": path, **data}


@dataclass(frozen=True)
class Layout:
    """How records become the output's text: the workers lay their files out, so that
    the process that writes only appends."""

    suffix: str
    columns: tuple[str, ...] | None
    """The criteria labels given, for one column each in CSV and Parquet."""
    check: bool

    def header(self) -> list[str]:
        if self.check:
            return ["file", "event", "participant", "what", "printed", "computed", "line", "column", "error"]
        return [*BASE_COLUMNS, *(self.columns or ()), "criteria", "tiebreaks", "error"]

    def types(self) -> list[str]:
        """Each column's type in Parquet: ``number``, ``integer`` or ``text``."""
        if self.check:
            return ["text"] * 6 + ["integer", "integer", "text"]
        values = ["number"] * len(self.columns or ())
        return ["text", "text", "integer", "text", "text", "number", *values, "text", "text", "text"]

    def rows(self, record: dict[str, Any]) -> list[list[Any]]:
        """The CSV and Parquet rows of a record."""
        if "parquet_rows" in record:  # rows of a finished Parquet output, resumed
            return [[row[h] for h in self.header()] for row in record["parquet_rows"]]
        file, event = record["file"], record.get("event")
        if "error" in record:
            return [[file, event, *[None] * (len(self.header()) - 3), record["error"]]]
        if self.check:
            return [
                [file, event, d["participant"], d["what"], d["printed"], d["computed"], d["line"], d["column"], None]
                for d in record.get("disagreements", [])
            ]
        out = []
        tables = [(event, record.get("standings", []))]
        if "groups" in record:  # a competition: one table per group, the group named with the event
            # (data, like the columns' names: the same in every language)
            tables = [(f"{event} (group {g['group']})", g["standings"]) for g in record["groups"]]
        for name, rows in tables:
            out += self._rows(file, name, rows, record["tiebreaks"])
        return out

    def _rows(self, file: str, event: Any, standings: list[dict[str, Any]], criteria: list[str]) -> list[list[Any]]:
        out = []
        for r in standings:
            values = [r["tiebreaks"].get(c) for c in self.columns or ()]
            out.append(
                [
                    file,
                    event,
                    r["rank"],
                    r["place"],
                    r["name"],
                    r["points"],
                    *values,
                    ",".join(criteria),
                    json.dumps(r["tiebreaks"], ensure_ascii=False),
                    None,
                ]
            )
        return out

    def text(self, record: dict[str, Any]) -> str:
        """What the record appends to the output: CSV rows, or one JSON line (also the
        side file of a Parquet output); a checked file without disagreements leaves its
        name, so that ``--resume`` knows it is done."""
        if self.suffix == ".csv":
            buffer = io.StringIO()
            csv.writer(buffer).writerows(["" if v is None else v for v in row] for row in self.rows(record))
            return buffer.getvalue()
        if self.check and "error" not in record and not record["disagreements"]:
            return json.dumps({"file": record["file"], "event": record["event"]}, ensure_ascii=False) + "\n"
        return json.dumps(record, ensure_ascii=False) + "\n"


@dataclass(frozen=True)
class Done:
    """One file's result as a worker sends it back."""

    file: str
    text: str
    error: bool
    disagreements: int


def rank_files(
    paths: Sequence[tuple[str, str]], tiebreaks: str | None, rules: str | None, layout: Layout
) -> list[Done]:
    """A task: several files (as written, and where to find them), each ranked and laid
    out; the errors and warnings in English (the records are data for programs, like
    the JSON output: the same whatever the caller's language)."""
    out = []
    with using("en"):
        for p, where in paths:
            record = rank_file(p, tiebreaks, rules, layout.check, where)
            out.append(Done(p, layout.text(record), "error" in record, len(record.get("disagreements", []))))
    return out


class _Writer:
    """Appends the laid-out records to the output as they come."""

    def __init__(self, path: str, layout: Layout, resume: bool) -> None:
        self.path, self.layout = path, layout
        if os.path.isdir(path):
            raise CrosstableError(_("{path}: is a directory").format(path=path))
        self.side = path + ".parts.jsonl" if layout.suffix == ".parquet" else None
        target = self.side or path
        kind = layout.suffix if self.side is None else ".jsonl"
        self.done: set[str] = set()
        if resume and self.side is not None and not os.path.exists(target) and os.path.exists(path):
            _parquet_to_side(path, target, layout)  # a finished Parquet output: go on from its rows
        if resume and os.path.exists(target):
            self.done = _resume(target, kind, layout)
        mode = "a" if resume and os.path.exists(target) else "w"
        try:
            self.stream: IO[str] = open(target, mode, encoding="utf-8", newline="")  # noqa: SIM115 - closed by close()
            if layout.suffix == ".csv" and mode == "w":
                csv.writer(self.stream).writerow(layout.header())
        except OSError as e:
            raise CrosstableError(
                _("{path}: cannot write: {reason}").format(path=target, reason=e.strerror or e)
            ) from e

    def write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except OSError as e:
            raise CrosstableError(
                _("{path}: cannot write: {reason}").format(path=self.side or self.path, reason=e.strerror or e)
            ) from e

    def close(self, complete: bool) -> None:
        """Close the output; a Parquet file is written only when the batch completed
        (after an interruption its side file stays, for ``--resume``)."""
        try:
            self.stream.close()
        except OSError as e:
            raise CrosstableError(
                _("{path}: cannot write: {reason}").format(path=self.side or self.path, reason=e.strerror or e)
            ) from e
        if self.side is None or not complete:
            return
        import pyarrow as pa  # noqa: PLC0415 - optional: pyarrow only for Parquet output
        import pyarrow.parquet as pq  # noqa: PLC0415 - optional, as above

        rows: list[list[Any]] = []
        with open(self.side, encoding="utf-8") as f:
            for line in f:
                rows.extend(self.layout.rows(json.loads(line)))
        arrays = {}
        for k, (h, kind) in enumerate(zip(self.layout.header(), self.layout.types(), strict=True)):
            values = [row[k] for row in rows]
            if kind == "number":
                arrays[h] = pa.array([None if v is None else float(v) for v in values], type=pa.float64())
            elif kind == "integer":
                arrays[h] = pa.array(values, type=pa.int64())
            else:
                arrays[h] = pa.array([_cell(v) for v in values], type=pa.string())
        tmp = self.path + ".tmp"
        try:
            pq.write_table(pa.table(arrays), tmp)
            os.replace(tmp, self.path)
        except OSError as e:
            raise CrosstableError(
                _("{path}: cannot write: {reason}").format(path=self.path, reason=e.strerror or e)
            ) from e
        os.remove(self.side)


def _resume(target: str, kind: str, layout: Layout) -> set[str]:
    """The files an earlier run finished, after making the output safe to append to:
    the output must have been written with the same columns (or the same kind of
    record), and the last record, which an interruption may have cut, is dropped and
    done again."""
    with open(target, encoding="utf-8", newline="") as f:
        text = f.read()
    complete = text[: text.rfind("\n") + 1]
    if kind == ".csv":
        rows = list(csv.reader(io.StringIO(complete)))
        if rows and rows[0] != layout.header():
            raise CrosstableError(
                _(
                    "{path}: --resume: written with other columns ({columns}); give the same "
                    "--tiebreaks, --rules and --check as the first run"
                ).format(path=target, columns=", ".join(rows[0]))
            )
        body = rows[1:]
        last = body[-1][0] if body else None
        keep = [r for r in body if r and r[0] != last]  # the last file's rows may be cut: done again
        buffer = io.StringIO()
        csv.writer(buffer).writerows([layout.header(), *keep])
        with open(target, "w", encoding="utf-8", newline="") as f:
            f.write(buffer.getvalue())
        return {r[0] for r in keep}
    records = [json.loads(line) for line in complete.splitlines() if line.strip()]
    for r in records:
        checked = "disagreements" in r or ("standings" not in r and "error" not in r)
        if "error" not in r and checked != layout.check:
            if checked:
                raise CrosstableError(_("{path}: --resume: written with --check").format(path=target))
            raise CrosstableError(_("{path}: --resume: written without --check").format(path=target))
    with open(target, "w", encoding="utf-8") as f:
        f.write(complete)
    return {r["file"] for r in records}


def _parquet_to_side(path: str, side: str, layout: Layout) -> None:
    """A finished Parquet output as JSON lines again, one per file, so that ``--resume``
    can append to it."""
    import pyarrow.parquet as pq  # noqa: PLC0415 - optional: pyarrow only for Parquet output

    table = pq.read_table(path).to_pylist()
    if table and list(table[0]) != layout.header():
        raise CrosstableError(
            _("{path}: --resume: written with other columns; give the same options").format(path=path)
        )
    files: dict[str, list[dict[str, Any]]] = {}
    for row in table:
        files.setdefault(row["file"], []).append(row)
    with open(side, "w", encoding="utf-8") as f:
        for file, rows in files.items():
            f.write(json.dumps({"file": file, "parquet_rows": rows}, ensure_ascii=False) + "\n")


def _cell(v: Any) -> str | None:
    return None if v is None else str(v)


@dataclass
class Summary:
    files: int
    skipped: int
    errors: int
    disagreements: int
    seconds: float
    workers: int


def run_batch(
    paths: Sequence[str],
    out: str,
    *,
    tiebreaks: str | None = None,
    rules: str | None = None,
    check: bool = False,
    resume: bool = False,
    workers: int | None = None,
    scheduler: str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Summary:
    """Rank every file and write the records to ``out`` (see the module docstring)."""
    suffix = Path(out).suffix.lower()
    if suffix not in OUTPUTS:
        raise CrosstableError(
            _("{path}: the output must end in {suffixes}").format(path=out, suffixes=", ".join(OUTPUTS))
        )
    if tiebreaks is not None or rules is not None:
        labels: list[str] | None = [s.label for s in criteria_choice_labels(tiebreaks, rules)]
    else:
        labels = None
    if labels is not None and len(set(labels)) != len(labels):
        raise CrosstableError(_("a criterion is listed twice: {criteria}").format(criteria=", ".join(labels)))
    if suffix == ".parquet":
        import pyarrow  # noqa: F401, PLC0415 - optional: checked before any file is ranked
    mine = {os.path.realpath(p) for p in (out, out + ".parts.jsonl", out + ".tmp")}
    files = [f for f in expand(paths) if os.path.realpath(f) not in mine]  # never its own output
    if not files:
        raise CrosstableError(_("no file to rank"))
    layout = Layout(suffix, tuple(labels) if labels is not None else None, check)
    writer = _Writer(out, layout, resume)
    todo = [f for f in files if f not in writer.done]
    skipped = len(files) - len(todo)
    start = time.perf_counter()
    errors = found = done = 0
    used = 0
    complete = False
    try:
        for results, workers_used in _results(todo, tiebreaks, rules, layout, workers, scheduler):
            used = workers_used
            for result in results:
                writer.write(result.text)
                errors += result.error
                found += result.disagreements
            done += len(results)
            if progress is not None:
                progress(done, len(todo))
        complete = True
    finally:
        writer.close(complete)
    return Summary(len(todo), skipped, errors, found, time.perf_counter() - start, used)


def connect(scheduler: str) -> Any:
    """A client of the Dask scheduler at ``scheduler`` (``tcp://host:8786``); an address
    that cannot be reached is an error (one line, exit status 2)."""
    from distributed import Client  # noqa: PLC0415 - optional: dask, only when asked

    try:
        return Client(scheduler, timeout="10s")
    except (OSError, ValueError, TimeoutError) as e:
        raise CrosstableError(f"--scheduler {scheduler}: {e}") from e


def _size(files: Iterable[str]) -> int:
    """The bytes of ``files`` together (one that cannot be read counts nothing: its
    error record is made where it is ranked)."""
    total = 0
    for f in files:
        try:
            total += os.path.getsize(f)
        except OSError:
            continue
    return total


def local_cluster(workers: int) -> Any:
    """A ``dask.distributed`` cluster of ``workers`` processes on this machine, one
    thread each, without its dashboard. Dask's default asks the C allocator to hand
    memory back to the system above 64 KiB (``MALLOC_TRIM_THRESHOLD_``), which makes
    array work that allocates large blocks a third slower; its workers here keep the
    allocator's own threshold."""
    import dask  # noqa: PLC0415 - optional: dask, only when asked
    from distributed import LocalCluster  # noqa: PLC0415 - optional, as above

    environ = dict(dask.config.get("distributed.nanny.pre-spawn-environ", {}))
    environ.pop("MALLOC_TRIM_THRESHOLD_", None)
    with dask.config.set({"distributed.nanny.pre-spawn-environ": environ}):
        return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0")


def criteria_choice_labels(tiebreaks: str | None, rules: str | None) -> list[Spec]:
    """The criteria of ``-t``/``--rules``, checked before any file is read."""
    return parse_list(tiebreaks) if tiebreaks is not None else parse_list(preset(rules or ""))


def _results(
    files: list[str],
    tiebreaks: str | None,
    rules: str | None,
    layout: Layout,
    workers: int | None,
    scheduler: str | None,
) -> Iterator[tuple[list[Done], int]]:
    """Records in the order they finish, with the number of workers used."""
    located = [(f, os.path.abspath(f)) for f in files]  # a worker's directory is not ours
    chunks = [located[k : k + CHUNK] for k in range(0, len(located), CHUNK)]
    if not chunks:
        return
    if workers is None and scheduler is None and _size(f for f, _ in located) < IN_PROCESS_BYTES:
        workers = 0
    if workers == 0 and scheduler is None:
        for chunk in chunks:
            yield rank_files(chunk, tiebreaks, rules, layout), 0
        return
    from distributed import Client, as_completed  # noqa: PLC0415 - optional: dask

    cluster = None
    if scheduler is None:
        cluster = local_cluster(workers or os.cpu_count() or 1)
        client = Client(cluster)
    else:
        client = connect(scheduler)
    try:
        used = len(client.scheduler_info().get("workers", {}))
        futures = [client.submit(rank_files, c, tiebreaks, rules, layout, pure=False) for c in chunks]
        for future in as_completed(futures):
            yield future.result(), used
            future.release()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


__all__ = [
    "CHUNK",
    "IN_PROCESS_BYTES",
    "OUTPUTS",
    "Done",
    "Layout",
    "Summary",
    "connect",
    "expand",
    "local_cluster",
    "rank_file",
    "rank_files",
    "run_batch",
]
