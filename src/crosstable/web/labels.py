"""The web page's labels for Babel: an extractor (registered as ``crosstable_html``
in ``pyproject.toml``) that finds the words of ``static/*.html`` marked for
translation, as the page's script (``static/i18n.js``) translates them. Only
``pybabel extract`` and the catalogue test import it.
"""

from __future__ import annotations

from collections.abc import Iterator
from html.parser import HTMLParser
from typing import IO


class _Labels(HTMLParser):
    """The texts of a page's elements marked ``data-i18n`` and the attributes named
    by ``data-i18n-attr`` (``placeholder``, ``title``, ``aria-label``)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._open: list[tuple[str, int]] = []
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        for name in (a.get("data-i18n-attr") or "").split():
            if a.get(name):
                self.found.append((self.getpos()[0], str(a[name])))
        if "data-i18n" in a:
            self._open.append((tag, self.getpos()[0]))
            self._text = []

    def handle_data(self, data: str) -> None:
        if self._open:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if self._open and self._open[-1][0] == tag:
            _tag, line = self._open.pop()
            text = " ".join("".join(self._text).split())
            if text:
                self.found.append((line, text))


def extract_html(
    fileobj: IO[bytes], keywords: object, comment_tags: object, options: object
) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel's extractor for the web page's HTML (registered as ``crosstable_html``):
    the text of every element marked ``data-i18n`` and the attributes it names in
    ``data-i18n-attr``; the page's script translates the same texts in the browser."""
    parser = _Labels()
    parser.feed(fileobj.read().decode("utf-8"))
    parser.close()
    for line, text in parser.found:
        yield line, "_", text, []
