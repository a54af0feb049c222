"""A Sphinx directive, ``.. criteria-catalogue::``, that writes the catalogue of
criteria from the registry itself: for every code its name, aliases, modifiers and
its docstring (definition, source, worked example)."""

from __future__ import annotations

import inspect
from typing import Any

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

from crosstable.tiebreaks import REGISTRY

_MODIFIERS = {
    "C": "/Cn (cut)",
    "M": "/Mn (median)",
    "L": "/L±n (limit)",
    "P": "/P (pairings predetermined: forfeits count as games)",
    "S": "/S (a round robin counted as a Swiss event)",
    "D": "/D (the participant's own result counted as a draw)",
    "F": "/F (the final round as the FIDE reference takes it)",
    "K": "/Kn (the divisor)",
    "U": "/U<rating> (the rating of the unrated)",
}


class CriteriaCatalogue(SphinxDirective):
    has_content = False

    def run(self) -> list[nodes.Node]:
        lines: list[str] = []
        for code, crit in sorted(REGISTRY.items()):
            title = f"``{code}`` — {crit.name}"
            lines += [title, "-" * (len(title) + 4), ""]
            facts = []
            if crit.aliases:
                facts.append("Aliases: " + ", ".join(f"``{a}``" for a in crit.aliases) + ".")
            if crit.modifiers:
                facts.append("Modifiers: " + ", ".join(_MODIFIERS.get(m, f"/{m}") for m in crit.modifiers) + ".")
            if crit.takes_basis:
                facts.append("Takes ``:MP`` or ``:GP`` (match or game points as the opponents' score).")
            if crit.takes_args:
                facts.append("Takes three weights in parentheses, e.g. ``SB(2,1,0)``.")
            if crit.is_local:
                facts.append("Computed among the participants still tied when its turn comes.")
            if facts:
                lines += [" ".join(facts), ""]
            lines += [*inspect.cleandoc(crit.doc).splitlines(), ""]
        node = nodes.section()
        node.document = self.state.document
        nested_parse_with_titles(self.state, StringList(lines, source="crosstable.tiebreaks.REGISTRY"), node)
        return list(node.children)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("criteria-catalogue", CriteriaCatalogue)
    return {"parallel_read_safe": True, "version": "1"}
