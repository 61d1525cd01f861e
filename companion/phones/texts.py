"""The phone page's words, from the same gettext catalogs as the table's.

The page is plain HTML + a small script, not a Flet session, so its words travel inside the
page as one JSON object for the phone's language: no second request, nothing to translate in
the script. The keys are the script's; the texts are msgids, translated per language when the
page is first built. A text with a count comes in two forms, `key` and `key#one`, plus the
counts that take the singular (`#one`, from the catalog's plural rule), so the script picks
"1 rat" / "2 rats" the way `ngettext` would.

Building names come from `companion.i18n.names`, which imports the rules catalog; that is
loaded on the first page served, not with this module, because it loads the whole rules engine
and the table app's start should not wait for it.
"""

from __future__ import annotations

from companion.i18n import LANGUAGES, N_, Translator, translator

WORDS: dict[str, str] = {
    "title": N_("My rats"),
    "seat": N_("Player {n}"),
    "hold": N_("Hold or tap to see your rats"),
    "live": N_("live"),
    "offline": N_("reconnecting…"),
    "log": N_("Log a change"),
    "amount": N_("How many"),
    "supply": N_("Supplies: discard rats"),
    "hospital_note": N_("At the Hospital you choose the hand cards you discard on this "
                        "phone, or the table enters them; they show up in your history. To "
                        "change one, ask the table."),
    "correction_up": N_("Correction +"),
    "correction_down": N_("Correction −"),
    # the player's own rats ledger, apart from the game's steps (`own.*` names those)
    "undo": N_("Undo my last rats or Nun-row note"),
    "history": N_("History"),
    "line.round": N_("{change}: {reason}, round {round}"),
    "line.round.plain": N_("{reason}, round {round}"),
    "line.setup": N_("{change}: {reason}, at the setup"),
    "line.setup.plain": N_("{reason}, at the setup"),
    "dispute": N_("Dispute"),
    "disputed": N_("disputed"),
    "dispute_checked": N_("checked by the table: it stands"),
    "pending": N_("waiting for the table"),
    "corrected_same": N_("The table corrected round {round}: your rats stay as they were."),
    "corrected_entry": N_("{reason}, round {round}: {was} → {now}"),
    "corrected_line": N_("corrected by the table"),
    "c.reveal": N_("cards of another class at the {building}"),
    "nuns": N_("Nun-row: cards I have seen"),
    "position": N_("Card"),
    "nuns_on_card": N_("Nuns"),
    "note": N_("Note"),
    "no_nuns_seen": N_("The cards you have seen show no nuns."),
    "none_seen": N_("You have not seen any Nun-row card yet."),
    "end": N_("Plague check: your rats go into the scoring."),
    "confirm": N_("Confirm my rats"),
    "confirmed": N_("Confirmed"),
    "unpaired": N_("This phone is not paired. Scan your QR code at the table."),
    "pairing": N_("Taking your seat…"),
    "r.supply_discard": N_("rats discarded in the supplies"),
    "r.hospital": N_("Hospital"),
    "r.correction": N_("correction"),
    "r.monastery": N_("Monastery"),
    "r.flute": N_("Flute at the {building}"),
    "e.invalid_token": N_("This code is not valid (any more). Ask the table for a new one."),
    "e.seat_taken": N_("This seat is already paired with another phone. The table can release "
                       "it and show a new code."),
    "e.unknown_device": N_("This phone is not paired. Scan your QR code at the table."),
    "e.too_many_attempts": N_("Too many wrong codes. Wait a minute and try again."),
    "e.no_game": N_("This game is not open at the table."),
    "e.no_seat": N_("This game has no such seat. Ask the table for a new code."),
    "e.bad_request": N_("The request was not understood."),
    "e.bad_value": N_("That value is not allowed."),
    "e.refused": N_("The rules do not allow that."),
    "e.nothing_to_undo": N_("There is nothing of yours to undo."),
    "e.network": N_("No connection to the table."),
    "e.store_busy": N_("The table's games file is busy. Try again in a moment."),
    "e.game_damaged": N_("This game's record is damaged. The table can say more."),
    "e.store_error": N_("The table could not read its games file. The table can say more."),
    "e.game_scored": N_("The game is scored: nothing you send is recorded any more. To change "
                        "your rats, ask the table for a correction."),
    "e.not_your_seat": N_("A phone enters only for its own player."),
    "e.out_of_turn": N_("It is not your turn: the table waits for {player}."),
    "e.step_passed": N_("Already entered: your entry is recorded."),
    "e.step_moved": N_("The table is at another step now: nothing was recorded."),
    "e.no_entries": N_("No entries are being made now."),
    "turn.yours": N_("Your turn"),
    "turn.other": N_("{player}'s turn"),
    "turn.hint": N_("Tap your building and the number of cards you laid face down there."),
    "turn.slot": N_("You go on slot {slot}; cards:"),
    "turn.more": N_("More cards"),
    "turn.fewer": N_("Fewer cards"),
    "turn.pass": N_("Play my Pass card"),
    "turn.passes": N_("Passed so far: {players}"),
    # TRANSLATORS: the phone's own player in a list of players ("Still to reveal: you, Red").
    "list.you": N_("you"),
    "ev.title": N_("My cards at the end"),
    "ev.hint": N_("Count what you hold and type it in: the table sees it at once. Your rats "
                  "stay secret until the plague check."),
    "ev.hand": N_("Population + Joker cards in hand"),
    "ev.swords": N_("Swords"),
    "ev.flutes": N_("Flutes"),
    "ev.passes": N_("Pass cards"),
    "ev.gold": N_("Gold"),
    "ev.markers": N_("Printed total of the VP tokens"),
    "ev.send": N_("Send my cards"),
    "ev.by_phone": N_("Recorded from your phone. You can correct them until the scoring."),
    "ev.by_table": N_("Entered for you at the table. If they are wrong, correct them here."),
    "ev.bad": N_("{field}: enter a whole number from 0 to {most}."),
    "e.not_at_end": N_("The end values are entered after the last round."),
    "e.bad_end_values": N_("Nothing was recorded: each value is a whole number from 0 up to "
                           "what the game has of it."),
    "e.end_entered_table": N_("Already entered for you at the table: the values shown now "
                              "are the ones recorded."),
    "e.end_entered_phone": N_("Already entered on your phone: the values shown now are the "
                              "ones recorded."),
    "e.end_taken_back": N_("Your end values were taken back at the table: nothing was "
                           "recorded. Check them and send them again."),
    "e.reveal_passed": N_("You have already revealed here: nothing more was recorded."),
    "e.other_building": N_("The table is at another building now: nothing was recorded."),
    "e.no_reveals": N_("No reveals are being made now."),
    "e.nothing_to_reveal": N_("You have no cards to reveal in this building."),
    "reveal.title": N_("Reveal at the {building}"),
    "reveal.matching": N_("How many population cards are of the {estate}? The rest are of "
                          "another class: 1 rat each."),
    "reveal.jokers": N_("Jokers"),
    "reveal.swords": N_("Swords"),
    "reveal.flutes": N_("Flutes"),
    "reveal.done": N_("You have revealed."),
    "reveal.held": N_("You have revealed: it counts as soon as the slots before yours have "
                      "revealed."),
    "reveal.none": N_("You have no cards in this building."),
    "reveal.waiting": N_("Still to reveal: {players}"),
    "reveal.all": N_("Everyone here has revealed: the table records the reveals."),
    "e.already_chosen": N_("Already chosen: your choice is recorded."),
    "e.no_choice": N_("There is no choice for you to make now."),
    "choice.sword": N_("You played the most Swords at the {building}. Who gives you half "
                       "their hand?"),
    "choice.flute": N_("You played the most Flutes at the {building}. Who receives the rat "
                       "from you?"),
    "choice.hospital": N_("How many hand cards do you discard at the {building}? You discard "
                          "as many rats."),
    "choice.waiting": N_("Waiting for {players} to choose at the {building}."),
    "choice.title": N_("Your choice"),
    "lesson.got_it": N_("Got it"),
    "result": N_("Result"),
    "survived": N_("You survive the plague."),
    "died": N_("You die of the plague."),
    "winner": N_("Winner: {names}"),
    "nobody": N_("Nobody wins: everyone died of the plague."),
    "final": N_("The game is scored: your ledger is closed. Found a mistake in your rats? "
                "Ask the table to correct them; it decides."),
    "fix_rats": N_("My rats should be"),
    "fix_send": N_("Ask the table"),
    # who makes a seat's inputs (`entering`): its phone, or the table
    "turn.at_table": N_("Entered at the table: tell the table your building and cards."),
    "e.entered_at_table": N_("The table enters for you now: tell the table your cards and "
                             "choices."),
    "reveal.at_table": N_("Revealed at the table: show the table the cards you laid here."),
    "choice.at_table": N_("Chosen at the table: tell the table your choice."),
    "ev.at_table": N_("Entered at the table: tell the table what you hold."),
    # a player's own last input taken back on their phone, an undo said on every phone
    "own.entry": N_("Take back my entry into the {building}"),
    "own.pass": N_("Take back my Pass card"),
    "own.reveal": N_("Take back my reveal at the {building}"),
    "own.discard": N_("Take back my discard at the {building}"),
    "own.choice": N_("Take back my choice at the {building}"),
    "e.own_step_closed": N_("Too late to take it back: something was recorded after your "
                            "input. The table can still undo it."),
    "u.table": N_("Undone at the table: {step}."),
    "u.redo": N_("Redone at the table: {step}."),
    "u.phone": N_("Taken back on {player}'s phone: {step}."),
    "s.entry": N_("{player}'s entry into the {building}"),
    "s.pass": N_("{player}'s Pass card"),
    "s.reveal": N_("{player}'s reveal in the {building}"),
    "s.discard": N_("{player}'s discard in the {building}"),
    "s.choice": N_("the choice in the {building}"),
    "s.step": N_("the last step"),
    # the same on the player's own phone, said to them (`take_back.undone_words`)
    "u.own.entry": N_("You took back your entry into the {building}."),
    "u.own.pass": N_("You took back your Pass card."),
    "u.own.reveal": N_("You took back your reveal in the {building}."),
    "u.own.discard": N_("You took back your discard in the {building}."),
    "u.own.choice": N_("You took back your choice in the {building}."),
    "u.own.step": N_("You took back your last input."),
    "s.own.entry": N_("your entry into the {building}"),
    "s.own.pass": N_("your Pass card"),
    "s.own.reveal": N_("your reveal in the {building}"),
    "s.own.discard": N_("your discard in the {building}"),
    # the cue when it is the player's turn
    "cue.sound": N_("Sound when it is my turn"),
    "cue.no_wake": N_("This browser does not keep the screen on here (the table's address is "
                      "not a secure connection): give your phone a longer screen timeout for "
                      "the game."),
}
"""The page's words without a count."""


def _counted(t: Translator) -> dict[str, tuple[str, str]]:
    """The page's words with a count: (singular, plural) msgids, marked for extraction."""
    return {
        "rats": t.forms("{n} rat", "{n} rats"),
        "nun_note": t.forms("Card {position}: {nuns} nun", "Card {position}: {nuns} nuns"),
        "nun_bound": t.forms("The Nun-row holds at least {n} nun.",
                             "The Nun-row holds at least {n} nuns."),
        "r.reveal": t.forms("{count} card of another class at the {building}",
                            "{count} cards of another class at the {building}"),
        "above": t.forms("More rats than the {n} nun you have seen: not safe yet.",
                         "More rats than the {n} nuns you have seen: not safe yet."),
        "not_above": t.forms("No more rats than the {n} nun you have seen: safe so far.",
                             "No more rats than the {n} nuns you have seen: safe so far."),
        "my_vp": t.forms("You: {vp} VP with {rats} rat.", "You: {vp} VP with {rats} rats."),
        "fix_pending": t.forms("Waiting for the table: {n} rat.",
                               "Waiting for the table: {n} rats."),
        "fix_rejected": t.forms("The table kept the result; {n} rat was not taken.",
                                "The table kept the result; {n} rats were not taken."),
        "fix_accepted": t.forms("The table took your correction: {n} rat.",
                                "The table took your correction: {n} rats."),
        "corrected": t.forms("The table corrected round {round}: {change} rat for you.",
                             "The table corrected round {round}: {change} rats for you."),
        "turn.entry": t.forms("slot {slot}: {n} card", "slot {slot}: {n} cards"),
        "reveal.count": t.forms("You reveal {n} card.", "You reveal {n} cards."),
        "pending_hand_cards": t.forms(
            "plus the hand card you discard there (up to {n}), one rat: choose it here, or "
            "the table enters it",
            "plus the hand cards you discard there (up to {n}), one rat each: choose them "
            "here, or the table enters them"),
    }


COUNTS = {"rats": "n", "nun_note": "nuns", "nun_bound": "n", "r.reveal": "count", "above": "n",
          "not_above": "n", "my_vp": "rats", "fix_pending": "n", "fix_rejected": "n",
          "fix_accepted": "n", "pending_hand_cards": "n", "corrected": "n",
          "turn.entry": "n", "reveal.count": "n"}
"""Which value of each counted text is its count (the script reads this from `#count`)."""

_PAGES: dict[str, dict[str, object]] = {}


def texts(language: str) -> dict[str, object]:
    """The page's words in `language` (English if we have no such language), building names
    included."""
    language = language if language in LANGUAGES else "en"
    words = _PAGES.get(language)
    if words is None:
        from companion.i18n.names import TWIN_NAME, building_name, estate_name
        from companion.rules.catalog import Building, Estate

        t = translator(language)
        words = {key: t(message) for key, message in WORDS.items()}
        for key, (one, many) in _counted(t).items():
            words[key], words[f"{key}#one"] = many, one
        words["#one"] = t.singular_counts()
        words["#count"] = COUNTS
        words.update({f"b.{b.value}": building_name(t, b) for b in Building})
        words["b.copy"] = t(TWIN_NAME)
        words.update({f"s.{s.value}": estate_name(t, s) for s in Estate})
        _PAGES[language] = words
    return words
