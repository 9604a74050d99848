"""Names as a room reads them: found from plain letters, listed in alphabet order.

A desk types "lukasz" for Łukasz Żółć, "dordevic" for Đorđević, "mueller" or
"muller" for Müller; a printed list puts Ødegård among the O and Þórsson among
the T (as "Th"), never after Z. Letters are transliterated to ASCII by
anyascii (Ł -> L, Đ -> D, Ø -> O, Þ -> Th, ß -> ss, ı -> i), then case-folded.

Two keys: ``plain`` for the order of a list (German dictionary order, DIN 5007
variant 1: ä sorts as a), and ``search_key`` for a search, which also folds the
spellings staff copy from ID cards to the plain letter: ae/oe/ue to a/o/u
(ä, ö, ü; Æ, Ø), aa to a (Å) and dj to d (Đ), so that either way of writing
the letter finds the other (README "Places, re-entries and moves").
"""

from __future__ import annotations

import re

from anyascii import anyascii

# Spellings of one letter in two plain ones, as a keyboard without the letter
# writes it: German ä, ö, ü as ae, oe, ue; Nordic Æ, Ø, Å as Ae, Oe, Aa; South
# Slavic Đ as Dj. Each folds to the plain letter the transliteration gives.
_LETTER_SPELLINGS = (("ae", "a"), ("oe", "o"), ("ue", "u"), ("aa", "a"), ("dj", "d"))


def plain(text: str) -> str:
    """ASCII, case-folded, single-spaced: "Łukasz  Żółć" -> "lukasz zolc"."""
    return " ".join(anyascii(text or "").casefold().split())


def _folded(text: str) -> str:
    """Folds until nothing is left to fold: "uee" (Üe) and "ue" (Ü) both end as "u"."""
    before = None
    while before != text:
        before = text
        for spelled, letter in _LETTER_SPELLINGS:
            text = text.replace(spelled, letter)
    return text


def search_key(*texts: str) -> str:
    """What a search looks in: the texts (a name, a nickname), plain and with
    the two-letter spellings folded, joined by " | " so a word never spans two of them."""
    return " | ".join(_folded(plain(text)) for text in texts if text and text.strip())


def search_words(query: str) -> list[str]:
    """The words of a typed query, in the form ``search_key`` stores."""
    return [word for word in _folded(plain(query)).split() if word != "|"]


def matches(query: str, key: str) -> bool:
    """True when every word of ``query`` is found in ``key`` (a ``search_key``)."""
    words = search_words(query)
    return bool(words) and all(word in key for word in words)


def surname_order(name: str) -> tuple[str, str]:
    """Sort key of a list read by surname (the last word), then the whole name."""
    words = plain(name).split()
    return (words[-1] if words else "", " ".join(words))


def name_order(name: str) -> str:
    """Sort key of a list read by the name as written (first name first)."""
    return plain(name)


def file_slug(*parts: str) -> str:
    """A file name in plain letters: ("Ergebnisse", "Łódź Open") -> "ergebnisse-lodz-open"."""
    words = re.findall(r"[a-z0-9]+", plain(" ".join(parts)))
    return "-".join(words)[:100].strip("-") or "file"
