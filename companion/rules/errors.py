"""The one error the engine raises: a rule was broken, or an event is malformed."""

from __future__ import annotations

from typing import Any


class RuleViolation(Exception):
    """An event (or a setup request) that the rules do not allow.

    `rule` is the rule ID from RULES.md (e.g. "R-ROUND-C"), or "EVENT" for a malformed event;
    `message` is a sentence a player can read; `code` and `params` let the UI translate it
    (e.g. code "not_your_turn", params {"player": "Anna"}). The state the event was applied to
    is never changed: `apply` builds new values and raises before returning any of them.
    """

    def __init__(self, rule: str, code: str, message: str, **params: Any) -> None:
        super().__init__(f"{message} [{rule}]")
        self.rule = rule
        self.code = code
        self.message = message
        self.params: dict[str, Any] = params

    def __repr__(self) -> str:
        return f"RuleViolation({self.rule!r}, {self.code!r}, {self.message!r})"
