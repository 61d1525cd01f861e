"""The one shape of the store's errors: a `StoreProblem` and its values, with the English
sentence as the message (for `str(exc)` and the logs); `companion.i18n.words` says it in
the person's language.

The English is the problem's msgid filled in as it stands (`companion.store.problems`), so the
store needs no catalog and imports nothing of `companion.i18n`. An inner problem is said in
English too: an inner store error by its own English, the JSON gate's refusal by its message,
and the engine's refusal by its code and values (its sentences live with the words, in
`companion.i18n.words`; the rule it broke is named beside it).
"""

from __future__ import annotations

from typing import Any

from companion.store.problems import StoreProblem, problem_text


class _English:
    """A text as it stands: the msgids are the English (what `Translator("en")` gives too)."""

    def __call__(self, message: str, /, **params: Any) -> str:
        return message.format(**params) if params else message

    def plural(self, singular: str, plural: str, n: int, /, **params: Any) -> str:
        return (singular if n == 1 else plural).format(n=n, **params)


ENGLISH = _English()


def _english_value(value: Any) -> Any:
    if isinstance(value, Worded):
        text = problem_text(ENGLISH, value.code, value.values, _english_value)
        path = getattr(value, "path", None)
        return f"{path}: {text}" if isinstance(path, str) and path else text
    if type(value).__name__ == "RuleViolation":  # by name: the store loads no engine
        code, params = getattr(value, "code", ""), getattr(value, "params", None)
        return f"{code} {params}" if params else str(code)
    return value


def english(code: StoreProblem, values: dict[str, object]) -> str:
    """The problem in English, naming the rule an event broke (for the developer who reads
    the logs)."""
    return problem_text(ENGLISH, code, values, _english_value, rule_ids=True)


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
