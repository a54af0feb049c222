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
- **One bad file never stops the batch**: its error record is written and the batch
  goes on; the exit status is 0 when every file was read, 1 when some were not (the
  summary says how many), 2 only when the batch itself cannot run (no file, a bad
  option, an output that cannot be written).
- **``--check``** writes only the disagreements between what each file prints (TRF
  points and ranks, a crosstable's summary columns) and what we compute: one record
  per value (``file, participant, what, printed, computed, line, column``).
- **Streaming and ``--resume``**: JSON lines and CSV rows are appended and flushed
  as files finish, so that an interrupted batch keeps what it did; ``--resume`` reads
  the output, skips the files already there (a last line cut off is dropped) and
  appends. A Parquet file cannot be appended to: it is written at the end (from a
  side file of JSON lines that ``--resume`` also reads).
- **Distribution**: files are grouped into tasks of :data:`CHUNK` files and run on a
  ``dask.distributed`` cluster: a ``LocalCluster`` of ``--workers`` processes (one
  thread each; default: the machine's cores) unless ``--scheduler ADDRESS`` names a
  running one. The same code runs either way; results stream back in the order they
  finish. ``--workers 0`` runs in this process without Dask (what the comparison in
  ``bench/`` measures against).
"""

from __future__ import annotations

import csv
import glob
import io
import json
import os
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from crosstable.errors import CrosstableError
from crosstable.io import read
from crosstable.ranking import disagreements, rank
from crosstable.rules import preset
from crosstable.tiebreaks import Spec, parse_list

CHUNK = 20
"""Files per task sent to a worker."""
OUTPUTS = (".jsonl", ".csv", ".parquet")
BASE_COLUMNS = ["file", "event", "rank", "place", "name", "points"]


def expand(paths: Sequence[str]) -> list[str]:
    """Every file the paths name: files as given, directories walked (hidden entries
    skipped), patterns with ``*``, ``?`` or ``[`` expanded (``**`` for any depth); in
    order, each once. A path that names nothing is an error."""
    out: list[str] = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                out.extend(os.path.join(root, f) for f in sorted(files) if not f.startswith("."))
        elif os.path.exists(p):
            out.append(p)
        elif any(c in p for c in "*?["):
            found = sorted(f for f in glob.glob(p, recursive=True) if os.path.isfile(f))
            if not found:
                raise CrosstableError(f"{p}: no file matches")
            out.extend(found)
        else:
            raise CrosstableError(f"{p}: no such file or directory")
    return list(dict.fromkeys(out))


def rank_file(path: str, tiebreaks: str | None, rules: str | None, check: bool) -> dict[str, Any]:
    """One file's record (plain data, sent back from a worker)."""
    try:
        t = read(path)
        s = rank(t, tiebreaks, rules=rules)
    except CrosstableError as e:
        return {"file": path, "error": str(e)}
    except (OSError, UnicodeError, ValueError, MemoryError) as e:  # a file the readers did not expect
        return {"file": path, "error": f"{path}: {type(e).__name__}: {e}"}
    event = s.to_dict()["event"]
    if check:
        return {
            "file": path,
            "event": event,
            "disagreements": [
                {
                    "participant": d.participant,
                    "what": d.what,
                    "printed": d.printed,
                    "computed": d.computed,
                    "line": d.line,
                    "column": d.column,
                }
                for d in disagreements(s)
            ],
        }
    return {"file": path, **s.to_dict()}


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

    def rows(self, record: dict[str, Any]) -> list[list[Any]]:
        """The CSV and Parquet rows of a record."""
        file, event = record["file"], record.get("event")
        if "error" in record:
            return [[file, event, *[None] * (len(self.header()) - 3), record["error"]]]
        if self.check:
            return [
                [file, event, d["participant"], d["what"], d["printed"], d["computed"], d["line"], d["column"], None]
                for d in record.get("disagreements", [])
            ]
        out = []
        for r in record["standings"]:
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
                    ",".join(record["tiebreaks"]),
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


def rank_files(paths: Sequence[str], tiebreaks: str | None, rules: str | None, layout: Layout) -> list[Done]:
    """A task: several files, each ranked and laid out."""
    out = []
    for p in paths:
        record = rank_file(p, tiebreaks, rules, layout.check)
        out.append(Done(p, layout.text(record), "error" in record, len(record.get("disagreements", []))))
    return out


class _Writer:
    """Appends the laid-out records to the output as they come."""

    def __init__(self, path: str, layout: Layout, resume: bool) -> None:
        self.path, self.layout = path, layout
        self.side = path + ".parts.jsonl" if layout.suffix == ".parquet" else None
        target = self.side or path
        kind = layout.suffix if self.side is None else ".jsonl"
        self.done = _done_files(target, kind) if resume else set()
        if resume and os.path.exists(target):
            _drop_cut_line(target)
        mode = "a" if resume and os.path.exists(target) else "w"
        try:
            self.stream: IO[str] = open(target, mode, encoding="utf-8", newline="")  # noqa: SIM115 - closed by close()
        except OSError as e:
            raise CrosstableError(f"{target}: cannot write: {e.strerror or e}") from e
        if layout.suffix == ".csv" and mode == "w":
            csv.writer(self.stream).writerow(layout.header())

    def write(self, text: str) -> None:
        self.stream.write(text)
        self.stream.flush()

    def close(self) -> None:
        self.stream.close()
        if self.side is None:
            return
        import pyarrow as pa  # noqa: PLC0415 - optional: pyarrow only for Parquet output
        import pyarrow.parquet as pq  # noqa: PLC0415 - optional, as above

        rows: list[list[Any]] = []
        with open(self.side, encoding="utf-8") as f:
            for line in f:
                rows.extend(self.layout.rows(json.loads(line)))
        arrays = {}
        for k, h in enumerate(self.layout.header()):
            values = [row[k] for row in rows]
            try:  # numbers as numbers (int or float), text as text; a column of both as text
                arrays[h] = pa.array(values)
            except (pa.ArrowInvalid, pa.ArrowTypeError):
                arrays[h] = pa.array([_cell(v) for v in values], type=pa.string())
            if arrays[h].type == pa.null():
                arrays[h] = arrays[h].cast(pa.string())
        tmp = self.path + ".tmp"
        pq.write_table(pa.table(arrays), tmp)
        os.replace(tmp, self.path)
        os.remove(self.side)


def _cell(v: Any) -> str | None:
    return None if v is None else str(v)


def _drop_cut_line(path: str) -> None:
    """Remove a last line without its newline (a write cut off by an interruption)."""
    with open(path, "rb+") as f:
        data = f.read()
        if data and not data.endswith(b"\n"):
            f.truncate(data.rfind(b"\n") + 1)


def _done_files(path: str, suffix: str) -> set[str]:
    """The files an earlier run already wrote (their complete lines)."""
    if not os.path.exists(path):
        return set()
    with open(path, encoding="utf-8", newline="") as f:
        text = f.read()
    complete = text[: text.rfind("\n") + 1]
    if suffix == ".csv":
        reader = csv.reader(io.StringIO(complete))
        next(reader, None)
        return {row[0] for row in reader if row}
    return {json.loads(line)["file"] for line in complete.splitlines() if line.strip()}


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
        raise CrosstableError(f"{out}: the output must end in {', '.join(OUTPUTS)}")
    if tiebreaks is not None or rules is not None:
        labels: list[str] | None = [s.label for s in criteria_choice_labels(tiebreaks, rules)]
    else:
        labels = None
    mine = {os.path.realpath(p) for p in (out, out + ".parts.jsonl", out + ".tmp")}
    files = [f for f in expand(paths) if os.path.realpath(f) not in mine]  # never its own output
    if not files:
        raise CrosstableError("no file to rank")
    layout = Layout(suffix, tuple(labels) if labels is not None else None, check)
    writer = _Writer(out, layout, resume)
    todo = [f for f in files if f not in writer.done]
    skipped = len(files) - len(todo)
    start = time.perf_counter()
    errors = found = done = 0
    used = 0
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
    finally:
        writer.close()
    return Summary(len(todo), skipped, errors, found, time.perf_counter() - start, used)


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
    chunks = [files[k : k + CHUNK] for k in range(0, len(files), CHUNK)]
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
        client = Client(scheduler, timeout="10s")
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
    "OUTPUTS",
    "Done",
    "Layout",
    "Summary",
    "expand",
    "local_cluster",
    "rank_file",
    "rank_files",
    "run_batch",
]
