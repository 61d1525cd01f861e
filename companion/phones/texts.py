"""The phone page's words in German and English, and picking one from `Accept-Language`.

The page is plain HTML + a small script, not a Flet session, so its strings travel inside the
page as one JSON object for the phone's language: no second request, nothing to translate in
the script. Building names come from the catalog, which holds the rulebook's own names; it is
imported on the first page served, not with this module, because importing it loads the whole
rules engine and the table app's start should not wait for that.
"""

from __future__ import annotations

LANGUAGES = ("en", "de")
DEFAULT_LANGUAGE = "en"

_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "title": "My rats",
        "seat": "Player {n}",
        "hold": "Hold or tap to see your rats",
        "rats": "{n} rats",
        "live": "live",
        "offline": "reconnecting…",
        "log": "Log a change",
        "amount": "How many",
        "supply": "Supply: discard",
        "hospital": "Hospital: discard",
        "correction_up": "Correction +",
        "correction_down": "Correction −",
        "undo": "Undo my last entry",
        "history": "History",
        "round": "round {n}",
        "setup": "setup",
        "dispute": "Dispute",
        "disputed": "disputed",
        "nuns": "Nun row: cards I have seen",
        "position": "Card",
        "nuns_on_card": "Nuns",
        "note": "Note",
        "nun_note": "Card {position}: {nuns} nuns",
        "nun_bound": "The nun row holds at least {n} nuns.",
        "above": "Your rats are above that: not safe yet.",
        "not_above": "Your rats are not above that.",
        "none_seen": "You have not seen any nun-row card yet.",
        "end": "Plague check: your rats go into the scoring.",
        "confirm": "Confirm my rats",
        "confirmed": "Confirmed",
        "unpaired": "This phone is not paired. Scan your QR code at the table.",
        "pairing": "Taking your seat…",
        "result": "Result",
        "my_vp": "You: {vp} VP with {rats} rats.",
        "survived": "You survive the plague.",
        "died": "You die of the plague.",
        "winner": "Winner: {names}",
        "nobody": "Nobody wins: everyone died of the plague.",
        "final": "The game is scored: your ledger is closed. Found a mistake in your rats? "
                 "Ask the table to correct them; it decides.",
        "fix_rats": "My rats should be",
        "fix_send": "Ask the table",
        "fix_pending": "Waiting for the table: {n} rats.",
        "fix_rejected": "The table kept the result; {n} rats were not taken.",
        "fix_accepted": "The table took your correction: {n} rats.",
        "r.supply_discard": "supply action",
        "r.hospital": "Hospital",
        "r.correction": "correction",
        "r.reveal": "{count} cards off-estate at the {building}",
        "r.monastery": "Monastery",
        "r.flute": "Flute at the {building}",
        "e.invalid_token": "This code is not valid (any more). Ask the table for a new one.",
        "e.seat_taken": "This seat is already paired with another phone. "
                        "The table can release it and show a new code.",
        "e.unknown_device": "This phone is not paired. Scan your QR code at the table.",
        "e.too_many_attempts": "Too many wrong codes. Wait a minute and try again.",
        "e.no_game": "This game is not open at the table.",
        "e.no_seat": "This game has no such seat. Ask the table for a new code.",
        "e.bad_request": "The request was not understood.",
        "e.bad_value": "That value is not allowed.",
        "e.refused": "The rules do not allow that.",
        "e.nothing_to_undo": "There is nothing of yours to undo.",
        "e.network": "No connection to the table.",
    },
    "de": {
        "title": "Meine Ratten",
        "seat": "Spieler {n}",
        "hold": "Halten oder tippen, um deine Ratten zu sehen",
        "rats": "{n} Ratten",
        "live": "verbunden",
        "offline": "verbinde neu…",
        "log": "Änderung eintragen",
        "amount": "Wie viele",
        "supply": "Nachschub: abwerfen",
        "hospital": "Hospital: abwerfen",
        "correction_up": "Korrektur +",
        "correction_down": "Korrektur −",
        "undo": "Meinen letzten Eintrag zurücknehmen",
        "history": "Verlauf",
        "round": "Runde {n}",
        "setup": "Spielbeginn",
        "dispute": "Einspruch",
        "disputed": "beanstandet",
        "nuns": "Nonnenreihe: Karten, die ich gesehen habe",
        "position": "Karte",
        "nuns_on_card": "Nonnen",
        "note": "Notieren",
        "nun_note": "Karte {position}: {nuns} Nonnen",
        "nun_bound": "In der Nonnenreihe sind mindestens {n} Nonnen.",
        "above": "Deine Ratten liegen darüber: noch nicht sicher.",
        "not_above": "Deine Ratten liegen nicht darüber.",
        "none_seen": "Du hast noch keine Karte der Nonnenreihe gesehen.",
        "end": "Pestprüfung: deine Ratten gehen in die Wertung.",
        "confirm": "Meine Ratten bestätigen",
        "confirmed": "Bestätigt",
        "unpaired": "Dieses Handy ist nicht gekoppelt. Scanne deinen QR-Code am Tisch.",
        "pairing": "Platz wird übernommen…",
        "result": "Ergebnis",
        "my_vp": "Du: {vp} SP mit {rats} Ratten.",
        "survived": "Du überlebst die Pest.",
        "died": "Du stirbst an der Pest.",
        "winner": "Sieg: {names}",
        "nobody": "Niemand gewinnt: alle sind an der Pest gestorben.",
        "final": "Das Spiel ist gewertet: deine Liste ist abgeschlossen. Stimmen deine Ratten "
                 "nicht? Bitte den Tisch um eine Korrektur; er entscheidet.",
        "fix_rats": "Meine Ratten sind",
        "fix_send": "Den Tisch fragen",
        "fix_pending": "Wartet auf den Tisch: {n} Ratten.",
        "fix_rejected": "Der Tisch bleibt beim Ergebnis; {n} Ratten wurden nicht übernommen.",
        "fix_accepted": "Der Tisch hat deine Korrektur übernommen: {n} Ratten.",
        "r.supply_discard": "Nachschubaktion",
        "r.hospital": "Hospital",
        "r.correction": "Korrektur",
        "r.reveal": "{building}: {count} Karten eines anderen Standes",
        "r.monastery": "Kloster",
        "r.flute": "Flöte ({building})",
        "e.invalid_token": "Dieser Code gilt nicht (mehr). Bitte am Tisch einen neuen zeigen lassen.",
        "e.seat_taken": "Dieser Platz ist schon mit einem anderen Handy gekoppelt. "
                        "Der Tisch kann ihn freigeben und einen neuen Code zeigen.",
        "e.unknown_device": "Dieses Handy ist nicht gekoppelt. Scanne deinen QR-Code am Tisch.",
        "e.too_many_attempts": "Zu viele falsche Codes. Bitte eine Minute warten.",
        "e.no_game": "Dieses Spiel ist am Tisch nicht geöffnet.",
        "e.no_seat": "Diesen Platz gibt es in diesem Spiel nicht. Bitte am Tisch einen neuen "
                     "Code zeigen lassen.",
        "e.bad_request": "Die Anfrage war unverständlich.",
        "e.bad_value": "Dieser Wert ist nicht erlaubt.",
        "e.refused": "Das erlauben die Regeln nicht.",
        "e.nothing_to_undo": "Du hast nichts, was sich zurücknehmen ließe.",
        "e.network": "Keine Verbindung zum Tisch.",
    },
}

_WITH_BUILDINGS: dict[str, dict[str, str]] = {}


def texts(language: str) -> dict[str, str]:
    """The page's words in `language` (English if we have no such language), building names
    included."""
    language = language if language in _TEXTS else DEFAULT_LANGUAGE
    words = _WITH_BUILDINGS.get(language)
    if words is None:
        from companion.rules.catalog import BUILDINGS

        names = {info.building.value: info.name_de if language == "de" else info.name_en
                 for info in BUILDINGS.values()}
        words = {**_TEXTS[language], **{f"b.{key}": name for key, name in names.items()}}
        _WITH_BUILDINGS[language] = words
    return words


def negotiate_language(accept_language: str | None) -> str:
    """The first language of ours the phone asks for, by its q-values; English otherwise."""
    if not accept_language:
        return DEFAULT_LANGUAGE
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language.split(",")[:20]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        primary = tag.strip().lower().split("-")[0]
        if quality > 0 and primary in _TEXTS:
            ranked.append((-quality, index, primary))
    return min(ranked)[2] if ranked else DEFAULT_LANGUAGE
