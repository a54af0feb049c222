"""The README stays true: its library example runs as written, and the layer order it
states is the one import-linter checks."""

from __future__ import annotations

import contextlib
import io
import os
import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_library_example_runs_and_prints_the_articles_values() -> None:
    section = README[README.index("## Library") :]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    out = io.StringIO()
    here = Path.cwd()
    os.chdir(ROOT)
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(code.group(1), "README.md", "exec"), {})
    finally:
        os.chdir(here)
    lines = out.getvalue().splitlines()
    # the Bulgarian article's table: Zhelyazkov third on SB 9, Angelov fourth on 7.75
    assert "3 Zhelyazkov 4 9" in lines and "4 Angelov 4 31/4" in lines
    assert "BH/C1" in lines
    assert "[(1, 6), (2, 5), (3, 4)]" in lines  # FIDE's Berger table for six players, round 1


def test_the_readme_names_the_layers_the_contract_checks() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c["type"] == "layers")
    expected = [{m.strip() for m in layer.split("|")} for layer in reversed(contract["layers"])]  # bottom first
    block = re.search(r"```\n(.*?)```", README[README.index("## Layout") :], re.S)
    assert block is not None
    stated = [
        {name.strip().rstrip("/") for name in line.split("  ")[0].split(",")}
        for line in block.group(1).splitlines()
        if line and not line.startswith(" ")
    ]
    assert stated == expected
