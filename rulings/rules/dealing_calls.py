"""The ruling assistant's calls about the deal: misdeal, four-card flop, cards
exposed before the betting round was over (rulings/rules/assistant.py)."""

from __future__ import annotations

from collections.abc import Mapping

from rulings.rules.ruling_questions import AnswerType, Choice, Proposal, Question, Situation

# --- misdeal ---------------------------------------------------------------

_MISDEAL_REASONS = (
    Choice(
        "first_cards_exposed",
        "Eine der ersten beiden Karten offen",
        "One of the first two cards exposed",
    ),
    Choice(
        "two_or_more_exposed",
        "Zwei oder mehr Karten offen oder verkehrt im Deck",
        "Two or more cards exposed or face up in the deck",
    ),
    Choice(
        "first_card_wrong_seat", "Erste Karte an den falschen Platz", "First card to the wrong seat"
    ),
    Choice(
        "cards_to_empty_seat",
        "Karten an einen Platz, der nicht mitspielt",
        "Cards dealt to a seat not in the hand",
    ),
    Choice(
        "seat_without_cards", "Berechtigter Platz ohne Karten", "Eligible seat received no cards"
    ),
    Choice(
        "other_card_exposed",
        "Eine spätere Karte durch den Dealer offen",
        "A later card exposed by the dealer",
    ),
    Choice(
        "button_two_in_a_row", "Button bekam zwei Karten in Folge", "Button got two cards in a row"
    ),
)

_MISDEAL_RULES = (
    "TDA2019-35",
    "TDA2019-36",
    "TDAX-31",
    "TDAX-32",
    "BDPV-2.1.1",
    "IFP-5.4",
    "IFP-5.5",
)


def _decide_misdeal(a: Mapping[str, object]) -> Proposal:
    reason = a["reason"]
    if reason == "button_two_in_a_row":
        return Proposal(
            "Kein Misdeal: Der Button darf zwei Karten hintereinander bekommen. Weiterspielen.",
            "Not a misdeal: the button may receive two cards in a row. Play on.",
            ("TDA2019-35", "TDAX-31", "IFP-5.4"),
        )
    if reason == "other_card_exposed":
        return Proposal(
            "Kein Misdeal: Die offene Karte wird nach dem Austeilen durch die nächste Karte ersetzt und dient als erste Burnkarte; die Hand läuft weiter.",
            "Not a misdeal: after the deal the exposed card is replaced by the next card and used as the first burn card; the hand goes on.",
            ("IFP-5.4", "BDPV-4.1", "BDPV-2.3.11", "TDA2019-35"),
        )
    if a["substantial_action"]:
        return Proposal(
            "Kein Misdeal mehr: Nach substanzieller Aktion wird die Hand weitergespielt. Wer mit falscher Kartenzahl schon gehandelt hat, hat eine tote Hand.",
            "Too late for a misdeal: after substantial action the hand is played on. A player who has acted holding the wrong number of cards has a dead hand.",
            ("TDA2019-35", "TDA2019-36", "TDAX-31", "TDAX-32", "TDA2019-38", "BDPV-2.1.1"),
        )
    return Proposal(
        "Misdeal: Karten einsammeln, neu mischen und die Hand exakt wiederholen: Button bleibt, keine neuen Spieler, gleiche Blindstufe. Für bestrafte Spieler zählen beide Deals als eine Hand.",
        "Misdeal: collect the cards, reshuffle and repeat the hand exactly: the button stays, no new players, same blind level. For penalised players both deals count as one hand.",
        _MISDEAL_RULES,
    )


MISDEAL = Situation(
    key="misdeal",
    title_de="Misdeal beim Austeilen",
    title_en="Misdeal during the deal",
    questions=(
        Question(
            "reason",
            "Was ist beim Austeilen passiert?",
            "What went wrong in the deal?",
            AnswerType.CHOICE,
            _MISDEAL_REASONS,
        ),
        Question(
            "substantial_action",
            "Gab es schon substanzielle Aktion (zwei Aktionen mit Chips in den Pot, oder drei beliebige Aktionen)?",
            "Has substantial action happened (two actions putting chips in, or any three actions)?",
            only_if=(
                (
                    "reason",
                    (
                        "first_cards_exposed",
                        "two_or_more_exposed",
                        "first_card_wrong_seat",
                        "cards_to_empty_seat",
                        "seat_without_cards",
                    ),
                ),
            ),
        ),
    ),
    decide=_decide_misdeal,
)


# --- four-card flop ----------------------------------------------------------


def _decide_four_card_flop(a: Mapping[str, object]) -> Proposal:
    if a["flop_cards"] == "five_or_more":
        return Proposal(
            "Die Boardkarten kommen mit dem Reststapel zusammen und werden neu gemischt; die Burnkarte bleibt liegen, dann wird ein neuer Flop ohne weitere Burnkarte gegeben.",
            "The board cards go back with the stub and are reshuffled; the burn card stays where it is, and a new flop is dealt without another burn.",
            ("BDPV-4.4", "BDPV-4.8"),
        )
    return Proposal(
        "Floor rufen. Der Dealer mischt die vier Karten verdeckt, der Floor zieht eine davon als nächste Burnkarte; die übrigen drei sind der Flop.",
        "Call the floor. The dealer scrambles the four cards face down and the floor picks one to be the next burn card; the other three are the flop.",
        ("TDA2019-39", "TDAX-33", "IFP-5.7", "BDPV-4.4"),
    )


FOUR_CARD_FLOP = Situation(
    key="four_card_flop",
    title_de="Flop mit zu vielen Karten",
    title_en="Flop with too many cards",
    questions=(
        Question(
            "flop_cards",
            "Wie viele Karten liegen auf dem Flop (offen oder verdeckt)?",
            "How many cards were put out for the flop (face up or not)?",
            AnswerType.CHOICE,
            (
                Choice("four", "Vier", "Four"),
                Choice("five_or_more", "Fünf oder mehr", "Five or more"),
            ),
        ),
    ),
    decide=_decide_four_card_flop,
)


# --- premature cards -----------------------------------------------------------


def _decide_premature(a: Mapping[str, object]) -> Proposal:
    street = a["street"]
    if street == "flop":
        return Proposal(
            "Setzrunde vor dem Flop beenden. Dann eine Karte verbrennen und den Turn verdeckt beiseitelegen, noch einmal verbrennen und den River verdeckt beiseitelegen. Den vorzeitigen Flop ins Deck mischen und einen neuen Flop ohne Burnkarte geben.",
            "Finish the preflop betting. Then burn and set the turn aside face down, burn again and set the river aside face down. Shuffle the premature flop into the deck and deal a new flop without a burn card.",
            ("TDA2019-39", "IFP-5.8", "BDPV-4.7", "BDPV-4.8"),
        )
    if street == "turn":
        return Proposal(
            "Setzrunde am Flop beenden. Dann verbrennen und den River verdeckt beiseitelegen, den vorzeitigen Turn ins Deck mischen und einen neuen Turn ohne Burnkarte geben.",
            "Finish the flop betting. Then burn and set the river aside face down, shuffle the premature turn into the deck and deal a new turn without a burn card.",
            ("TDA2019-39", "IFP-5.9", "BDPV-4.7", "BDPV-4.9"),
        )
    return Proposal(
        "Setzrunde am Turn beenden. Den vorzeitigen River ins Deck mischen und einen neuen River ohne Burnkarte aufdecken.",
        "Finish the turn betting. Shuffle the premature river into the deck and turn a new river without a burn card.",
        ("TDA2019-39", "IFP-5.10", "BDPV-4.7", "BDPV-4.10"),
    )


PREMATURE_CARDS = Situation(
    key="premature_cards",
    title_de="Karten zu früh aufgedeckt",
    title_en="Premature board cards",
    questions=(
        Question(
            "street",
            "Welche Karte(n) kamen vor Ende der Setzrunde?",
            "Which card(s) came before the betting round was over?",
            AnswerType.CHOICE,
            (
                Choice("flop", "Flop", "Flop"),
                Choice("turn", "Turn", "Turn"),
                Choice("river", "River", "River"),
            ),
        ),
    ),
    decide=_decide_premature,
)
