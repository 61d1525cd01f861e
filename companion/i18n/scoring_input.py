"""What is wrong with a typed-in end state, in the person's language.

The scoring checks an `EndState` and raises `ScoringInputError` with an `InputProblem` code and
its values; this module gives each code its words (a test checks that none is missing), so the
score command and the table's score sheet say the engine's own verdict, never a guess at it.
"""

from __future__ import annotations

from companion.i18n import N_, Translator
from companion.i18n.codes import plural
from companion.i18n.scoring_lines import names
from companion.rules.errors import Param
from companion.rules.scoring.input import PLAYER_LISTS, InputProblem, ScoringInputError, one_line

PROBLEMS: dict[InputProblem, str] = {
    InputProblem.NOT_A_WHOLE_NUMBER: N_("must be a whole number, not {value}"),
    InputProblem.NEGATIVE: N_("must not be negative (got {value})"),
    InputProblem.PLAYER_COUNT: N_("must name {low} to {high} players, not {count}"),
    InputProblem.NOT_A_NAME: N_("must be a name, not {value}"),
    InputProblem.UNKNOWN_PLAYER: N_("unknown player {name} (players are {players})"),
    InputProblem.NOT_A_PLAYER_MAP: N_("must map player names to numbers"),
    InputProblem.NOT_AN_ESTATE_MAP: N_("must map classes to values"),
    InputProblem.UNKNOWN_ESTATE: N_("unknown class (classes are {estates})"),
    InputProblem.NOT_AN_ORDER: N_("must list players from bottom to top"),
    InputProblem.UNKNOWN_SPECIAL_IN_PLAY: N_("unknown special-card type {value} (types are "
                                             "{types})"),
    InputProblem.NOT_A_SPECIALS_MAP: N_("must map special-card types to counts"),
    InputProblem.GOLD_IN_SPECIALS: N_("Gold is scored on its own: use the gold map"),
    InputProblem.UNKNOWN_SPECIAL: N_("unknown special-card type (types are {types})"),
    InputProblem.SPECIAL_NOT_IN_PLAY: N_("{special} cards are held but {special} is not in "
                                         "in_play"),
    InputProblem.GOLD_NOT_IN_PLAY: N_("Gold is held but gold (the Treasury) is not in in_play"),
    InputProblem.TOO_MANY_NUNS: N_("the Nun-row shows at most {most} nuns (got {count})"),
    InputProblem.TIE_NOT_LISTED: N_("{players} tie on {influence} influence; list them from "
                                    "bottom to top to say whose disc lies on top"),
}
"""The one text of each problem that names no count of things."""

COUNTED: dict[InputProblem, tuple[str, tuple[str, str]]] = {
    InputProblem.NAME_TWICE: ("names", plural("{names} appears more than once",
                                               "{names} appear more than once")),
    InputProblem.LISTED_TWICE: ("names", plural("{names} listed more than once",
                                                 "{names} listed more than once")),
    InputProblem.TIE_PARTLY_LISTED: ("missing", plural(
        "{players} tie on {influence} influence; list them from bottom to top to say whose "
        "disc lies on top ({missing} not listed)",
        "{players} tie on {influence} influence; list them from bottom to top to say whose "
        "disc lies on top ({missing} not listed)")),
}
"""Problems whose words depend on how many players a list names, by that list: "Anna kommt",
"Anna und Ben kommen"."""


def _words(t: Translator, params: dict[str, Param]) -> dict[str, Param]:
    """Lists of players joined in the person's language; other lists are JSON keys, as typed."""
    return {key: (names(t, tuple(value)) if key in PLAYER_LISTS else ", ".join(value))
            if isinstance(value, list) else value for key, value in params.items()}


def problem_text(t: Translator, error: ScoringInputError) -> str:
    """What is wrong with the value at `error.field`, on one line, in the language of `t`."""
    words = _words(t, error.params)
    counted = COUNTED.get(error.code)
    if counted is not None:
        key, (one, many) = counted
        listed = error.params.get(key)
        text = t.plural(one, many, len(listed) if isinstance(listed, list) else 2, **words)
    else:
        text = t(PROBLEMS[error.code], **words)
    return one_line(text)


def field_problem(t: Translator, error: ScoringInputError) -> str:
    """"influence.church.Dora: unknown player 'Dora' (...)": the field to fix, then what is
    wrong with it, as the score command prints it."""
    return f"{error.field}: {problem_text(t, error)}"
