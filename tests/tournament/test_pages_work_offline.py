"""Nothing a page loads comes from outside the room's network (README "Screens"):
the API docs serve Swagger UI from our own static files, and every page has a
favicon of its own."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

EXTERNAL = re.compile(r"""(?:src|href)=["'](?:https?:)?//""")


def local_assets(html: str) -> list[str]:
    return re.findall(r"""(?:src|href)=["']/static/([^"'?]+)""", html)


def test_the_api_docs_load_swagger_ui_from_our_own_static_files(client: Client, db):
    response = client.get("/api/v1/docs")
    assert response.status_code == 200
    html = response.content.decode()
    assert not EXTERNAL.search(html), "the docs page loads something from the internet"
    assets = local_assets(html)
    assert any(asset.endswith("swagger-ui-bundle.js") for asset in assets)
    for asset in assets:
        assert finders.find(asset), f"{asset} is not a static file of ours"


@pytest.mark.parametrize("path", ["/login/", "/lobby/"])
def test_pages_carry_a_favicon_of_their_own(client: Client, db, path):
    html = client.get(path).content.decode()
    icons = re.findall(r"""<link rel="icon"[^>]*href="/static/([^"]+)\"""", html)
    assert icons and finders.find(icons[0])
