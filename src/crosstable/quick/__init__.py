"""The quick path: a small chess event's standings without numpy, click or rich.

Most events are small, and for them the start of the process is most of its time:
importing numpy alone takes longer than the FIDE reference's whole run. A
``crosstable standings FILE.trf -t LIST -o json`` (or ``-o csv``) of an individual
event with the usual 1-½-0 scoring goes this way: a reader of the TRF's common
records (:mod:`crosstable.quick.trf`), the FIDE criteria in plain Python
(:mod:`crosstable.quick.criteria`), their ranking (:mod:`crosstable.quick.standings`)
and the command (:mod:`crosstable.quick.command`). Anything else (another format,
option, criterion or record, a team event, a problem in the file, another language)
raises :class:`~crosstable.quick.event.Unsupported` before anything is written, and the
command line takes over as if the quick path did not exist: the same values, the same
words, the same exit status, byte for byte (``tests/test_quick.py`` compares both paths on
every TRF of the tests and on generated events).
"""
