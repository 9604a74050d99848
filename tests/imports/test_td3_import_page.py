"""The director's TD3 import page (README "Switching from TD3"): several files
chosen at once, a preview of what is created, matched and skipped, the merge
choice for players whose name is on file, then the import and its result."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from imports.models import Td3PlayerLink, Td3TournamentLink
from imports.rules.td3_read import read_td3
from tests.imports.td3_files import needed_td3_files
from tests.imports.td3_import_support import row_counts
from tests.test_pages_speak_german import english_words, visible_text
from tournament.models import Entry, LeagueSeason, Player

pytestmark = pytest.mark.django_db

PAGE, PREVIEW = "/imports/td3/", "/imports/td3/preview/"


def _two_evenings() -> list[tuple[str, bytes]]:
    files = needed_td3_files("ORF 2025", at_least=2)
    return [(path.name, path.read_bytes()) for path in files[:2]]


def _form(files: list[tuple[str, bytes]], **fields) -> dict:
    return {"file": [SimpleUploadedFile(name, data) for name, data in files], **fields}


@pytest.fixture
def desk(client, director) -> Client:
    client.force_login(director)
    return client


def _text(response) -> str:
    return " ".join(visible_text(response.content.decode()).split())


def test_the_director_sees_what_several_files_would_do_and_nothing_is_written(desk):
    files = _two_evenings()
    before = row_counts()
    response = desk.post(PREVIEW, _form(files))
    assert response.status_code == 200
    assert row_counts() == before
    text = _text(response)
    for name, data in files:
        td3 = read_td3(data)
        assert re.search(rf"{re.escape(name)} {re.escape(td3.title)} \S+ {len(td3.field)} ", text)
    assert text.count("new tournament") == 2
    assert "League season ORF 2025 will be created" in text
    assert "Import 2 tournaments" in text
    html = response.content.decode()
    assert 'type="file" name="file" multiple accept=".tdt"' in html


def test_the_page_asks_for_the_preview_part_alone(desk):
    response = desk.post(PREVIEW, _form(_two_evenings()), HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    body = response.content.decode()
    assert "<html" not in body and "2. Preview" in body


def test_the_tournament_list_leads_directors_to_the_page(desk, floor_user):
    assert PAGE in desk.get("/").content.decode()
    floor = Client()
    floor.force_login(floor_user)
    assert PAGE not in floor.get("/").content.decode()


def test_only_directors_open_the_page(floor_user, desk_user):
    files = _two_evenings()
    for user in (floor_user, desk_user):
        staff = Client()
        staff.force_login(user)
        assert staff.get(PAGE).status_code == 403
        assert staff.post(PREVIEW, _form(files)).status_code == 403
        assert staff.post(PAGE, _form(files)).status_code == 403
        assert staff.get("/imports/td3/done/?new=1").status_code == 403
    anonymous = Client().get(PAGE)
    assert anonymous.status_code == 302 and "/login/" in anonymous["Location"]
    assert row_counts()["Tournament"] == 0


@pytest.mark.parametrize("path", [PREVIEW, PAGE])
def test_a_damaged_file_is_named_with_its_problem_and_nothing_is_imported(desk, path):
    good = _two_evenings()[0]
    before = row_counts()
    response = desk.post(path, _form([good, ("cut.tdt", good[1][:5000])]))
    assert response.status_code == 422
    assert row_counts() == before
    row = re.search(
        r"<tr><td[^>]*>cut\.tdt</td><td[^>]*>(.*?)</td></tr>", response.content.decode()
    )
    assert row and "not a TD3 save file we can read" in row.group(1)
    assert "Nothing was imported: 1 file cannot be read." in _text(response)


def test_no_file_chosen_is_said_plainly(desk):
    response = desk.post(PREVIEW, {})
    assert response.status_code == 422
    assert "Choose one or more TD3 save files (.tdt)." in _text(response)


def test_more_files_than_a_request_takes_is_said_plainly(desk, settings):
    most = settings.DATA_UPLOAD_MAX_NUMBER_FILES
    files = [(f"evening {n}.tdt", b"x") for n in range(most + 1)]
    response = desk.post(PREVIEW, _form(files))
    assert response.status_code == 422
    assert response.content.decode() == f"At most {most} files at once."
    assert row_counts()["Tournament"] == 0


def test_a_name_on_file_is_offered_and_merged_only_when_the_director_chooses(desk):
    files = _two_evenings()[:1]
    someone, other = read_td3(files[0][1]).field[:2]
    ours = Player.objects.create(name=someone.name)
    namesake = Player.objects.create(name=other.name)
    preview = desk.post(PREVIEW, _form(files))
    html = preview.content.decode()
    assert f'name="merge-{someone.uuid}" value="" checked' in html
    assert f"merge with {someone.name} (no. {ours.pk}, no tournament yet)" in _text(preview)
    # The director merges the first; the second stays a new player (the default).
    form = _form(files, **{f"merge-{someone.uuid}": str(ours.pk), f"merge-{other.uuid}": ""})
    response = desk.post(PAGE, form, follow=True)
    assert response.status_code == 200
    assert "1 player on file" in _text(response)
    assert Td3PlayerLink.objects.get(td3_uuid=someone.uuid).player == ours
    assert Td3PlayerLink.objects.get(td3_uuid=other.uuid).player != namesake
    assert Entry.objects.filter(player=ours).exists()
    assert not Entry.objects.filter(player=namesake).exists()


def test_a_merge_into_a_player_not_on_file_imports_nothing(desk):
    files = _two_evenings()[:1]
    someone = read_td3(files[0][1]).field[0]
    before = row_counts()
    response = desk.post(PAGE, _form(files, **{f"merge-{someone.uuid}": "999999"}))
    assert response.status_code == 422
    assert row_counts() == before
    assert f"There is no player 999999 to merge {someone.name} into." in _text(response)


def test_the_import_creates_the_tournaments_and_links_their_results(desk):
    files = _two_evenings()
    response = desk.post(PAGE, _form(files), follow=True)
    assert response.status_code == 200
    assert response.redirect_chain[0][0].startswith("/imports/td3/done/?")
    links = Td3TournamentLink.objects.order_by("started_at")
    assert [link.filename for link in links] == [name for name, _data in files]
    html = response.content.decode()
    for link in links:
        assert f'href="/tournaments/{link.tournament_id}/standings/"' in html
    season = LeagueSeason.objects.get(name="ORF 2025")
    assert f'href="/seasons/{season.pk}/"' in html
    assert "Imported: 2 tournaments." in _text(response)
    # Reloading the result page imports nothing again; it still lists them.
    before = row_counts()
    reloaded = desk.get(response.redirect_chain[0][0])
    assert row_counts() == before and _text(reloaded).count("new tournament") == 2
    # The same files again: the preview says they are imported already.
    again = _text(desk.post(PREVIEW, _form(files)))
    assert again.count("unchanged: imported before") == 2 and "new tournament" not in again
    assert "All these files are imported already" in again


def test_the_page_speaks_german(desk):
    desk.cookies["django_language"] = "de"
    files = _two_evenings()
    Player.objects.create(name=read_td3(files[0][1]).field[0].name)
    pages = {
        "page": desk.get(PAGE),
        "preview": desk.post(PREVIEW, _form(files)),
        "damaged": desk.post(PREVIEW, _form([("leer.tdt", b"")])),
        "result": desk.post(PAGE, _form(files), follow=True),
    }
    assert {name: r.status_code for name, r in pages.items()} == {
        "page": 200,
        "preview": 200,
        "damaged": 422,
        "result": 200,
    }
    assert "Ligasaison ORF 2025 wird angelegt" in _text(pages["preview"])
    assert "zusammenführen mit" in _text(pages["preview"])
    found = {name: english_words(_text(r)) for name, r in pages.items()}
    assert found == {name: [] for name in pages}


def test_the_button_counts_only_the_files_it_will_import(desk):
    desk.cookies["django_language"] = "de"
    files = _two_evenings()
    assert desk.post(PAGE, _form(files[:1]), follow=True).status_code == 200
    text = _text(desk.post(PREVIEW, _form(files)))
    assert "1 Turnier importieren" in text
    assert "2 Turniere importieren" not in text
