import pytest

from rulings.rules import assistant, catalog
from rulings.rules.ruling_questions import AnswerError, AnswerType


def answer_values(question):
    if question.type is AnswerType.YES_NO:
        return [True, False]
    return [choice.value for choice in question.choices]


def all_answer_sets(situation):
    """Every complete set of answers, following which questions become relevant."""
    complete = []

    def walk(answers):
        pending = [q for q in assistant.questions(situation, answers) if q.id not in answers]
        if not pending:
            complete.append(dict(answers))
            return
        question = pending[0]
        for value in answer_values(question):
            walk({**answers, question.id: value})

    walk({})
    return complete


CASES = [(key, answers) for key in assistant.SITUATIONS for answers in all_answer_sets(key)]


def test_the_assistant_covers_the_common_situations():
    assert set(assistant.SITUATIONS) >= {
        "misdeal",
        "four_card_flop",
        "premature_cards",
        "out_of_turn",
        "string_bet",
        "undercall",
        "oversized_chip",
    }


@pytest.mark.parametrize(("situation", "answers"), CASES)
def test_every_proposal_cites_existing_catalog_ids(situation, answers):
    proposal = assistant.propose(situation, answers)
    assert proposal.rules
    assert catalog.unknown_ids(proposal.rules) == []
    assert proposal.decision_de.strip() and proposal.decision_en.strip()


def test_every_question_has_both_languages_and_choices_when_needed():
    for situation in assistant.SITUATIONS.values():
        for question in situation.questions:
            assert question.question_de.strip() and question.question_en.strip()
            if question.type is AnswerType.CHOICE:
                assert question.choices
                for choice in question.choices:
                    assert choice.label_de and choice.label_en


def test_a_misdeal_before_substantial_action_is_redealt():
    proposal = assistant.propose(
        "misdeal", {"reason": "first_cards_exposed", "substantial_action": False}
    )
    assert "TDA2019-35" in proposal.rules
    assert "Misdeal" in proposal.decision_de


def test_after_substantial_action_the_hand_is_played_on():
    proposal = assistant.propose(
        "misdeal", {"reason": "first_card_wrong_seat", "substantial_action": True}
    )
    assert "TDA2019-36" in proposal.rules and "TDAX-32" in proposal.rules
    assert "played on" in proposal.decision_en


def test_two_cards_to_the_button_is_no_misdeal_and_asks_nothing_more():
    asked = [q.id for q in assistant.questions("misdeal", {"reason": "button_two_in_a_row"})]
    assert asked == ["reason"]
    proposal = assistant.propose("misdeal", {"reason": "button_two_in_a_row"})
    assert proposal.decision_en.startswith("Not a misdeal")


def test_a_four_card_flop_is_scrambled_and_the_floor_picks_the_burn():
    proposal = assistant.propose("four_card_flop", {"flop_cards": "four"})
    assert {"TDA2019-39", "TDAX-33"} <= set(proposal.rules)


def test_a_fold_out_of_turn_always_stands():
    proposal = assistant.propose("out_of_turn", {"oot_action": "fold"})
    assert "stands" in proposal.decision_en
    assert "TDA2019-44" in proposal.rules and "TDAX-35" in proposal.rules


def test_an_out_of_turn_bet_is_returned_when_the_action_changed():
    proposal = assistant.propose(
        "out_of_turn", {"oot_action": "bet_or_raise", "action_changed": True}
    )
    assert "no longer binds" in proposal.decision_en


def test_an_oversized_chip_without_a_raise_declaration_is_a_call():
    proposal = assistant.propose("oversized_chip", {"facing_bet": True, "raise_declared": False})
    assert proposal.decision_en.startswith("Just a call")
    assert {"TDA2019-49", "TDAX-38"} <= set(proposal.rules)


def test_a_silent_oversized_chip_with_no_bet_is_a_bet_of_its_value():
    proposal = assistant.propose("oversized_chip", {"facing_bet": False})
    assert "full value" in proposal.decision_en


def test_a_declared_call_must_be_completed():
    proposal = assistant.propose("undercall", {"declared_call": True})
    assert "full call" in proposal.decision_en


def test_a_string_bet_counts_only_the_first_motion():
    proposal = assistant.propose("string_bet", {"declared": False, "one_motion": False})
    assert "first motion" in proposal.decision_en
    assert "TDA2019-55" in proposal.rules


def test_a_missing_answer_is_reported_by_question_id():
    with pytest.raises(AnswerError) as error:
        assistant.propose("misdeal", {"reason": "first_cards_exposed"})
    assert (error.value.code, error.value.question) == ("missing_answer", "substantial_action")


@pytest.mark.parametrize(
    ("situation", "answers", "code"),
    [
        ("misdeal", {"reason": "shuffled_badly"}, "invalid_answer"),
        ("string_bet", {"declared": "yes"}, "invalid_answer"),
        ("string_bet", {"declared": True, "colour": "red"}, "unknown_question"),
        ("weather", {}, "unknown_situation"),
    ],
)
def test_bad_answers_raise_machine_readable_codes(situation, answers, code):
    with pytest.raises(AnswerError) as error:
        assistant.propose(situation, answers)
    assert error.value.code == code


def test_the_answer_sets_explored_are_complete():
    for situation, answers in CASES:
        relevant = {q.id for q in assistant.questions(situation, answers)}
        assert relevant <= set(answers)
    assert len(CASES) == len({(s, tuple(sorted(a.items()))) for s, a in CASES})
