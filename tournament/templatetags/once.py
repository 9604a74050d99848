"""The one-time key of a form that writes (README "Sent twice, done once"):
``{% once_key %}`` inside the form, fresh at every rendering, so sending the
same rendered form again (a double click, the back button) does its work once."""

from __future__ import annotations

import uuid

from django import template
from django.utils.html import format_html

register = template.Library()


@register.simple_tag
def once_key() -> str:
    return format_html('<input type="hidden" name="idempotency_key" value="{}">', uuid.uuid4())
