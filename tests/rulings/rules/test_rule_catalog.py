import ast
import re
from pathlib import Path

import pytest

from rulings.rules import catalog

REPO_ROOT = Path(__file__).resolve().parents[3]
RULEBOOKS = REPO_ROOT.parent / "shared" / "rules"

# Every rule INDEX.md names, written the way INDEX.md names it.
RULES_NAMED_IN_INDEX = [
    # 004 (TDA 2019)
    *[f"TDA2019-{n}" for n in (1, 5, 6, 7, 9, 10, 11, 20, 22, 23, 24, 27, 29, 32, 34, 69)],
    *[f"TDA2019-{n}" for n in range(35, 59)],
    # 000 (IFP)
    "IFP-2.1",
    "IFP-2.2",
    "IFP-3.1",
    "IFP-3.6",
    "IFP-3.7",
    "IFP-4.25",
    "IFP-4.26",
    "IFP-4.27",
    "IFP-5.2",
    *[f"IFP-5.{n}" for n in range(4, 11)],
    *[f"IFP-4.{n}" for n in range(9, 21)],
    # 002 (TDA excerpt)
    *[f"TDAX-{n}" for n in range(31, 39)],
    # 001 (BDPV), by heading aliases
    *[f"BDPV-Sitzordnung-{n}" for n in (3, 4, 5, 6)],
    *[f"BDPV-Turnierreglement-{n}" for n in (1, 7, 8, 10, 12, 14, 28, 29, 30, 31)],
    "BDPV-Turnierreglement-Einleitung",
    "BDPV-Blinds-4",
    "BDPV-Blinds-7",
    "BDPV-Button-und-Blinds-2",
    "BDPV-Split-Pot-1",
    "BDPV-Split-Pot-2",
    *[f"BDPV-Hausregeln-{n}" for n in (1, 2, 3, 4, 5, 6, 14)],
    "BDPV-No-Limit-12",
    "BDPV-Misdeals-1",
    *[f"BDPV-Unregelmaessigkeiten-{n}" for n in range(1, 15)],
    *[f"BDPV-Einsaetze-{n}" for n in range(1, 14)],
    # 003 (card room)
    "CR003-seating",
    "CR003-button-draw",
    "CR003-levels",
    "CR003-clock-call",
    "CR003-floor-decisions",
]

EXPECTED_COUNTS = {"TDA2019": 69, "TDAX": 8, "IFP": 63, "BDPV": 131, "CR003": 26}


@pytest.fixture(scope="session")
def rulebooks_dir() -> Path:
    """The rulebooks beside the clone (``../shared/rules``); skip only if that folder is absent."""
    if not RULEBOOKS.is_dir():
        pytest.skip(f"rulebooks not found at {RULEBOOKS}")
    return RULEBOOKS


@pytest.fixture(scope="session")
def rules() -> tuple[catalog.Rule, ...]:
    return catalog.load_catalog()


@pytest.mark.parametrize("reference", RULES_NAMED_IN_INDEX)
def test_every_rule_named_in_index_is_in_the_catalog_with_both_summaries(reference):
    rule = catalog.get(reference)
    assert rule is not None, reference
    assert rule.summary_de.strip() and rule.summary_en.strip()
    assert rule.title_de.strip() and rule.title_en.strip()


def test_rule_numbers_cited_in_index_md_exist(rulebooks_dir):
    index = (rulebooks_dir / "INDEX.md").read_text(encoding="utf-8")
    prefixes = {"004": "TDA2019", "000": "IFP", "002": "TDAX"}
    cited = set()
    for book, numbers in re.findall(r"\b(00[024]) (§[^;|]+)", index):
        for first, last in re.findall(r"§(\d+(?:\.\d+)?)(?:-(\d+(?:\.\d+)?))?", numbers):
            if last:
                head, _, lo = first.rpartition(".")
                hi = last.rpartition(".")[2]
                for n in range(int(lo), int(hi) + 1):
                    cited.add(f"{prefixes[book]}-{head + '.' if head else ''}{n}")
            else:
                cited.add(f"{prefixes[book]}-{first}")
    assert len(cited) > 40
    assert sorted(r for r in cited if catalog.get(r) is None) == []


def test_the_catalog_has_every_rule_of_every_book(rules):
    counts: dict[str, int] = {}
    for rule in rules:
        counts[rule.document] = counts.get(rule.document, 0) + 1
    assert counts == EXPECTED_COUNTS


def test_every_entry_is_complete(rules):
    for rule in rules:
        for text in (rule.title_de, rule.title_en, rule.summary_de, rule.summary_en):
            assert text.strip(), rule.id
        assert rule.keywords_de and rule.keywords_en, rule.id
        assert rule.id.startswith(rule.document + "-"), rule.id


def test_ids_and_aliases_name_exactly_one_rule(rules):
    seen: dict[str, str] = {}
    for rule in rules:
        for reference in (rule.id, *rule.aliases):
            key = catalog.reference_key(reference)
            assert seen.setdefault(key, rule.id) == rule.id, reference


def test_related_links_point_to_other_books_and_go_both_ways(rules):
    by_id = {rule.id: rule for rule in rules}
    for rule in rules:
        for other in rule.related:
            assert other in by_id, (rule.id, other)
            assert by_id[other].document != rule.document
            assert rule.id in by_id[other].related


def test_balancing_rules_are_linked_across_books():
    related = set(catalog.get("TDA2019-10").related)
    assert {"BDPV-6.14", "BDPV-3.7"} <= related
    assert "TDA2019-10" in catalog.get("BDPV-Turnierreglement-14").related


def test_catalog_summaries_are_paraphrased(rules, rulebooks_dir):
    def words(text: str) -> list[str]:
        return re.findall(r"\w+", text.lower())

    source = []
    for path in sorted(rulebooks_dir.glob("0*.txt")):
        source.extend(words(path.read_text(encoding="utf-8")))
    run = 8
    source_runs = {tuple(source[i : i + run]) for i in range(len(source) - run + 1)}
    copied = []
    for rule in rules:
        for name in ("summary_de", "summary_en"):
            text = words(getattr(rule, name))
            for i in range(len(text) - run + 1):
                if tuple(text[i : i + run]) in source_runs:
                    copied.append((rule.id, name, " ".join(text[i : i + run])))
                    break
    assert copied == []


@pytest.mark.parametrize("query", ["TDA2019-10", "tda2019-10", "tda 10", "TDA 10", "TDA-10"])
def test_search_finds_tda_2019_rule_10_by_its_number_first(query):
    assert catalog.search(query)[0].id == "TDA2019-10"


def test_a_bare_number_finds_the_rule_with_that_number():
    assert catalog.search("4.27")[0].id == "IFP-4.27"
    assert catalog.search("IFP 4.27")[0].id == "IFP-4.27"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Turnierreglement 28", "BDPV-6.28"),
        ("BDPV-Turnierreglement-28", "BDPV-6.28"),
        ("bdpv 6.28", "BDPV-6.28"),
        ("Sitzordnung 4", "BDPV-1.3.4"),
        ("Button und Blinds 7", "BDPV-3.7"),
        ("Hausregeln 14", "BDPV-1.2.14"),
        ("No-Limit 12", "BDPV-5.12"),
        ("CR003-clock-call", "CR003-clock-call"),
    ],
)
def test_search_finds_bdpv_and_card_room_rules_by_heading_and_number(query, expected):
    assert catalog.search(query)[0].id == expected


@pytest.mark.parametrize("query", ["Ausgleich", "balancing", "Tischausgleich"])
def test_search_finds_the_balancing_rule_by_german_or_english_word(query):
    found = [rule.id for rule in catalog.search(query)]
    assert found[0] == "TDA2019-10"
    assert "BDPV-6.14" in found


@pytest.mark.parametrize(
    "query",
    ["Unregelmäßigkeiten", "unregelmaessigkeiten", "UNREGELMÄSSIGKEITEN", "Unregelmassigkeiten"],
)
def test_search_is_case_and_umlaut_insensitive(query):
    found = {rule.id for rule in catalog.search(query)}
    assert {"BDPV-2.3.1", "BDPV-2.3.14"} <= found


def test_search_requires_every_term_to_match():
    found = catalog.search("clock 50")
    assert [rule.id for rule in found] == ["CR003-clock-call"]
    assert catalog.search("clock xylophon") == []


def test_title_matches_rank_before_keyword_and_summary_matches():
    hits = catalog.search_hits("clock")
    ranks = [hit.rank for hit in hits]
    assert ranks == sorted(ranks)
    assert hits[0].rank == catalog.RANK_TITLE
    assert catalog.RANK_TEXT in ranks
    assert {hit.rule.id for hit in hits if hit.rank == catalog.RANK_TITLE} >= {
        "TDA2019-29",
        "IFP-4.26",
        "CR003-clock-call",
    }


def test_short_terms_match_only_at_the_start_of_a_word():
    # "Uhr" must not find "Durchführung eines Raises" (TDAX-36)
    found = [rule.id for rule in catalog.search("Uhr")]
    assert found[0] == "CR003-clock-call"
    assert "TDAX-36" not in found


def test_an_empty_query_finds_nothing():
    assert catalog.search("  ") == []


def test_get_returns_none_for_an_unknown_id():
    assert catalog.get("TDA2019-99") is None
    assert catalog.unknown_ids(["TDA2019-10", "XYZ-1"]) == ["XYZ-1"]


def test_search_works_on_a_given_list_of_entries(rules):
    subset = [rule for rule in rules if rule.document == "IFP"]
    assert {rule.document for rule in catalog.search("clock", subset)} == {"IFP"}


def test_the_rules_package_imports_no_django():
    package = Path(catalog.__file__).parent
    for path in package.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(
                n.split(".")[0] in {"django", "channels", "celery", "ninja"} for n in names
            ), path
