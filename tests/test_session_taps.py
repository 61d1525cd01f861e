"""A tap at the table is played for the step it was drawn for, or not at all.

An evening of four: Evi, Anouk, Bram and Sanne, the app's own deck. The table draws Evi's
first entry (R-ROUND-C; the row and the supplies, R-ROUND-A and R-ROUND-B, fold into it) while
the players log their supply discards on their phones. A phone's private entry changes nothing
the table sees, so the tap drawn before it is still Evi's and is recorded as hers. A tap that
reaches the session after its step was recorded (a second tap on the same button, a screen
drawn before another tab moved on) is refused, naming the step it was for, and stores
nothing: it is never played for the player whose turn it is now.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.phones.ledger import ledger_of
from companion.rules import events as ev
from companion.rules.catalog import PlayerColour
from companion.rules.guide import Enter, Prompt
from companion.rules.house_rules import HouseRules
from companion.rules.setup import DeckMode, SelectionMethod, make_setup
from companion.rules.views import DecisionView
from companion.store.db import GameStore
from companion.store.problems import StoreProblem
from companion.store.session import Session, StepPassed

EVI, ANOUK, BRAM, SANNE = range(4)
NAMES = ("Evi", "Anouk", "Bram", "Sanne")


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    with GameStore.open(tmp_path) as s:
        yield s


@pytest.fixture
def evening(store: GameStore) -> Session:
    setup = make_setup(list(zip(NAMES, list(PlayerColour), strict=False)),
                       SelectionMethod.FIRST_GAME, 1234, DeckMode.DIGITAL, EVI, HouseRules())
    return Session.start(store, ev.GameStarted(setup))


def entry(drawn: DecisionView, building: int, cards: int) -> ev.Entered:
    """The entry button `building`, `cards` as the round screen draws it: for the actor of the
    step it is drawn from."""
    step = drawn.view.step
    assert isinstance(step, Enter)
    return ev.Entered(step.actor, building, cards)


def public(session: Session) -> list[ev.Event]:
    return session.public_events()


def test_a_phone_logging_rats_between_the_draw_and_the_tap_leaves_the_tap_evis(
        store: GameStore, evening: Session) -> None:
    drawn = evening.decision_view()
    assert drawn.view.step.actor == EVI
    # Bram's and Sanne's phones log their supply discards (R-ROUND-B) as the table taps
    ledger_of(evening, BRAM).change_rats(-1, "supply_discard")
    ledger_of(evening, SANNE).change_rats(-2, "supply_discard")
    # nothing the table sees has changed: the screen drawn before is still the one to show
    assert evening.decision_view() == drawn
    assert evening.table_view().game_events == 1
    evening.decide([entry(drawn, 1, 3)], made_for=drawn.view.step_id)
    assert public(evening)[-1] == ev.Entered(EVI, 1, 3)
    assert evening.decision_view().view.step.actor == ANOUK


def test_a_second_tap_for_evis_entry_is_refused_and_stores_nothing(
        store: GameStore, evening: Session) -> None:
    drawn = evening.decision_view()
    evening.decide([entry(drawn, 1, 3)], made_for=drawn.view.step_id)
    before = store.events(evening.game_id)
    with pytest.raises(StepPassed) as refused:
        evening.decide([entry(drawn, 1, 3)], made_for=drawn.view.step_id)
    assert refused.value.code is StoreProblem.STEP_PASSED
    assert refused.value.values == {"prompt": Prompt.ENTER.value, "player": EVI,
                                    "building": None, "round": 1}
    assert store.events(evening.game_id) == before
    assert evening.decision_view().view.step.actor == ANOUK
    # the engine too refuses Evi's entry now (R-ROUND-C), but as her turn not being now
    assert evening.refusal([entry(drawn, 1, 3)], folded={}) is not None


def test_a_tap_for_anouks_entry_after_another_tab_took_evis_back_is_refused(
        store: GameStore, evening: Session) -> None:
    drawn = evening.decision_view()
    evening.decide([entry(drawn, 1, 3)], made_for=drawn.view.step_id)
    anouks = evening.decision_view()
    evening.undo()  # another of the table's tabs takes Evi's entry back
    with pytest.raises(StepPassed) as refused:
        evening.decide([entry(anouks, 2, 1)], made_for=anouks.view.step_id)
    assert refused.value.code is StoreProblem.STEP_NOT_REACHED
    assert refused.value.values["player"] == ANOUK
    assert public(evening)[-1] == ev.GameStarted(evening.table_view().setup)


def test_a_correction_in_between_leaves_the_step_the_tap_was_for(
        store: GameStore, evening: Session) -> None:
    """R-ROUND-C: Anouk's screen was drawn, then Evi's entry is corrected (3 cards, not 2):
    still Anouk's entry, so her tap is hers."""
    drawn = evening.decision_view()
    evening.decide([entry(drawn, 1, 2)], made_for=drawn.view.step_id)
    anouks = evening.decision_view()
    evening.submit(ev.EntryCorrected(1, EVI, 1, 3))
    evening.decide([entry(anouks, 2, 1)], made_for=anouks.view.step_id)
    assert public(evening)[-1] == ev.Entered(ANOUK, 2, 1)
