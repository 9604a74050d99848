"""Ruling assistant: questions and a proposed decision for common floor calls.

Pure Python (no Django). Proposals follow the TDA 2019 rules (``004``, the
default profile) and the TDA excerpt (``002``); the cited rules include the
other books' rules on the same matter so the floor can check its own book.
The texts are our own paraphrases. The floor decides; this only proposes.

Usage: ``questions(situation, answers)`` lists the questions still relevant
for the answers given so far; ``propose(situation, answers)`` returns a
:class:`Proposal` once every relevant question is answered, and raises
:class:`AnswerError` (with a machine-readable ``code``) otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum


class AnswerType(StrEnum):
    YES_NO = "yes_no"
    CHOICE = "choice"


@dataclass(frozen=True, slots=True)
class Choice:
    value: str
    label_de: str
    label_en: str


@dataclass(frozen=True, slots=True)
class Question:
    id: str
    question_de: str
    question_en: str
    type: AnswerType = AnswerType.YES_NO
    choices: tuple[Choice, ...] = ()
    only_if: tuple[tuple[str, tuple[object, ...]], ...] = ()
    """Asked only when every (question id, accepted answers) pair holds."""

    def relevant(self, answers: Mapping[str, object]) -> bool:
        return all(answers.get(qid) in accepted for qid, accepted in self.only_if)

    def accepts(self, value: object) -> bool:
        if self.type is AnswerType.YES_NO:
            return isinstance(value, bool)
        return value in {c.value for c in self.choices}


@dataclass(frozen=True, slots=True)
class Proposal:
    decision_de: str
    decision_en: str
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Situation:
    key: str
    title_de: str
    title_en: str
    questions: tuple[Question, ...]
    decide: Callable[[Mapping[str, object]], Proposal]


class AnswerError(ValueError):
    def __init__(self, code: str, question: str | None = None) -> None:
        self.code = code
        self.question = question
        super().__init__(f"{code}: {question}" if question else code)


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


# --- action out of turn ---------------------------------------------------------

_OOT_RULES = ("TDA2019-44", "TDAX-35", "IFP-4.10", "BDPV-2.4.8")


def _decide_out_of_turn(a: Mapping[str, object]) -> Proposal:
    if a["oot_action"] == "fold":
        return Proposal(
            "Der Fold außer der Reihe bleibt bestehen; die Aktion geht zurück zum richtigen Spieler. Eine Strafe für den OOT-Spieler ist möglich.",
            "The fold out of turn stands; action goes back to the correct player. The out-of-turn player may be penalised.",
            ("TDA2019-44", "TDA2019-57", "TDAX-35"),
        )
    if a["action_changed"]:
        return Proposal(
            "Zurück zum richtigen Spieler. Da sich die Aktion geändert hat (Bet, Raise oder All-in dazwischen), bindet die OOT-Aktion nicht mehr: Gesetzte Chips gehen zurück, und der Spieler hat alle Optionen (Call, Raise, Fold). Strafe nach Ermessen.",
            "Back to the correct player. Because the action changed (a bet, raise or all-in in between), the out-of-turn action no longer binds: his chips go back and he has every option (call, raise, fold). Penalty at the floor's discretion.",
            _OOT_RULES,
        )
    return Proposal(
        "Zurück zum richtigen Spieler. Ändert sich bis zum OOT-Spieler nichts (nur Check, Call oder Fold), bleibt seine Aktion verbindlich; wer außer der Reihe gecheckt oder gecallt hat, darf danach nicht erhöhen. Strafe nach Ermessen.",
        "Back to the correct player. If nothing changes before the out-of-turn player (only checks, calls or folds), his action binds; a player who checked or called out of turn may not then raise. Penalty at the floor's discretion.",
        _OOT_RULES,
    )


OUT_OF_TURN = Situation(
    key="out_of_turn",
    title_de="Aktion außer der Reihe",
    title_en="Action out of turn",
    questions=(
        Question(
            "oot_action",
            "Was hat der Spieler außer der Reihe getan?",
            "What did the player do out of turn?",
            AnswerType.CHOICE,
            (
                Choice("fold", "Fold", "Fold"),
                Choice("check", "Check", "Check"),
                Choice("call", "Call", "Call"),
                Choice("bet_or_raise", "Bet oder Raise", "Bet or raise"),
            ),
        ),
        Question(
            "action_changed",
            "Hat ein Spieler vor ihm danach gesetzt, erhöht oder ist all-in gegangen?",
            "Did a player before him then bet, raise or go all-in?",
            only_if=(("oot_action", ("check", "call", "bet_or_raise")),),
        ),
    ),
    decide=_decide_out_of_turn,
)


# --- string bet --------------------------------------------------------------


def _decide_string_bet(a: Mapping[str, object]) -> Proposal:
    if a["declared"]:
        return Proposal(
            "Kein String Bet: Der Raise wurde vorher angesagt. Es gilt der angesagte Betrag; ohne Betrag darf nach dem Call-Betrag der Rest in genau einer weiteren Bewegung kommen.",
            "Not a string bet: the raise was declared first. The declared amount counts; without an amount, the rest may follow the call amount in exactly one more motion.",
            ("TDA2019-46", "TDAX-36", "TDA2019-40", "IFP-4.13"),
        )
    if a["one_motion"]:
        return Proposal(
            "Kein String Bet: Alles kam in einer Bewegung. Den Einsatz nach den Regeln für mehrere Chips und der 50-Prozent-Regel werten.",
            "Not a string bet: everything came in one motion. Judge the bet by the multiple-chip rule and the 50 % rule.",
            ("TDA2019-46", "TDA2019-47", "TDA2019-50"),
        )
    return Proposal(
        "String Bet: Es zählt nur, was in der ersten Bewegung kam; weitere Chips gehen zurück. War das der Call-Betrag, ist es ein Call; sonst die 50-Prozent-Regel anwenden. (BDPV wertet ein Minimum-Raise.)",
        "String bet: only what came in the first motion counts; later chips go back. If that was the call amount it is a call; otherwise apply the 50 % rule. (BDPV counts a minimum raise.)",
        ("TDA2019-55", "TDA2019-46", "TDA2019-47", "TDAX-36", "IFP-5.13", "BDPV-6.20"),
    )


STRING_BET = Situation(
    key="string_bet",
    title_de="String Bet / String Raise",
    title_en="String bet / string raise",
    questions=(
        Question(
            "declared",
            "Hat der Spieler vorher Raise oder einen Betrag angesagt?",
            "Did the player declare a raise or an amount first?",
        ),
        Question(
            "one_motion",
            "Kamen die Chips in einer einzigen Bewegung?",
            "Did the chips go in in a single motion?",
            only_if=(("declared", (False,)),),
        ),
    ),
    decide=_decide_string_bet,
)


# --- undercall ---------------------------------------------------------------

_UNDERCALL_RULES = ("TDA2019-42", "TDA2019-45", "IFP-4.19", "BDPV-2.4.10", "BDPV-5.9")


def _decide_undercall(a: Mapping[str, object]) -> Proposal:
    if a["declared_call"]:
        return Proposal(
            'Der Spieler hat "Call" gesagt: Er muss den vollen Call bringen.',
            'The player said "call": he must put in the full call.',
            ("TDA2019-42", "TDAX-34", "IFP-4.9", "BDPV-2.4.5"),
        )
    if a["facing_all_in"]:
        return Proposal(
            "Gegen ein All-in gilt der stille Chip als voller Call; auffüllen.",
            "Facing an all-in, the silent chip is a full call; complete it.",
            ("TDA2019-45", "TDA2019-42"),
        )
    return Proposal(
        "Unvollständiger Call: kein automatischer voller Call. Der Spieler ergänzt auf den vollen Call oder foldet; gesetzte Chips bleiben im Pot. Ein Raise ist nicht erlaubt; ein winziger Chip gegen eine große Bet kann bestraft werden.",
        "Undercall: not automatically a full call. The player completes the call or folds; chips already put in stay in the pot. He may not raise; a tiny chip against a big bet may be penalised.",
        _UNDERCALL_RULES,
    )


UNDERCALL = Situation(
    key="undercall",
    title_de="Zu niedriger Call (Undercall)",
    title_en="Undercall",
    questions=(
        Question(
            "declared_call",
            'Hat der Spieler "Call" gesagt?',
            'Did the player say "call"?',
        ),
        Question(
            "facing_all_in",
            "Stand er einem All-in gegenüber?",
            "Was he facing an all-in?",
            only_if=(("declared_call", (False,)),),
        ),
    ),
    decide=_decide_undercall,
)


# --- oversized chip ------------------------------------------------------------

_OVERSIZED_RULES = ("TDA2019-49", "TDAX-38", "IFP-4.16", "BDPV-2.4.11", "BDPV-5.10")


def _decide_oversized_chip(a: Mapping[str, object]) -> Proposal:
    if not a["facing_bet"]:
        return Proposal(
            "Ohne vorherige Bet ist der einzelne Chip ohne Ansage eine Bet in Höhe seines vollen Werts.",
            "With no bet before, the single chip put in without a word is a bet of its full value.",
            _OVERSIZED_RULES,
        )
    if not a["raise_declared"]:
        return Proposal(
            "Nur ein Call: Gegen eine Bet oder den Blind ist ein einzelner größerer Chip ohne vorher angesagtes Raise ein Call; Wechselgeld zurück.",
            "Just a call: facing a bet or the blind, a single larger chip without a raise declared first is a call; give change.",
            _OVERSIZED_RULES,
        )
    if a["amount_declared"]:
        return Proposal(
            "Raise auf den angesagten Betrag (mindestens ein Minimum-Raise).",
            "A raise to the declared amount (at least a minimum raise).",
            (*_OVERSIZED_RULES, "TDA2019-47"),
        )
    return Proposal(
        "Raise ohne Betrag: Es gilt die höchste Erhöhung, die dieser Chip erlaubt.",
        "Raise without an amount: it is the largest raise that chip allows.",
        _OVERSIZED_RULES,
    )


OVERSIZED_CHIP = Situation(
    key="oversized_chip",
    title_de="Einzelner großer Chip",
    title_en="Oversized chip",
    questions=(
        Question(
            "facing_bet",
            "Lag schon eine Bet oder der Blind, die zu callen war?",
            "Was there a bet or the blind to call?",
        ),
        Question(
            "raise_declared",
            "Hat der Spieler Raise gesagt, bevor der Chip die Linie bzw. den Tisch berührte?",
            "Did the player say raise before the chip crossed the line or touched the table?",
            only_if=(("facing_bet", (True,)),),
        ),
        Question(
            "amount_declared",
            "Hat er dabei einen Betrag genannt?",
            "Did he state an amount?",
            only_if=(("facing_bet", (True,)), ("raise_declared", (True,))),
        ),
    ),
    decide=_decide_oversized_chip,
)


SITUATIONS: dict[str, Situation] = {
    s.key: s
    for s in (
        MISDEAL,
        FOUR_CARD_FLOP,
        PREMATURE_CARDS,
        OUT_OF_TURN,
        STRING_BET,
        UNDERCALL,
        OVERSIZED_CHIP,
    )
}


def situation_get(key: str) -> Situation:
    try:
        return SITUATIONS[key]
    except KeyError:
        raise AnswerError("unknown_situation") from None


def questions(situation: str, answers: Mapping[str, object] | None = None) -> list[Question]:
    """The questions relevant for the answers given so far, in order."""
    given = answers or {}
    return [q for q in situation_get(situation).questions if q.relevant(given)]


def propose(situation: str, answers: Mapping[str, object]) -> Proposal:
    """The proposed decision; raises AnswerError if an answer is missing or invalid."""
    spec = situation_get(situation)
    known = {q.id for q in spec.questions}
    for qid in answers:
        if qid not in known:
            raise AnswerError("unknown_question", qid)
    for q in spec.questions:
        if not q.relevant(answers):
            continue
        if q.id not in answers:
            raise AnswerError("missing_answer", q.id)
        if not q.accepts(answers[q.id]):
            raise AnswerError("invalid_answer", q.id)
    return spec.decide(answers)
