"""The rule catalog: paraphrased rules of the five rulebooks, searchable.

Pure Python (no Django). The data lives in ``rulings/catalog/*.json``, one
file per rulebook; see ``rulings/catalog/README.md`` for the id schemes.

Search accepts a rule reference ("TDA2019-10", "tda 10", "IFP 4.27",
"4.27", "Turnierreglement 28") or words in German or English. Matching is
case-insensitive and umlaut-insensitive ("ä" matches "ae" and "a", "ß"
matches "ss"); every term must match; letter terms match inside words (so
"Ausgleich" finds "Tischausgleich"; terms under five letters only at the
start of a word), number terms match whole numbers.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

CATALOG_DIR = Path(__file__).resolve().parent.parent / "catalog"

# Order used to break ties: the default profile's book first.
DOCUMENT_ORDER = ("TDA2019", "TDAX", "IFP", "BDPV", "CR003")

# Ranks of a search hit, best first.
RANK_ID = 0  # the query is a rule's id or one of its aliases
RANK_NUMBER = 1  # the query is a rule's number without the book ("4.27", "Sitzordnung 4")
RANK_TITLE = 2  # every term is in the German or English title
RANK_KEYWORDS = 3  # every term is in the title or the keywords
RANK_TEXT = 4  # every term is somewhere in the entry (summaries included)


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    document: str
    number: str
    title_de: str
    title_en: str
    summary_de: str
    summary_en: str
    keywords_de: tuple[str, ...] = ()
    keywords_en: tuple[str, ...] = ()
    related: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    section_de: str = ""

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> Rule:
        def text(key: str) -> str:
            value = data.get(key, "")
            if not isinstance(value, str):
                raise ValueError(f"rule {data.get('id')!r}: {key} must be a string")
            return value

        def texts(key: str) -> tuple[str, ...]:
            value = data.get(key, [])
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ValueError(f"rule {data.get('id')!r}: {key} must be a list of strings")
            return tuple(value)

        return cls(
            id=text("id"),
            document=text("document"),
            number=text("number"),
            title_de=text("title_de"),
            title_en=text("title_en"),
            summary_de=text("summary_de"),
            summary_en=text("summary_en"),
            keywords_de=texts("keywords_de"),
            keywords_en=texts("keywords_en"),
            related=texts("related"),
            aliases=texts("aliases"),
            section_de=text("section_de"),
        )

    def as_dict(self) -> dict[str, object]:
        return {
            "id": self.id,
            "document": self.document,
            "number": self.number,
            "title_de": self.title_de,
            "title_en": self.title_en,
            "summary_de": self.summary_de,
            "summary_en": self.summary_en,
            "keywords_de": list(self.keywords_de),
            "keywords_en": list(self.keywords_en),
            "related": list(self.related),
            "aliases": list(self.aliases),
            "section_de": self.section_de,
        }


@dataclass(frozen=True, slots=True)
class Hit:
    rule: Rule
    rank: int


# --- normalisation -------------------------------------------------------

_UMLAUTS = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
_TOKEN = re.compile(r"[a-z]+|[0-9]+")


def _strip_marks(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def fold(text: str) -> str:
    """Lower case with umlauts spelled out: "Unregelmäßig" -> "unregelmaessig"."""
    return _strip_marks(text.lower().translate(_UMLAUTS)).casefold()


def fold_plain(text: str) -> str:
    """Lower case with umlauts dropped to their base letter: "ä" -> "a"."""
    return _strip_marks(text.casefold())


def tokens(text: str) -> list[str]:
    """Letter runs and digit runs of the folded text: "TDA2019-10" -> tda, 2019, 10."""
    return _TOKEN.findall(fold(text))


def reference_key(text: str) -> str:
    """Spacing- and case-free form of a rule reference: "tda 2019 10" == "TDA2019-10"."""
    return "-".join(tokens(text))


def _without_book(reference: str) -> str:
    _, sep, rest = reference.partition("-")
    return rest if sep else ""


# --- loading -------------------------------------------------------------


def load_catalog(directory: Path | None = None) -> tuple[Rule, ...]:
    """All rules of every ``*.json`` file in ``directory`` (default: the shipped catalog)."""
    if directory is None:
        return _default_catalog()
    return _load(directory)


@lru_cache(maxsize=1)
def _default_catalog() -> tuple[Rule, ...]:
    return _load(CATALOG_DIR)


def _load(directory: Path) -> tuple[Rule, ...]:
    rules: list[Rule] = []
    seen: set[str] = set()
    for path in sorted(directory.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for raw in data["rules"]:
            rule = Rule.from_dict(raw)
            if rule.id in seen:
                raise ValueError(f"duplicate rule id {rule.id!r} in {path.name}")
            seen.add(rule.id)
            rules.append(rule)
    return tuple(sorted(rules, key=_order_key))


def _document_index(document: str) -> int:
    try:
        return DOCUMENT_ORDER.index(document)
    except ValueError:
        return len(DOCUMENT_ORDER)


def _natural(text: str) -> tuple[tuple[int, int | str], ...]:
    return tuple((0, int(t)) if t.isdigit() else (1, t) for t in tokens(text))


def _order_key(rule: Rule) -> tuple[object, ...]:
    return (_document_index(rule.document), _natural(rule.number), rule.id)


# --- index ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Entry:
    rule: Rule
    position: int
    title: str
    keywords: str
    everything: str
    title_words: frozenset[str] = field(default_factory=frozenset)
    keyword_words: frozenset[str] = field(default_factory=frozenset)
    words: frozenset[str] = field(default_factory=frozenset)


@dataclass(frozen=True, slots=True)
class _Index:
    by_reference: dict[str, tuple[Rule, ...]]
    by_number: dict[str, tuple[Rule, ...]]
    entries: tuple[_Entry, ...]


def _both_folds(*parts: str) -> str:
    """Space-separated letter and digit runs, umlauts both spelled out and dropped."""
    joined = " ".join(parts)
    return " " + " ".join(_TOKEN.findall(fold(joined)) + _TOKEN.findall(fold_plain(joined))) + " "


@lru_cache(maxsize=8)
def _index(rules: tuple[Rule, ...]) -> _Index:
    by_reference: dict[str, list[Rule]] = {}
    by_number: dict[str, list[Rule]] = {}
    entries = []
    for position, rule in enumerate(rules):
        references = (rule.id, *rule.aliases)
        for reference in references:
            by_reference.setdefault(reference_key(reference), []).append(rule)
        bare = {reference_key(_without_book(r)) for r in references} | {reference_key(rule.number)}
        for key in bare - {""}:
            by_number.setdefault(key, []).append(rule)
        title = _both_folds(rule.section_de, rule.title_de, rule.title_en)
        keywords = _both_folds(*rule.keywords_de, *rule.keywords_en)
        everything = _both_folds(
            rule.id,
            *rule.aliases,
            rule.number,
            rule.section_de,
            rule.title_de,
            rule.title_en,
            *rule.keywords_de,
            *rule.keywords_en,
            rule.summary_de,
            rule.summary_en,
        )
        entries.append(
            _Entry(
                rule=rule,
                position=position,
                title=title,
                keywords=keywords,
                everything=everything,
                title_words=frozenset(_TOKEN.findall(title)),
                keyword_words=frozenset(_TOKEN.findall(title + keywords)),
                words=frozenset(_TOKEN.findall(everything)),
            )
        )
    return _Index(
        by_reference={k: _unique(v) for k, v in by_reference.items()},
        by_number={k: _unique(v) for k, v in by_number.items()},
        entries=tuple(entries),
    )


def _unique(rules: Iterable[Rule]) -> tuple[Rule, ...]:
    return tuple(dict.fromkeys(rules))


# Shorter letter terms must start a word ("uhr" finds "Uhr", not "Durchführung");
# longer ones match inside words too ("ausgleich" finds "Tischausgleich").
MIN_INFIX_TERM = 5


def _term_in(term: str, haystack: str, words: frozenset[str]) -> bool:
    if term.isdigit():
        return term in words
    if len(term) < MIN_INFIX_TERM:
        return " " + term in haystack
    return term in haystack


# --- public API ----------------------------------------------------------


def search_hits(q: str, entries: Sequence[Rule] | None = None) -> list[Hit]:
    """Rules matching ``q`` with their rank, best first (see the RANK_* constants)."""
    rules = load_catalog() if entries is None else tuple(entries)
    index = _index(rules)
    key = reference_key(q)
    if not key:
        return []
    hits: dict[str, Hit] = {}
    for rule in index.by_reference.get(key, ()):
        hits.setdefault(rule.id, Hit(rule, RANK_ID))
    for rule in index.by_number.get(key, ()):
        hits.setdefault(rule.id, Hit(rule, RANK_NUMBER))

    terms = [t for t in _TOKEN.findall(fold(q)) if t.isdigit() or len(t) > 1]
    if terms:
        for entry in index.entries:
            if entry.rule.id in hits:
                continue
            if not all(_term_in(t, entry.everything, entry.words) for t in terms):
                continue
            if all(_term_in(t, entry.title, entry.title_words) for t in terms):
                rank = RANK_TITLE
            elif all(_term_in(t, entry.title + entry.keywords, entry.keyword_words) for t in terms):
                rank = RANK_KEYWORDS
            else:
                rank = RANK_TEXT
            hits[entry.rule.id] = Hit(entry.rule, rank)

    position = {entry.rule.id: entry.position for entry in index.entries}
    return sorted(hits.values(), key=lambda h: (h.rank, position[h.rule.id]))


def search(q: str, entries: Sequence[Rule] | None = None) -> list[Rule]:
    """Rules matching ``q``, best first: id matches, then title, then keywords, then text."""
    return [hit.rule for hit in search_hits(q, entries)]


def get(rule_id: str, entries: Sequence[Rule] | None = None) -> Rule | None:
    """The rule with this id or alias (any case and spacing), or None."""
    rules = load_catalog() if entries is None else tuple(entries)
    for rule in rules:
        if rule.id == rule_id:
            return rule
    found = _index(rules).by_reference.get(reference_key(rule_id), ())
    return found[0] if len(found) == 1 else None


def unknown_ids(rule_ids: Iterable[str], entries: Sequence[Rule] | None = None) -> list[str]:
    """The references in ``rule_ids`` that name no rule (for validating a ruling)."""
    return [r for r in rule_ids if get(r, entries) is None]
