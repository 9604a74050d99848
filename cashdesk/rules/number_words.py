"""Amounts in words for payout slips (README "Cash desk"), German and English.

Pure: an amount in, words out. ``amount_in_words(Decimal("1250.50"), "de")`` is
"eintausendzweihundertfünfzig Euro und fünfzig Cent"; in English "one thousand
two hundred fifty euros and fifty cents"; in the tournament's currency (EUR,
CHF, USD, GBP): "zweihundert Franken und fünf Rappen". Whole numbers up to
999,999,999.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

LARGEST = 999_999_999

_DE_ONES = [
    "null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun",
    "zehn", "elf", "zwölf", "dreizehn", "vierzehn", "fünfzehn", "sechzehn", "siebzehn",
    "achtzehn", "neunzehn",
]  # fmt: skip
_DE_TENS = ["", "", "zwanzig", "dreißig", "vierzig", "fünfzig", "sechzig", "siebzig",
            "achtzig", "neunzig"]  # fmt: skip
_EN_ONES = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
    "eighteen", "nineteen",
]  # fmt: skip
_EN_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty",
            "ninety"]  # fmt: skip


def _de_below_100(n: int, *, last: bool) -> str:
    if n < 20:
        if n == 1:
            return "eins" if last else "ein"
        return _DE_ONES[n]
    tens, ones = divmod(n, 10)
    if ones == 0:
        return _DE_TENS[tens]
    return ("ein" if ones == 1 else _DE_ONES[ones]) + "und" + _DE_TENS[tens]


def _de_below_1000(n: int, *, last: bool) -> str:
    hundreds, rest = divmod(n, 100)
    words = ("ein" if hundreds == 1 else _DE_ONES[hundreds]) + "hundert" if hundreds else ""
    return words + (_de_below_100(rest, last=last) if rest else "")


def german(n: int) -> str:
    """A whole number in German words, written as one word below a million
    ("einhunderteinundzwanzig"); millions as separate words."""
    _check(n)
    if n == 0:
        return "null"
    millions, rest = divmod(n, 1_000_000)
    thousands, ones = divmod(rest, 1000)
    parts = []
    if millions:
        parts.append(
            "eine Million" if millions == 1 else f"{_de_below_1000(millions, last=False)} Millionen"
        )
    small = ""
    if thousands:
        small += _de_below_1000(thousands, last=False) + "tausend"
    if ones:
        small += _de_below_1000(ones, last=True)
    if small:
        parts.append(small)
    return " ".join(parts)


def _en_below_1000(n: int) -> str:
    hundreds, rest = divmod(n, 100)
    words = [f"{_EN_ONES[hundreds]} hundred"] if hundreds else []
    if rest >= 20:
        tens, ones = divmod(rest, 10)
        words.append(_EN_TENS[tens] + (f"-{_EN_ONES[ones]}" if ones else ""))
    elif rest:
        words.append(_EN_ONES[rest])
    return " ".join(words)


def english(n: int) -> str:
    """A whole number in English words ("one thousand two hundred fifty")."""
    _check(n)
    if n == 0:
        return "zero"
    words = []
    for size, name in ((1_000_000, "million"), (1000, "thousand"), (1, "")):
        part, n = divmod(n, size)
        if part:
            words.append(f"{_en_below_1000(part)} {name}".strip())
    return " ".join(words)


def _check(n: int) -> None:
    if n < 0 or n > LARGEST:
        raise ValueError(f"{n} is outside 0..{LARGEST}")


# The currency's units in words (one, several; the hundredth: one, several),
# by language: the room's currencies (``Tournament.Currency``).
UNITS: dict[str, dict[str, tuple[str, str, str, str]]] = {
    "EUR": {
        "de": ("Euro", "Euro", "Cent", "Cent"),
        "en": ("euro", "euros", "cent", "cents"),
    },
    "CHF": {
        "de": ("Franken", "Franken", "Rappen", "Rappen"),
        "en": ("Swiss franc", "Swiss francs", "centime", "centimes"),
    },
    "USD": {
        "de": ("US-Dollar", "US-Dollar", "Cent", "Cent"),
        "en": ("US dollar", "US dollars", "cent", "cents"),
    },
    "GBP": {
        "de": ("Pfund", "Pfund", "Penny", "Pence"),
        "en": ("pound", "pounds", "penny", "pence"),
    },
}


def _units(currency: str, language: str) -> tuple[str, str, str, str]:
    known = UNITS.get(currency.upper())
    if known is None:  # a code we have no words for: the code itself
        code = currency.upper()
        return (code, code, f"1/100 {code}", f"1/100 {code}")
    return known[language]


def _de_amount(n: int) -> str:
    # Before a unit German counts "ein Euro", "hundertein Euro", not "eins".
    words = german(n)
    return words[:-1] if words.endswith("eins") else words


def amount_in_words(amount: Decimal, language: str, currency: str = "EUR") -> str:
    """The amount and its hundredths in words, in the currency (an ISO code: EUR,
    CHF, USD, GBP) and the reader's language ("de…" German, else English)."""
    cents_total = int((abs(amount) * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))
    whole, cents = divmod(cents_total, 100)
    in_german = language.lower().startswith("de")
    words, joiner = (_de_amount, "und") if in_german else (english, "and")
    one, many, cent, cents_name = _units(currency, "de" if in_german else "en")
    text = f"{words(whole)} {one if whole == 1 else many}"
    if cents:
        text += f" {joiner} {words(cents)} {cent if cents == 1 else cents_name}"
    return text
