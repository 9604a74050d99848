"""The TD3 import over the API and the command line (README "Importing TD3 files"):
several files in one call, the preview, merging, damaged files refused whole,
directors only."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from imports.models import Td3PlayerLink
from imports.rules.td3_read import read_td3
from tests.imports.td3_files import needed_td3_files, td3_folder
from tests.imports.td3_import_support import post_files, results_differences, row_counts, upload
from tournament.api.auth import issue_token
from tournament.models import Entry, LeagueSeason, Player

pytestmark = pytest.mark.django_db

IMPORT, PREVIEW = "/imports/td3", "/imports/td3/preview"


def _needs_files() -> list:
    files = needed_td3_files("ORF 2025", at_least=2)
    needed_td3_files("other")
    return files


@pytest.fixture
def token(director) -> str:
    return issue_token(director)


def test_several_files_import_in_one_call(token, api):
    two = [upload(path) for path in _needs_files()[:2]]
    response = post_files(Client(), token, IMPORT, two)
    assert response.status_code == 201, response.content
    report = response.json()
    assert [t["created"] for t in report["tournaments"]] == [True, True]
    assert report["season"]["name"] == "ORF 2025"
    assert report["players"]["created"] == Player.objects.count() > 0
    for (_name, data), tournament in zip(two, report["tournaments"], strict=True):
        rows = api.get(f"/tournaments/{tournament['id']}/results").json()
        assert results_differences(read_td3(data), rows) == []
    again = post_files(Client(), token, IMPORT, two)
    assert again.status_code == 201
    assert [t["id"] for t in again.json()["tournaments"]] == [
        t["id"] for t in report["tournaments"]
    ]
    assert not any(t["created"] for t in again.json()["tournaments"])


def test_the_preview_says_what_the_import_would_do_and_writes_nothing(token):
    path = _needs_files()[0]
    before = row_counts()
    response = post_files(Client(), token, PREVIEW, [upload(path)])
    assert response.status_code == 200, response.content
    preview = response.json()
    assert row_counts() == before
    td3 = read_td3(path.read_bytes())
    [file] = preview["files"]
    assert (file["action"], file["title"], file["players"], file["season"]) == (
        "create",
        td3.title,
        len(td3.field),
        "ORF 2025",
    )
    assert {p["status"] for p in preview["players"]} == {"new"}
    assert preview["seasons"] == [
        {
            "name": "ORF 2025",
            "td3_league": "ORF",
            "td3_season": "2025",
            "action": "create",
            "id": None,
        }
    ]


def test_a_player_of_the_same_name_is_offered_and_merged_as_the_director_chooses(token):
    path = _needs_files()[0]
    td3 = read_td3(path.read_bytes())
    someone = td3.field[0]
    ours = Player.objects.create(name=f"  {someone.name.upper()} ")
    preview = post_files(Client(), token, PREVIEW, [upload(path)]).json()
    offered = next(p for p in preview["players"] if p["td3_uuid"] == someone.uuid)
    assert offered["status"] == "candidate"
    assert offered["candidates"] == [{"id": ours.pk, "name": ours.name}]
    response = post_files(
        Client(), token, IMPORT, [upload(path)], merge=[f"{someone.uuid}={ours.pk}"]
    )
    assert response.status_code == 201, response.content
    assert response.json()["players"]["matched"] == 1
    assert Td3PlayerLink.objects.get(td3_uuid=someone.uuid).player == ours
    assert Entry.objects.filter(player=ours).exists()


def test_merging_into_an_unknown_player_imports_nothing(token):
    path = _needs_files()[0]
    someone = read_td3(path.read_bytes()).field[0]
    response = post_files(Client(), token, IMPORT, [upload(path)], merge=[f"{someone.uuid}=999999"])
    assert response.status_code == 422
    assert row_counts()["Tournament"] == 0


@pytest.mark.parametrize(
    ("name", "damage"),
    [
        ("truncated.tdt", lambda data: data[: len(data) // 2]),
        ("notes.tdt", lambda _data: b"Friday night: 12 players, Anna won."),
        ("photo.tdt", lambda _data: bytes(range(256)) * 64),
        ("other.tdt", lambda _data: b'{ V: "3.7.2", T: new Layout({}) }'),
        ("empty.tdt", lambda _data: b""),
    ],
)
def test_a_damaged_file_is_refused_with_its_name_and_nothing_is_imported(token, name, damage):
    good = _needs_files()[0]
    before = row_counts()
    files = [upload(good), (name, damage(good.read_bytes()))]
    for path in (IMPORT, PREVIEW):
        response = post_files(Client(), token, path, files)
        assert response.status_code == 422, response.content
        body = response.json()
        assert [problem["file"] for problem in body["problems"]] == [name]
        assert name in body["problems"][0]["detail"] and body["detail"]
    assert row_counts() == before


def test_a_file_too_big_is_refused(token):
    from imports.services import td3_files as reading

    big = ("huge.tdt", b" " * (reading.MAX_FILE_BYTES + 1))
    response = post_files(Client(), token, IMPORT, [big])
    assert response.status_code == 422
    assert response.json()["problems"][0]["file"] == "huge.tdt"


def test_only_directors_import(floor_user, desk_user):
    path = _needs_files()[0]
    for user in (floor_user, desk_user):
        response = post_files(Client(), issue_token(user), IMPORT, [upload(path)])
        assert response.status_code == 403
    assert row_counts()["Tournament"] == 0


def test_contact_data_is_not_imported_and_a_warning_says_so(token):
    needed_td3_files("other")
    sample = td3_folder("other") / "sample.tdt"
    response = post_files(Client(), token, IMPORT, [upload(sample)])
    assert response.status_code == 201, response.content
    assert any("consent" in warning for warning in response.json()["warnings"])
    assert not Player.objects.exclude(email="", phone="").exists()


def test_the_command_imports_folders_and_says_what_it_did(capsys):
    _needs_files()
    call_command("import_td3", str(td3_folder("other")))
    out = capsys.readouterr().out
    assert "Tournaments: 3 (3 created)" in out
    call_command("import_td3", str(td3_folder("other")))
    assert "Tournaments: 3 (0 created)" in capsys.readouterr().out


def test_the_command_stops_on_a_damaged_file_and_changes_nothing(tmp_path):
    good = _needs_files()[0]
    (tmp_path / good.name).write_bytes(good.read_bytes())
    (tmp_path / "broken.tdt").write_bytes(good.read_bytes()[:5000])
    with pytest.raises(CommandError, match="broken.tdt"):
        call_command("import_td3", str(tmp_path))
    assert row_counts()["Tournament"] == 0


def test_more_files_than_one_request_takes_is_a_clear_error(token, settings):
    files = [(f"evening {n}.tdt", b"x") for n in range(settings.DATA_UPLOAD_MAX_NUMBER_FILES + 1)]
    response = post_files(Client(), token, IMPORT, files)
    assert response.status_code == 422
    assert str(settings.DATA_UPLOAD_MAX_NUMBER_FILES) in response.json()["detail"]


def test_an_upload_without_files_names_the_field(token):
    response = Client().post(
        f"/api/v1{IMPORT}", {"merge": "x=1"}, HTTP_AUTHORIZATION=f"Bearer {token}"
    )
    assert response.status_code == 422
    assert "file" in response.json()["detail"]


def test_files_of_one_season_with_different_formulas_keep_the_newest_and_say_so(token):
    older, newer = _needs_files()[:2]
    marker = b'Text: "assign (\\"points\\", 1)'
    changed = older.read_bytes().replace(marker, b'Text: "assign (\\"points\\", 2)', 1)
    assert changed != older.read_bytes()
    files = [(older.name, changed), upload(newer)]
    response = post_files(Client(), token, IMPORT, files)
    assert response.status_code == 201, response.content
    assert any("formula" in warning for warning in response.json()["warnings"])
    season = LeagueSeason.objects.get(pk=response.json()["season"]["id"])
    assert season.formula_text == read_td3(newer.read_bytes()).points_formula.strip()


def test_points_and_hits_typed_into_td3_come_in_as_corrections_money_is_named_as_left_out(token):
    from tournament.models import ResultCorrection

    path = _needs_files()[0]
    data = path.read_bytes().replace(b"HitsAdjustment: 0 ", b"HitsAdjustment: 1 ", 1)
    data = data.replace(b"PointsAdjustment: 0,", b"PointsAdjustment: -5,", 1)
    data = data.replace(b"CashAdjustment: 0,", b"CashAdjustment: 20,", 1)
    response = post_files(Client(), token, IMPORT, [(path.name, data)])
    assert response.status_code == 201, response.content
    corrections = list(ResultCorrection.objects.values_list("points", "hits", "reason"))
    assert sorted(corrections) in (
        [(-5, 1, "from TD3")],
        [(-5, 0, "from TD3"), (0, 1, "from TD3")],
    )
    assert any(
        path.name in warning and "money" in warning for warning in response.json()["warnings"]
    )


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (lambda data: data[: len(data) // 2], "der Text bricht ab oder ist beschädigt bei Zeichen"),
        (lambda _data: b'{ V: "3.7.2", T: new Tournament({}) }', "das Feld .T.UUID fehlt"),
        (lambda _data: b"Freitag: 12 Spieler, Anna gewann.", "bei Zeichen"),
    ],
)
def test_a_german_reader_is_told_in_german_why_a_file_is_refused(token, damage, said):
    good = _needs_files()[0]
    files = [("kaputt.tdt", damage(good.read_bytes()))]
    response = post_files(Client(HTTP_ACCEPT_LANGUAGE="de"), token, PREVIEW, files)
    assert response.status_code == 422, response.content
    body = response.json()
    assert body["detail"] == "Nichts wurde importiert: 1 Datei ist nicht lesbar."
    assert said in body["problems"][0]["detail"]
    assert "expected" not in body["problems"][0]["detail"]
