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

from collections.abc import Mapping

from rulings.rules.betting_calls import OUT_OF_TURN, OVERSIZED_CHIP, STRING_BET, UNDERCALL
from rulings.rules.dealing_calls import FOUR_CARD_FLOP, MISDEAL, PREMATURE_CARDS
from rulings.rules.ruling_questions import AnswerError, Proposal, Question, Situation

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
