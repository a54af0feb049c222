"""The API docs of ``crosstable serve`` work offline: ``/docs`` and ``/redoc`` load every
script and stylesheet from the server itself (the files of ``fastapi-offline``), none
from a CDN."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient

from crosstable.web.app import create_app

client = TestClient(create_app())


class _Assets(HTMLParser):
    """The URLs of a page's scripts (``<script src>``) and linked files (``<link href>``)."""

    def __init__(self) -> None:
        super().__init__()
        self.scripts: list[str] = []
        self.links: list[tuple[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "script" and a.get("src"):
            self.scripts.append(a["src"])
        elif tag == "link" and a.get("href"):
            self.links.append((a.get("rel", ""), a["href"]))


def _assets(path: str) -> tuple[str, _Assets]:
    r = client.get(path)
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/html")
    parser = _Assets()
    parser.feed(r.text)
    return r.text, parser


@pytest.mark.parametrize("path", ["/docs", "/redoc"])
def test_docs_reference_no_remote_url(path: str) -> None:
    html, found = _assets(path)
    assert found.scripts, "the page loads its viewer's script"
    assert "cdn" not in html.lower()
    urls = found.scripts + [href for _, href in found.links]
    for url in urls:
        assert url.startswith("/") and not url.startswith("//"), url
        assert "cdn" not in url.lower() and "https://" not in url and "http://" not in url, url
    assert "https://" not in html and "http://" not in html


@pytest.mark.parametrize("path", ["/docs", "/redoc"])
def test_every_asset_of_the_docs_is_served_here(path: str) -> None:
    _, found = _assets(path)
    checked = 0
    for url in found.scripts:
        r = client.get(url)
        assert r.status_code == 200, url
        assert "javascript" in r.headers["content-type"], (url, r.headers["content-type"])
        assert len(r.content) > 1000, url
        checked += 1
    for rel, url in found.links:
        r = client.get(url)
        assert r.status_code == 200, url
        assert r.content, url
        if "stylesheet" in rel:
            assert r.headers["content-type"].startswith("text/css"), (url, r.headers["content-type"])
            assert len(r.content) > 1000, url
        elif "icon" in rel:
            assert r.headers["content-type"].startswith("image/"), (url, r.headers["content-type"])
        checked += 1
    assert checked >= (3 if path == "/docs" else 2)


def test_swagger_ui_has_its_stylesheet_and_bundle() -> None:
    _, found = _assets("/docs")
    assert any(u.endswith("swagger-ui-bundle.js") for u in found.scripts)
    assert any("stylesheet" in rel and u.endswith("swagger-ui.css") for rel, u in found.links)


def test_the_swagger_ui_points_at_the_schema_and_no_online_validator() -> None:
    html, _ = _assets("/docs")
    assert "'/openapi.json'" in html
    assert '"validatorUrl": null' in html


def test_oauth2_redirect_page_is_served() -> None:
    r = client.get("/docs/oauth2-redirect")
    assert r.status_code == 200
    assert "https://" not in r.text and "cdn" not in r.text.lower()


def test_openapi_schema_still_works() -> None:
    r = client.get("/openapi.json")
    assert r.status_code == 200
    schema = r.json()
    assert schema["info"]["title"] == "crosstable"
    assert "/api/standings" in schema["paths"]
    assert not any(p.startswith("/docs") or p == "/redoc" for p in schema["paths"])


def test_root_path_prefixes_the_asset_urls() -> None:
    behind = TestClient(create_app(), root_path="/ct")
    html = behind.get("/docs").text
    assert "/ct/docs/assets/swagger-ui-bundle.js" in html
    assert "'/ct/openapi.json'" in html
