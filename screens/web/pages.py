"""The language of a public page and its rendering in it (README "Screens")."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import translation

from tournament.web.labels import screen_labels

LANGUAGES = ("de", "en")


def page_language(request: HttpRequest) -> str:
    """``?lang=de|en``, else the language the request asked for."""
    asked = request.GET.get("lang", "")
    return asked if asked in LANGUAGES else (translation.get_language() or "en")[:2]


def localised(
    request: HttpRequest, template: str, context: dict[str, Any], lang: str, status: int = 200
) -> HttpResponse:
    """The page in ``lang``, with the screens' labels, saying which language it is."""
    with translation.override(lang):
        context = {**context, "lang": lang, "labels": screen_labels()}
        response = render(request, template, context, status=status)
    response["Content-Language"] = lang
    return response
