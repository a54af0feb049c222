"""The web page in every language (issue #15), in a real headless Chromium: switched to
a language, no English label is left on screen (every visible text and every
placeholder or title checked against the catalogue), the choice is remembered after a
reload, and the numbers of the standings are written as the language writes them.

The table ranked is the Bulgarian article's 7-player example (Mikhailov's SB 11.75).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from crosstable import i18n
from crosstable.web.app import create_app
from tests.browser import served
from tests.conftest import EXAMPLES
from tests.test_i18n import _english_left, catalogue

pytest_plugins = ["tests.browser"]
SEED = (EXAMPLES / "seed-7-players.tsv").read_text(encoding="utf-8")
VISIBLE_TEXTS = """() => {
  const out = [];
  const shown = (el) => el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.split(/\\s+/).join(" ").trim();
    if (text && shown(n.parentElement) && !n.parentElement.closest("script, style, textarea, option")) out.push(text);
  }
  for (const el of document.querySelectorAll("[placeholder], [title], [aria-label]")) {
    if (!shown(el)) continue;
    for (const a of ["placeholder", "title", "aria-label"]) if (el.getAttribute(a)) out.push(el.getAttribute(a).trim());
  }
  return out;
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    db: Path = tmp_path_factory.mktemp("events") / "events.sqlite"
    with served(create_app(db=f"sqlite:///{db}")) as address:
        yield address


DATA_WORDS = {"Mikhailov", "Alexandrov", "Zhelyazkov", "Angelov", "Ganev", "Kalchev", "Getovski", "Sofia"}
DATA_WORDS |= {"crosstable", "title", "ucl", "relegation"}  # the program's name; the zones' sample, typed as data


def _untranslated(english: list[str], texts: list[str], lang: str) -> list[str]:
    """Texts shown in English and, unchanged, in another language that are words, not
    data (participants' names, codes such as SB or TRF, numbers), unless the language
    writes them so too (German's ``Name``): labels nobody marked for translation are
    caught here, not only those of the catalogue."""
    same = {entry.id for entry in catalogue(lang) if entry.id and entry.string == entry.id}

    def words(text: str) -> bool:
        return any(w not in DATA_WORDS and not w.isupper() for w in re.findall(r"[A-Za-z]{3,}", text))

    return sorted(t for t in set(english) & set(texts) if words(t) and t not in same)


def _english_labels(texts: list[str], lang: str) -> list[str]:
    """Visible texts that are an English message the catalogue of ``lang`` translates otherwise."""
    translated = {
        entry.id: entry.string
        for entry in catalogue(lang)
        if isinstance(entry.id, str) and entry.id and entry.string and entry.string != entry.id
    }
    return [t for t in texts if t in translated]


def _open(context: BrowserContext, server: str, remembered: str | None = None) -> Page:
    page = context.new_page()
    if remembered is not None:
        page.add_init_script(f"localStorage.setItem('crosstable.lang', {remembered!r})")
    page.goto(server)
    page.wait_for_selector("body[data-ready='1']")
    return page


def _ranked(page: Page, lang: str) -> list[str]:
    """The seed table ranked on the page in ``lang``, Zhelyazkov explained: the texts shown."""
    if lang != "en":
        page.select_option("#language", lang)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)
    page.fill("#input", SEED)
    page.fill("#criterion", "SB")
    page.click("#add")
    page.click("#compute")
    page.wait_for_selector(".standings tbody tr")
    page.click(".standings tbody tr >> nth=2")  # Zhelyazkov's explanation
    page.wait_for_timeout(300)
    texts: list[str] = page.evaluate(VISIBLE_TEXTS)
    return texts


@pytest.fixture(scope="module")
def english(browser: Browser, server: str) -> list[str]:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    texts = _ranked(_open(context, server), "en")
    context.close()
    return texts


@pytest.mark.parametrize("lang", [x for x in i18n.LANGUAGES if x != "en"])
def test_the_page_switched_to_a_language_leaves_no_english_label(
    browser: Browser, server: str, english: list[str], lang: str
) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})  # one browser profile: its storage
    page = _open(context, server)
    texts = _ranked(page, lang)
    assert len(texts) > 40 and _untranslated(english, texts, lang) == []
    assert _english_labels(texts, lang) == []
    assert _english_left("\n".join(texts), lang) == []
    cells = [c.inner_text() for c in page.query_selector_all(".standings tbody td")]
    assert "11,75" in cells and "11.75" not in cells
    page.close()
    again = _open(context, server)  # remembered after a reload
    assert again.evaluate("document.documentElement.lang") == lang
    assert again.input_value("#language") == lang
    assert _english_labels(again.evaluate(VISIBLE_TEXTS), lang) == []
    context.close()


@pytest.mark.parametrize("lang", [x for x in i18n.LANGUAGES if x != "en"])
def test_the_saved_events_pages_leave_no_english_label(browser: Browser, server: str, lang: str) -> None:
    created = httpx.post(
        f"{server}/api/events", json={"name": "Sofia 2026", "participants": ["Ангелов", "Ганев", "Калчев", "Гетовски"]}
    ).json()
    event_id, secret = created["id"], created["editor_secret"]
    for path in ("/events", f"/events/{event_id}", f"/events/{event_id}/edit#secret={secret}"):
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))  # noqa: B023 - read before the next page
        page.add_init_script(f"localStorage.setItem('crosstable.lang', {lang!r})")
        page.goto(server + path)
        page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)
        page.wait_for_load_state("networkidle")
        texts = page.evaluate(VISIBLE_TEXTS)
        assert "Sofia 2026" in texts
        assert _english_labels(texts, lang) == [], path
        assert _english_left("\n".join(texts), lang) == [], path
        assert errors == [], path
        page.close()
