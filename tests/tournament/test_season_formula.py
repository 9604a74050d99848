"""A season's own points formula in TD3's language (README "Switching from TD3",
"The points formula"): checked when saved, computed from the evening's data,
previewed while the director writes."""

from __future__ import annotations

import pytest

from tests.tables.test_floor_api import seated_entry, start, tables_of

pytestmark = pytest.mark.django_db

HITS_FORMULA = 'assign("points", n - r + 1 + numberOfHits * 10)\nassign("spent", totalCost)'


def season(api, formula_text: str, **extra) -> dict:
    response = api.post(
        "/seasons", {"name": "Club", "formula": "td3", "formula_text": formula_text, **extra}
    )
    assert response.status_code == 201, response.content
    return response.json()


def link(api, tid: int, season_id: int) -> None:
    response = api.patch(f"/tournaments/{tid}/payouts/settings", {"season": season_id})
    assert response.status_code == 200, response.content


def tablemate(api, tid: int, victim: int) -> int:
    for table in tables_of(api, tid):
        entries = [p["entry"] for p in table["players"]]
        if victim in entries:
            return next(e for e in entries if e != victim)
    raise AssertionError("victim not seated")


def play_with_hits(api) -> tuple[int, dict[int, int], int]:
    """Five players at 20 + 5; one player knocks out three, the rest bust alone.
    Returns the tournament, each entry's place, and the hitman's entry."""
    game = start(api, players=5, tables=1, buy_in="20", fee="5")
    tid = game["id"]
    hitman = seated_entry(api, tid)
    for _ in range(3):
        victim = next(p["entry"] for p in tables_of(api, tid)[0]["players"] if p["entry"] != hitman)
        response = api.post(f"/entries/{victim}/bust", {"eliminated_by": [hitman]})
        assert response.status_code == 200, response.content
    api.post(f"/entries/{hitman}/bust")
    results = api.get(f"/tournaments/{tid}/results").json()
    return tid, {r["entry"]: r["place"] for r in results if r["place"]}, hitman


def test_a_td3_season_counts_places_and_hits_by_its_own_formula(api):
    tid, places, hitman = play_with_hits(api)
    assert places[hitman] == 2
    made = season(api, HITS_FORMULA)
    assert made["formula"] == "td3" and made["formula_text"] == HITS_FORMULA
    link(api, tid, made["id"])
    standings = api.get(f"/seasons/{made['id']}/standings").json()
    assert standings["formula_text"] == HITS_FORMULA
    points = sorted(s["points"] for s in standings["standings"])
    # n = 5: places 5, 4, 3 get 1, 2, 3; the winner 5; the hitman 4 + 3 hits * 10.
    assert points == ["1.00", "2.00", "3.00", "34.00", "5.00"]


def test_the_formula_reads_the_money_each_player_paid(api):
    tid, _places, _hitman = play_with_hits(api)
    made = season(api, "totalCost + totalBuyinsAmount / 100 + roundOut")
    link(api, tid, made["id"])
    standings = api.get(f"/seasons/{made['id']}/standings").json()["standings"]
    # 25 each (20 to the pool, 5 fee), 125 in all; the four out went out in level 1
    # (the clock never started), the winner never went out.
    assert [s["points"] for s in standings] == ["27.25"] * 4 + ["26.25"]


def test_changing_the_formula_changes_the_standings(api):
    tid, _places, _hitman = play_with_hits(api)
    made = season(api, "n - r + 1")
    link(api, tid, made["id"])
    before = api.get(f"/seasons/{made['id']}/standings").json()["standings"]
    assert before[0]["points"] == "5.00"
    changed = api.put(
        f"/seasons/{made['id']}",
        {"name": "Club 2025", "formula": "td3", "formula_text": "if(r = 1, 100, 10)"},
    )
    assert changed.status_code == 200, changed.content
    assert changed.json()["name"] == "Club 2025"
    after = api.get(f"/seasons/{made['id']}/standings").json()["standings"]
    assert [s["points"] for s in after] == ["100.00", "10.00", "10.00", "10.00", "10.00"]
    back = api.put(f"/seasons/{made['id']}", {"name": "Club 2025", "formula": "linear"})
    assert back.status_code == 200
    again = api.get(f"/seasons/{made['id']}/standings").json()["standings"]
    assert [s["points"] for s in again] == ["5.00", "4.00", "3.00", "2.00", "1.00"]


def test_unknown_names_are_refused_when_the_season_is_saved_in_the_readers_language(api):
    body = {"name": "Club", "formula": "td3", "formula_text": "n - platz + bonus(3)"}
    english = api.post("/seasons", body)
    assert english.status_code == 422
    assert "Unknown function in the formula: bonus" in english.json()["detail"]
    body["formula_text"] = "n - platz + Extra"
    api.headers["HTTP_ACCEPT_LANGUAGE"] = "de"
    german = api.post("/seasons", body)
    del api.headers["HTTP_ACCEPT_LANGUAGE"]
    assert german.status_code == 422
    assert german.json()["detail"] == "formula_text: Unbekannter Name in der Formel: Extra, platz."
    assert api.post("/seasons", {**body, "formula_text": "  "}).status_code == 422
    made = season(api, "n")
    changed = api.put(f"/seasons/{made['id']}", {**body, "formula_text": "(n"})
    assert changed.status_code == 422
    assert api.get(f"/seasons/{made['id']}/standings").json()["formula_text"] == "n"


def test_a_named_formula_needs_no_text(api):
    response = api.post("/seasons", {"name": "Club", "formula": "sqrt", "formula_text": "junk("})
    assert response.status_code == 201


def test_a_formula_that_gives_no_number_is_a_conflict_on_the_table(api):
    tid, _places, _hitman = play_with_hits(api)
    made = season(api, "1 / (r - 1)")
    link(api, tid, made["id"])
    response = api.get(f"/seasons/{made['id']}/standings")
    assert response.status_code == 409
    assert "no number" in response.json()["detail"]


def test_the_preview_lists_every_place_with_and_without_a_hit(api):
    response = api.post(
        "/seasons/formula-preview",
        {"formula": "td3", "formula_text": "n - r + 1 + nh * 2", "field": 4},
    )
    assert response.status_code == 200, response.content
    assert response.json()["rows"] == [
        {"place": 1, "points": "4.00", "points_with_hit": "6.00"},
        {"place": 2, "points": "3.00", "points_with_hit": "5.00"},
        {"place": 3, "points": "2.00", "points_with_hit": "4.00"},
        {"place": 4, "points": "1.00", "points_with_hit": "3.00"},
    ]
    table = api.post(
        "/seasons/formula-preview", {"formula": "table", "table": ["10", "5"], "field": 3}
    ).json()["rows"]
    assert [r["points"] for r in table] == ["10.00", "5.00", "0.00"]


def test_the_preview_names_the_problem(api, floor_api):
    bad = api.post(
        "/seasons/formula-preview", {"formula": "td3", "formula_text": "n - rank2", "field": 4}
    )
    assert bad.status_code == 422
    assert "rank2" in bad.json()["detail"]
    nan = api.post(
        "/seasons/formula-preview", {"formula": "td3", "formula_text": "1 / (r - 2)", "field": 3}
    )
    assert nan.status_code == 422
    big = api.post("/seasons/formula-preview", {"formula": "linear", "field": 100000})
    assert big.status_code == 422
    staff = floor_api.post("/seasons/formula-preview", {"formula": "linear", "field": 2})
    assert staff.status_code == 200


def test_the_orf_formula_previews_as_the_readme_says(api):
    from tests.tournament.rules.test_points_formula import ORF_2025

    rows = api.post(
        "/seasons/formula-preview",
        {"formula": "td3", "formula_text": ORF_2025, "field": 15, "buy_in": "200"},
    ).json()["rows"]
    assert (rows[0]["points"], rows[0]["points_with_hit"]) == ("244.00", "254.00")
    assert (rows[2]["points"], rows[2]["points_with_hit"]) == ("141.00", "151.00")
    assert (rows[9]["points"], rows[9]["points_with_hit"]) == ("12.00", "24.00")
    assert rows[14]["points"] == "1.00"


def test_the_season_page_refuses_an_unknown_name_in_german_and_keeps_the_text(client, director):
    client.force_login(director)
    form = {"name": "Club", "formula": "td3", "formula_text": "n - platz", "participation": "0"}
    page = client.post("/seasons/", form, HTTP_ACCEPT_LANGUAGE="de")
    assert page.status_code == 422
    html = page.content.decode()
    assert "Unbekannter Name in der Formel: platz." in html
    assert "n - platz</textarea>" in html


def test_a_director_changes_the_formula_on_the_season_page(api, client, director):
    tid, _places, _hitman = play_with_hits(api)
    made = season(api, "n - r + 1", scale="20")
    link(api, tid, made["id"])
    client.force_login(director)
    form = {"name": "Club", "formula": "td3", "formula_text": "r * 2", "participation": "1"}
    response = client.post(f"/seasons/{made['id']}/", form)
    assert response.status_code == 302
    page = client.get(f"/seasons/{made['id']}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "r * 2</pre>" in page
    points = [s["points"] for s in api.get(f"/seasons/{made['id']}/standings").json()["standings"]]
    assert points == ["11.00", "9.00", "7.00", "5.00", "3.00"]
    # The page has no field for the sqrt scale: it stays as the API set it.
    assert api.get(f"/seasons/{made['id']}/standings").json()["scale"] == "20.00"


def test_a_stored_formula_that_cannot_be_read_is_a_conflict_on_the_table(api):
    from tournament.models import LeagueSeason

    tid, _places, _hitman = play_with_hits(api)
    made = season(api, "n")
    LeagueSeason.objects.filter(pk=made["id"]).update(formula_text="n - bonus")
    link(api, tid, made["id"])
    response = api.get(f"/seasons/{made['id']}/standings")
    assert response.status_code == 409
    assert response.json()["detail"] == "Unknown name in the formula: bonus."


def points_of(api, season_id: int) -> dict[str, str]:
    standings = api.get(f"/seasons/{season_id}/standings").json()["standings"]
    return {s["name"]: s["points"] for s in standings}


def test_a_shared_elimination_counts_for_each_hitman_and_an_undone_bust_for_none(api):
    game = start(api, players=4, tables=1)
    tid = game["id"]
    seated = [p["entry"] for p in tables_of(api, tid)[0]["players"]]
    names = {e["id"]: e["name"] for e in game["entries"]}
    victim, first, second, other = seated
    shared = api.post(f"/entries/{victim}/bust", {"eliminated_by": [first, second]})
    assert shared.status_code == 200, shared.content
    undone = api.post(f"/entries/{other}/bust", {"eliminated_by": [first]})
    assert undone.status_code == 200, undone.content
    assert api.post(f"/entries/{other}/unbust").status_code == 200
    made = season(api, "numberOfHits")
    link(api, tid, made["id"])
    api.post(f"/entries/{other}/bust")
    api.post(f"/entries/{second}/bust")
    points = points_of(api, made["id"])
    assert points[names[first]] == "1.00"
    assert points[names[second]] == "1.00"
    assert points[names[other]] == "0.00"


def test_round_out_is_the_level_he_went_out_in(api):
    game = start(api, players=3, tables=1)
    tid = game["id"]
    level = {"kind": "level", "small_blind": 100, "big_blind": 200, "ante": 0,
             "big_blind_ante": False, "seconds": 1200}  # fmt: skip
    structure = api.put(f"/tournaments/{tid}/structure", {"levels": [level, level, level]})
    assert structure.status_code == 200, structure.content
    assert api.post(f"/tournaments/{tid}/clock/start").status_code == 200
    names = {e["id"]: e["name"] for e in game["entries"]}
    first = seated_entry(api, tid)
    api.post(f"/entries/{first}/bust")
    assert api.post(f"/tournaments/{tid}/clock/next").status_code == 200
    assert api.post(f"/tournaments/{tid}/clock/next").status_code == 200
    second = seated_entry(api, tid)
    api.post(f"/entries/{second}/bust")
    made = season(api, "roundOut")
    link(api, tid, made["id"])
    points = points_of(api, made["id"])
    assert (points[names[first]], points[names[second]]) == ("1.00", "3.00")
    assert sorted(points.values()) == ["0.00", "1.00", "3.00"]
