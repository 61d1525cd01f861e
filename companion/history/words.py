"""The history's figures said in a language: numbers with the language's decimal separator,
and the lines the command prints and the screen shows."""

from __future__ import annotations

from companion.history.figures import GroupFigures, HeadToHead, PlayerFigures
from companion.i18n import Translator
from companion.i18n.names import estate_name
from companion.rules.scoring import Code

DECIMAL_COMMA = frozenset({"de", "fr", "nl"})


def decimal(t: Translator, value: float, digits: int = 1) -> str:
    """"12.5" in English, "12,5" in German, French and Dutch; a half rounds up (14.25 is
    14.3, as a group adding up by hand expects), not to the even digit as `format` does."""
    from decimal import ROUND_HALF_UP, Decimal

    shown = str(Decimal(repr(value)).quantize(Decimal(1).scaleb(-digits), ROUND_HALF_UP))
    return shown.replace(".", ",") if t.lang in DECIMAL_COMMA else shown


def percent(t: Translator, share: float) -> str:
    """A share as a whole percentage: "67%" (en, nl), "67 %" (de, fr, with a no-break space)."""
    number = f"{round(share * 100)}"
    return f"{number}\u00a0%" if t.lang in ("de", "fr") else f"{number}%"


def player_lines(t: Translator, f: PlayerFigures) -> list[str]:
    lines = [
        t.plural("{n} game", "{n} games", f.games) + " · "
        + t.plural("{n} win", "{n} wins", f.wins) + " · "
        + t("win rate {rate}", rate=percent(t, f.win_rate)),
        t("Average {average} VP, best {best} VP", average=decimal(t, f.average_vp),
          best=f.best_vp),
        t.plural("Died of the plague in {n} game", "Died of the plague in {n} games",
                 f.plague_deaths),
    ]
    if f.best_estate is not None:
        lines.append(t("Most VP from: {estate} ({vp} VP)", estate=estate_name(t, f.best_estate),
                       vp=f.estate_vp[f.best_estate]))
    return lines


def group_lines(t: Translator, g: GroupFigures) -> list[str]:
    lines = [t.plural("{n} finished game", "{n} finished games", g.games)]
    for count, games in g.by_player_count.items():
        lines.append(t.plural("With {players} players: {n} game",
                              "With {players} players: {n} games", games, players=count))
    if g.average_winning_vp is not None:
        lines.append(t("Average winning score: {vp} VP", vp=decimal(t, g.average_winning_vp)))
    lines.append(t.plural("The plague decided {n} game", "The plague decided {n} games",
                          g.plague_decided))
    lines.append(t.plural("A tie on VP went to fewer rats in {n} game",
                          "A tie on VP went to fewer rats in {n} games",
                          g.tie_breaks.get(Code.WIN_FEWER_RATS, 0)))
    lines.append(t.plural("A victory was shared in {n} game",
                          "A victory was shared in {n} games",
                          g.tie_breaks.get(Code.WIN_SHARED, 0)))
    return lines


def head_to_head_line(t: Translator, h: HeadToHead) -> str:
    return t.plural("{first} – {second}: {n} game together, {first_wins} to {second_wins} wins",
                    "{first} – {second}: {n} games together, {first_wins} to {second_wins} wins",
                    h.games, first=h.first, second=h.second, first_wins=h.first_wins,
                    second_wins=h.second_wins)
