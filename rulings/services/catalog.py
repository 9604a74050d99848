"""The rule catalog with the card room's house rules, as the pages and the API search it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Max
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from rulings.models import HouseRule
from rulings.rules import catalog
from rulings.rules.catalog import Rule
from tournament.errors import Invalid
from tournament.writes import Actor, scopes, write

HOUSE_RULE_FIELDS_REQUIRED = _("A house rule needs a title and a summary in German and English.")


def rules_all() -> tuple[Rule, ...]:
    """Every rulebook rule, then the house rules (HOUSE-1, HOUSE-2, ...)."""
    house = tuple(h.as_rule() for h in HouseRule.objects.all())
    return catalog.load_catalog() + house


def rules_search(q: str, *, limit: int | None = None) -> list[Rule]:
    q = q.strip()
    if not q:
        return []
    found = catalog.search(q, rules_all())
    return found[:limit] if limit is not None else found


def rule_get(rule_id: str, rules: Iterable[Rule] | None = None) -> Rule | None:
    return catalog.get(rule_id, tuple(rules) if rules is not None else rules_all())


def rules_resolve(rule_ids: Iterable[str]) -> tuple[list[str], list[str]]:
    """(canonical ids in the given order without repeats, references that name no rule)."""
    everything = rules_all()
    resolved: list[str] = []
    unknown: list[str] = []
    for reference in rule_ids:
        rule = catalog.get(reference, everything)
        if rule is None:
            unknown.append(reference)
        elif rule.id not in resolved:
            resolved.append(rule.id)
    return resolved, unknown


def rule_payload(rule: Rule, *, language: str | None = None) -> dict[str, object]:
    """A rule for the API and the pages; ``title``/``summary`` follow the language."""
    german = (language or get_language() or "en").startswith("de")
    return {
        **rule.as_dict(),
        "title": rule.title_de if german else rule.title_en,
        "summary": rule.summary_de if german else rule.summary_en,
        "house": rule.document == "HOUSE",
    }


def house_rule_create(
    *,
    title_de: str,
    title_en: str,
    summary_de: str,
    summary_en: str,
    keywords_de: str = "",
    keywords_en: str = "",
    by: Any,
) -> HouseRule:
    texts = [" ".join(t.split()) for t in (title_de, title_en)]
    summaries = [s.strip() for s in (summary_de, summary_en)]
    if not all(texts) or not all(summaries):
        raise Invalid(HOUSE_RULE_FIELDS_REQUIRED)
    # House rules belong to the card room, not to one tournament: the room's scope;
    # the unique number stays the guard as well.
    with write(scopes.room(), by=by) as w:
        number = (HouseRule.objects.aggregate(n=Max("number"))["n"] or 0) + 1
        w.keep_quiet("the rule catalogue is read when a page opens; no screen shows it")
        rule = HouseRule.objects.create(
            number=number,
            title_de=texts[0],
            title_en=texts[1],
            summary_de=summaries[0],
            summary_en=summaries[1],
            keywords_de=keywords_de.strip(),
            keywords_en=keywords_en.strip(),
            created_by=Actor.of(by).user,
        )
        w.log("house_rule_created", {"number": number, "title_de": texts[0], "title_en": texts[1]})
        return rule
