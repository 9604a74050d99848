"""What the ruling assistant is made of: a situation, its questions (yes/no or a
choice), the proposal it decides, and the error for an answer that does not fit
(rulings/rules/assistant.py asks and proposes)."""

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
