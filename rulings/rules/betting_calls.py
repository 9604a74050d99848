"""The ruling assistant's calls about betting: action out of turn, string bet,
undercall, oversized chip (rulings/rules/assistant.py)."""

from __future__ import annotations

from collections.abc import Mapping

from rulings.rules.ruling_questions import AnswerType, Choice, Proposal, Question, Situation

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
