"""The one way the server reads JSON it is sent: API bodies (the input
middleware), JSON typed into a page (the structure import) and the frames of
the live sockets.

Python's parser recurses once per level of nesting, and so does every walk over
the result: a body of a thousand ``[`` ended in a RecursionError (a 500, or a
socket closed with 1011). The depth is measured here first, in a few passes of
C-speed substitutions, and the size before that; what is refused raises
:class:`JsonRefused`, a ``ValueError`` whose message is translated.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.utils.translation import gettext_lazy as _

# No body, field or frame the app reads nests deeper than a handful of levels
# (the structure and the screen layouts are the deepest).
MAX_DEPTH = 32
# Django's own limit of a request body (DATA_UPLOAD_MAX_MEMORY_SIZE).
MAX_BYTES = 2_621_440

TOO_DEEP = _("The JSON is nested more than %(depth)d levels deep.")
TOO_LARGE = _("The JSON is larger than %(size)d bytes.")
MALFORMED = _("The JSON cannot be read.")

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"\[\]|\{\}")
_OPENING = re.compile(r"[\[{]+")


class JsonRefused(ValueError):
    """JSON the server will not read; ``str()`` is the reader's message."""

    def __init__(self, message: Any, *, status: int = 422) -> None:
        super().__init__(str(message))
        self.status = status


def json_too_deep(text: str, *, max_depth: int = MAX_DEPTH) -> bool:
    """Whether ``text`` nests arrays and objects deeper than ``max_depth``.

    Strings are dropped (their brackets are text), then each pass removes the
    innermost pairs: a value ``n`` levels deep is gone after ``n`` passes.
    Brackets left unpaired count too: ``[[[[`` never closed is as deep for
    the parser as it is long.
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    for passes in range(max_depth):
        brackets, removed = _INNERMOST.subn("", brackets)
        if not removed:
            return passes + _longest_opening(brackets) > max_depth
    return _longest_opening(brackets) > 0


def _longest_opening(brackets: str) -> int:
    return max(map(len, _OPENING.findall(brackets)), default=0)


def json_number(text: str) -> int | float:
    """A JSON number with a fraction or exponent: a whole one (``1.0``, ``1e3``) is
    the integer it names, as JSON Schema counts it (README "API"); the API's
    integer fields take it, its decimal fields take either."""
    number = float(text)
    return int(number) if number.is_integer() else number


def json_parse(data: str | bytes, *, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """``data`` parsed, or :class:`JsonRefused` if it is too large, too deep or not JSON."""
    size = len(data) if isinstance(data, bytes) else len(data.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise JsonRefused(TOO_LARGE % {"size": max_bytes}, status=413)
    try:
        text = data.decode("utf-8") if isinstance(data, bytes) else data
    except UnicodeDecodeError as exc:
        raise JsonRefused(MALFORMED, status=400) from exc
    if json_too_deep(text, max_depth=max_depth):
        raise JsonRefused(TOO_DEEP % {"depth": max_depth})
    try:
        return json.loads(text, parse_float=json_number)
    except RecursionError as exc:  # not expected after the check; never a 500
        raise JsonRefused(TOO_DEEP % {"depth": max_depth}) from exc
    except ValueError as exc:
        raise JsonRefused(MALFORMED, status=400) from exc
