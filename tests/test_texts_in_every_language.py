"""Issue 14: what a person reads comes from the catalogs in the box's four languages, also in
the terminal and in the list of past games, where the store keeps English summaries."""

from __future__ import annotations

import argparse

import pytest

from companion import cli
from companion.i18n import LANGUAGES, terminal_language, translator
from companion.i18n.dates import when
from companion.store import cli as store_cli
from companion.store.bgstats import winners_values
from companion.store.db import GameSummary
from companion.ui.home.past_games import winner_text


def summary(**changes: object) -> GameSummary:
    values: dict[str, object] = dict(
        game_id="g1", created="2026-11-30T21:05:00+00:00", updated="2026-11-30T23:00:00+00:00",
        players=("Jonas", "Mia"), setup_code=None, finished=True, winner="Jonas (53 VP)",
        progress="finished", events=120, revision=1)
    values.update(changes)
    return GameSummary(**values)  # type: ignore[arg-type]


def test_the_past_games_winner_is_said_from_its_values_not_the_stored_english() -> None:
    # R-SCORE-7: the winner is the stored one; only the words change with the table.
    assert winners_values("Jonas (53 VP)") == [("Jonas", 53)]
    assert winner_text(translator("de"), "Jonas (53 VP)") == "Sieg: Jonas (53 SP)"
    assert winner_text(translator("fr"), "Jonas (53 VP), Mia (53 VP)") == (
        "Vainqueur\u00a0: Jonas (53 PV) et Mia (53 PV)")
    assert winner_text(translator("nl"), "Jonas (53 VP)") == "Winnaar: Jonas (53 OP)"
    # A summary in no form we wrote is shown as it is, never half-parsed.
    assert winner_text(translator("de"), "someone") == "Sieg: someone"


def test_the_games_command_speaks_the_language_asked_for() -> None:
    german = store_cli._game_line(translator("de"), summary())
    assert german.endswith("gewonnen von Jonas (53 SP)") and "30.11.2026" in german
    dutch = store_cli._game_line(translator("nl"), summary(
        finished=False, winner=None, progress="round 3 of 8, supply"))
    assert dutch.endswith("niet afgelopen (ronde 3 van 8, bevoorrading)")
    english = store_cli._game_line(translator("en"), summary(finished=True, winner=None))
    assert english.endswith("finished, nobody won")


@pytest.mark.parametrize("command", ["score", "games", "export", "import", "replay"])
def test_every_command_that_prints_takes_any_of_the_four_languages(command: str) -> None:
    extra = {"score": ["x.json"], "export": ["g1"], "import": ["x.json"], "replay": ["x.json"]}
    for lang in LANGUAGES:
        args = cli._subcommands().parse_args([command, *extra.get(command, []), "--lang", lang])
        assert args.lang == lang
    with pytest.raises(SystemExit):
        cli._subcommands().parse_args([command, *extra.get(command, []), "--lang", "it"])
    assert cli._serve_parser().parse_args(["--lang", "nl"]).lang == "nl"


def test_without_lang_a_command_follows_the_terminal() -> None:
    assert terminal_language({"LANG": "de_DE.UTF-8"}) == "de"
    assert terminal_language({"LANGUAGE": "fr:en", "LANG": "de_DE.UTF-8"}) == "fr"
    assert terminal_language({"LC_ALL": "C", "LANG": "nl_BE.UTF-8"}) == "nl"
    assert terminal_language({"LANG": "it_IT.UTF-8"}) == "en"
    assert terminal_language({}) == "en"
    assert store_cli._t(argparse.Namespace(lang="fr")).lang == "fr"


def test_dates_read_as_each_language_writes_them() -> None:
    stamp = "2026-11-30T21:05:00"
    shown = {lang: when(translator(lang), stamp) for lang in LANGUAGES}
    assert shown == {"de": "30.11.2026, 21:05", "en": "2026-11-30 21:05",
                     "fr": "30/11/2026 21:05", "nl": "30-11-2026 21:05"}
    assert when(translator("fr"), "not a date") == "not a date"


def test_every_dialog_names_itself_for_a_screen_reader() -> None:
    # Without a semantics label Flutter reads the English "Alert" on any table.
    import ast
    from pathlib import Path

    import companion

    unnamed = []
    for path in Path(companion.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "AlertDialog" \
                    and "semantics_label" not in {k.arg for k in node.keywords}:
                unnamed.append(f"{path.name}:{node.lineno}")
    assert unnamed == []
