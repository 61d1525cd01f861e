"""The one shape of the store's errors: a `StoreProblem` and its values, with the English
sentence as the message (for `str(exc)` and the logs); `companion.i18n.store_words` says it in
the person's language."""

from __future__ import annotations

from typing import Any

from companion.store.problems import StoreProblem


def english(code: StoreProblem, values: dict[str, object]) -> str:
    """Imported late: the words import the engine's (for a refused event), and a store opened
    without the engine needs none of it."""
    from companion.i18n import translator
    from companion.i18n.store_words import problem_text

    return problem_text(translator("en"), code, values, rule_ids=True)


class Worded(Exception):
    """An error that says what is wrong as a code and values, never as a finished sentence."""

    def __init__(self, code: StoreProblem, /, **values: object) -> None:
        self.code = code
        self.values = values
        super().__init__(english(code, values))

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled whole (a log handler in another process, `copy.copy`): the
        constructor takes a code, not the message that `args` holds."""
        return _restore, (type(self), self.args, self.__dict__)


def _restore(cls: type[Worded], args: tuple[Any, ...], state: dict[str, Any]) -> Worded:
    error = cls.__new__(cls, *args)
    error.args = args
    error.__dict__.update(state)
    return error
