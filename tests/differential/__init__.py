"""Differential testing against the FIDE reference checker (``gacrux.tiebreakchecker``).

- :mod:`tests.differential.events`: generated individual and team events (hypothesis
  strategies, or seeded for the benchmark) and their TRF text;
- :mod:`tests.differential.reference`: the reference run as a subprocess, its table read;
- :mod:`tests.differential.compare`: both programs on the same TRF, every value and every
  rank compared.
"""
