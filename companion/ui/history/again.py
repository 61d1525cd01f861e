""""Play again": a new setup draft with a finished game's players, colours and house rules."""

from __future__ import annotations

from collections import Counter

from companion.rules.catalog import Building
from companion.rules.setup import SelectionMethod, Setup, new_seed
from companion.ui.setup.draft import PlayerDraft, SetupDraft


def draft_again(setup: Setup, same_code: str | None = None) -> SetupDraft:
    """The same players in the same seats and colours, the same house rules, deck and way of
    choosing the buildings; the buildings drawn afresh (a new seed), or, given the game's
    setup code, exactly its setup again."""
    draft = SetupDraft(
        players=[PlayerDraft(name, colour)
                 for name, colour in zip(setup.names, setup.colours, strict=True)],
        method=setup.method, seed=new_seed(), deck_mode=setup.deck_mode,
        house_rules=setup.house_rules, watchtower_with_five=setup.watchtower_with_five)
    if setup.method is SelectionMethod.CHOSEN:
        counts = Counter(setup.buildings)
        draft.manual = {b: counts.get(b, 0) for b in Building}
    if same_code:
        draft.apply_code(same_code)
    return draft
