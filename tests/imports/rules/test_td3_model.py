"""What a TD3 file says about its tournament: players, purchases, bust-outs, prizes."""

from __future__ import annotations

import re
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from imports.rules.td3_read import read_td3
from imports.rules.td3_reader import Td3FormatError
from imports.rules.td3_syntax import Td3Error
from tests.imports.td3_files import apply_edits, sample_text, td3_params


def _buyin(time, level, amount, *, rake=0, profile="Std", bust=None):
    out = ""
    if bust:
        when, round_, hitmen = bust
        ids = ", ".join(f'"{h}"' for h in hitmen)
        out = (
            f", BustOut: new GameBustOut({{Time: {when}, Round: {round_}, HitmanUUID: [{ids}], "
            'Seat: new GameSeat({TableName: "Table 1", SeatIndex: 2, TableUUID: "t1"})})'
        )
    return (
        f"new GameBuyin({{Time: {time}, Round: {level}, Amount: {amount}, "
        f'Rake: new PerPlayerRake([{rake}]), Chips: 10000, ProfileName: "{profile}"{out}}})'
    )


def _player(uuid, nickname, buyins, addons=""):
    return (
        f'["{uuid}", new GamePlayer({{UUID: "{uuid}", Name: new PlayerName({{Nickname: '
        f'"{nickname}", Firstname: "", Lastname: ""}}), Info: new PlayerInfo({{Email1: ""}}), '
        f"Buyins: [{', '.join(buyins)}], AddOns: [{addons}]}})]"
    )


EVENING = (
    '{ V: "3.7.2", T: new Tournament({UUID: "t-uuid", LeagueName: "ORF", SeasonName: "2025", '
    'Title: "ORF Poker", StartTime: 1000, EndTime: 9000, '
    "Financials: new FinancialConfig({"
    'Buyins: new BuyConfig({Allow: true, Profiles: [new FeeProfile({Name: "Std", Fee: 220, '
    "Rake: new PerPlayerRake([20]), Chips: 10000})], LastRound: 0, MaxPerPlayer: 0}), "
    'Rebuys: new BuyConfig({Allow: true, Profiles: [new FeeProfile({Name: "Double", Fee: 200, '
    "Rake: new PerPlayerRake([0]), Chips: 10000})], LastRound: 6, MaxPerPlayer: 2}), "
    "AddOns: new BuyConfig({Allow: false, Profiles: [], LastRound: 6, MaxPerPlayer: 1}), "
    'HouseContribution: 0, GuaranteedPot: 0, PointsForPlaying: new UserFormula({Text: "n-r+1"})}), '
    "Players: new GamePlayers({Players: Map.from(["
    + ", ".join(
        [
            _player(
                "ann",
                "Ann",
                [
                    _buyin(1000, 1, 220, rake=20, bust=(2000, 1, ["bob"])),
                    _buyin(2100, 1, 200, profile="Double", bust=(7000, 9, ["bob", "cid"])),
                ],
            ),
            _player("bob", "Bob", [_buyin(1000, 1, 220, rake=20)]),
            _player(
                "cid",
                "Cid",
                [_buyin(1500, 2, 220, rake=20, bust=(8000, 10, ["bob"]))],
                addons="new GameAddOn({Time: 3000, Round: 6, Amount: 50, "
                'Rake: new PerPlayerRake([0]), Chips: 3000, ProfileName: "Master"})',
            ),
            _player("dee", "Dee", []),
        ]
    )
    + "])}), "
    "Levels: new GameLevels({Levels: [new GameRound({Minutes: 20, SmallBlind: 25, BigBlind: 50, "
    "Ante: 0}), new GameBreak({Minutes: 5}), new GameRound({Minutes: 20, SmallBlind: 50, "
    "BigBlind: 100, Ante: 100})]}), "
    "Prizes: new GamePrizes({Prizes: [new GamePrize({Recipient: 1, AmountType: 0, Amount: 60, "
    'CalculatedAmount: 500, SharedRemainder: 10, AwardedToPlayers: ["bob"], Description: "1st"}), '
    "new GamePrize({Recipient: 2, AmountType: 1, Amount: 300, CalculatedAmount: 300, "
    'SharedRemainder: 0, AwardedToPlayers: ["cid"]})]}), '
    'Tables: new GameTables({Tables: [new GameTable({Name: "Table 1", NumberOfSeats: 7, '
    'UUID: "t1"})]})}) }'
)


def test_an_evening_reads_into_players_purchases_and_bust_outs():
    tournament = read_td3(EVENING.encode())
    assert (tournament.title, tournament.league, tournament.season) == ("ORF Poker", "ORF", "2025")
    ann, bob, cid, dee = tournament.players
    assert [p.level for p in ann.buyins] == [1, 1]
    assert ann.buyins[0].to_pool == Decimal(200)
    assert ann.buyins[1].profile == "Double"
    assert ann.out is not None and ann.out.hitmen == ("bob", "cid") and ann.out.level == 9
    assert ann.buyins[0].bust_out is not None and ann.buyins[0].bust_out.seat is not None
    assert ann.buyins[0].bust_out.seat.seat == 3  # TD3 counts seats from 0
    assert bob.out is None
    assert cid.addons[0].amount == Decimal(50) and cid.addons[0].chips == 3000
    assert dee.buyins == ()
    assert tournament.points_formula == "n-r+1"


def test_places_rank_players_and_leave_out_who_never_bought_in():
    tournament = read_td3(EVENING)
    assert tournament.places() == {"bob": 1, "cid": 2, "ann": 3}
    assert tournament.finished
    assert [(player.uuid, index) for player, index, _ in tournament.busts()] == [
        ("ann", 0),
        ("ann", 1),
        ("cid", 0),
    ]


def test_the_pool_is_what_was_paid_less_the_house_part_and_prizes_are_as_awarded():
    tournament = read_td3(EVENING)
    assert tournament.pool == Decimal(200 + 200 + 200 + 200 + 50)
    assert tournament.prize_of("bob") == Decimal(500)  # the remainder is inside the 500
    assert tournament.prize_of("cid") == Decimal(300)
    assert tournament.prize_of("ann") == 0
    assert tournament.prizes[0].percent and not tournament.prizes[1].percent


def test_hits_count_each_hitman_of_a_shared_bust_out():
    tournament = read_td3(EVENING)
    assert [tournament.hits_of(uuid) for uuid in ("ann", "bob", "cid", "dee")] == [0, 3, 1, 0]


def test_levels_are_numbered_without_the_breaks():
    levels = read_td3(EVENING).levels
    assert [(level.kind, level.number) for level in levels] == [
        ("level", 1),
        ("break", None),
        ("level", 2),
    ]
    assert levels[2].ante == 100


def test_buy_in_profiles_are_found_by_name():
    tournament = read_td3(EVENING)
    double = tournament.profile("Double")
    assert double is not None and double.to_pool == Decimal(200)
    assert tournament.rebuys.last_level == 6 and tournament.rebuys.max_per_player == 2
    assert tournament.profile("nothing") is None


def test_older_shapes_of_the_file_are_read():
    listed = read_td3(
        '{V: "3.7.2", T: new Tournament({UUID: "m", Players: [new Player({UUID: "a", '
        'Name: "Alice"})]})}'
    )
    assert [player.name for player in listed.players] == ["Alice"]
    mapped = read_td3(
        '{V: "3.3", T: new Tournament({UUID: "m", Players: new GamePlayers({Players: '
        'new Map({"u1": new GamePlayer({UUID: "u1", Name: new PlayerName({Firstname: "Bo", '
        'Lastname: "Ek"})})})})})}'
    )
    assert [player.name for player in mapped.players] == ["Bo Ek"]
    legacy = read_td3(
        '{V: "3.0", T: new Tournament({UUID: "x", Players: [], Financials: new GameFinancials('
        "{EntryFee: 50, PPRake: new PerPlayerRake([5]), StartingChips: 1500, "
        "Rebuys: new AddOnRebuy({Allow: true, Fee: 50, Rake: new PerPlayerRake([0]), Chips: 1000, "
        "LastRound: 6, MaxPerPlayer: 1})})})}"
    )
    assert legacy.buyins.profiles[0].to_pool == Decimal(45)
    assert legacy.rebuys.profiles[0].chips == 1000


@pytest.mark.parametrize(
    ("text", "path"),
    [
        ("[1, 2]", "T"),
        ('{V: "3", T: new Game({})}', ".T"),
        ('{T: new Tournament({Title: "x"})}', ".T.UUID"),
        ('{T: new Tournament({UUID: "u", Players: 5})}', ".T.Players"),
        (
            '{T: new Tournament({UUID: "u", Players: [new GamePlayer({UUID: "a", Name: "A", '
            'Buyins: [new GameBuyin({Time: 1, Round: 1, Amount: "lots", Chips: 1})]})]})}',
            ".T.Players[0].Buyins[0].Amount",
        ),
        (
            '{T: new Tournament({UUID: "u", Players: [new GamePlayer({UUID: "a", Name: "A"}), '
            'new GamePlayer({UUID: "a", Name: "B"})]})}',
            ".T.Players[1]",
        ),
    ],
)
def test_a_file_that_is_not_a_tournament_names_the_field(text, path):
    with pytest.raises(Td3FormatError) as caught:
        read_td3(text)
    assert caught.value.path == path
    assert isinstance(caught.value, Td3Error)


@pytest.mark.parametrize("path", td3_params())
def test_every_real_file_reads_and_ranks_each_player_once(path):
    tournament = read_td3(path.read_bytes())
    places = tournament.places()
    assert sorted(places.values()) == list(range(1, len(tournament.field) + 1))
    if tournament.finished:
        for prize in tournament.prizes:  # TD3's awarded prizes sit at the places we rank
            assert all(places[uuid] == prize.place for uuid in prize.awarded_to)


@pytest.mark.parametrize("path", td3_params())
def test_the_prizes_of_every_real_file_add_up_to_no_more_than_its_pool(path):
    """TD3's calculated amount already holds the remainder that "share remainder"
    gives a prize: the shares of the pool paid never exceed what was paid in, the
    club's contribution and the guarantee; a fixed amount is paid as the club set
    it, even above the pool (README "Switching from TD3")."""
    tournament = read_td3(path.read_bytes())
    shares = [prize for prize in tournament.prizes if prize.percent]
    paid = sum((prize.amount * len(prize.awarded_to) for prize in shares), Decimal(0))
    assert paid <= max(tournament.pool, tournament.guarantee)
    for prize in tournament.prizes:
        if not prize.percent and prize.awarded_to:
            assert prize.amount == prize.configured


SAMPLE = sample_text(EVENING)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(
            st.integers(min_value=0, max_value=len(SAMPLE) - 1),
            st.integers(min_value=0, max_value=30),
            st.sampled_from(['"x"', "1", "-1.5", "[]", "{}", "null", "true", "", "new X({})"]),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_a_mangled_real_file_reads_or_is_a_clear_error(edits):
    try:
        read_td3(apply_edits(SAMPLE, edits))
    except Td3Error:
        pass


FIELD_VALUES = [match.end() for match in re.finditer(r"\w: ", SAMPLE)]
FIRST_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|-?[\d.]+|[\w.]+')


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(
        st.tuples(
            st.sampled_from(FIELD_VALUES),
            st.sampled_from(
                ['"x"', "0", "-1", "1.5", "1e20", "[]", "{}", "null", "true", "new X({})", "[null]"]
            ),
        ),
        min_size=1,
        max_size=3,
    )
)
def test_a_real_file_with_wrong_values_reads_or_names_the_field(edits):
    text = SAMPLE
    for at, replacement in sorted(edits, reverse=True):
        token = FIRST_TOKEN.match(text, at)
        end = token.end() if token else at
        text = text[:at] + replacement + text[end:]
    try:
        read_td3(text)
    except Td3FormatError as error:
        assert error.path.startswith(".T") or error.path == "T"
    except Td3Error:
        pass


def test_the_log_tells_whether_a_break_was_running():
    tournament = read_td3(
        '{V: "3.7.2", T: new Tournament({UUID: "h", Players: [], History: new GameHistory({'
        'History: [new GameHistoryItem({Time: 300, Text: "Start of break 1"}), '
        'new GameHistoryItem({Time: 100, Text: "Start of round 1"}), '
        'new GameHistoryItem({Time: 400, Text: "End of break 1"})]})})}'
    )
    assert [tournament.in_break_at(t) for t in (50, 200, 300, 350, 400, 500)] == [
        False,
        False,
        True,
        True,
        False,
        False,
    ]


def test_the_directors_corrections_are_read():
    player = read_td3(
        '{T: new Tournament({UUID: "c", Players: [new GamePlayer({UUID: "a", Name: "A", '
        "CashAdjustment: 50, PointsAdjustment: -1.5, HitsAdjustment: 2})]})}"
    ).players[0]
    assert (player.cash_adjustment, player.points_adjustment, player.hits_adjustment) == (
        Decimal(50),
        Decimal("-1.5"),
        2,
    )


def test_a_table_deleted_after_it_broke_is_found_in_the_seats_that_name_it():
    tournament = read_td3(
        EVENING.replace('"Table 1", SeatIndex: 2', '"Table 2", SeatIndex: 5', 1).replace(
            "Tables: new GameTables(",
            "History: new GameHistory({History: [new GameHistoryItem({Time: 900, "
            'Text: "Table 3, Seat 4: Bob"})]}), Tables: new GameTables(',
        )
    )
    assert [(table.name, table.seats) for table in tournament.tables_played()] == [
        ("Table 1", 7),
        ("Table 2", 6),
        ("Table 3", 4),
    ]
