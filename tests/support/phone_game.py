"""A whole game played from the players' own phones, through the phones' routes.

Each player holds a phone paired for their seat (a `TestClient` on the real phone app, over a
real `Session` and store) and does what their phone shows: their entry when it is their turn
(R-ROUND-C), their reveal at the building under way (R-ROUND-D a), their choice at a tie or a
Hospital (R-SPECIAL-1/2, R-ROUND-D b), their end values after the last round (R-SCORE-2 to 5).
Every choice comes from a seeded `random.Random`, so a seed is one game. Nobody touches the
table: when no phone has anything to do, the game waits for the table, and `PhoneGame.stuck`
says at which step (the table's `StepId`). The table's plague check (the nun row counted,
R-SCORE-6) is the one input the game takes from the table, after the end values.

The same players play on real phone pages in a browser with `PhonePages`: the same choices
(`next_input`, from the same seed), each made with the page's own buttons.

The requests that record something are counted (`recorded`), the benchmark's phone taps: an
entry, a reveal, a choice, a player's end values, each one request of one player. Every call
that changes the game (`Session.submit`, `decide`, `choose`, ...) made outside a phone's
request, on the test's own thread (the phones' requests are served on the server's), is
counted too (`table`): the table's inputs.
"""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.testclient import TestClient

from companion.phones.hub import Hub
from companion.phones.routes import phone_app
from companion.phones.seats import SeatRegistry
from companion.rules import events as ev
from companion.rules.setup import Setup
from companion.rules.state import Phase
from companion.store.db import GameStore
from companion.store.session import Session
from support.own_store import OwnStore
from support.phones import paired

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

CHANGES = ("submit", "submit_all", "decide", "choose", "reveal_ahead", "undo_step",
           "redo_step", "undo_private", "redo_private")
"""The session's methods that change the game."""


@dataclass(frozen=True)
class Input:
    """One input a player makes on their phone: the request (`/phone/api/<kind>`) and its
    body, as the phone's page sends it."""

    kind: str
    body: dict[str, Any]


def next_input(rng: random.Random, shown: dict[str, Any]) -> Input | None:
    """What a player does with what their phone shows (`/phone/api/state`): their entry on
    their turn, their choice, their reveal at the building under way, their end values; None
    when the phone shows nothing for them to do. Every choice is `rng`'s."""
    view = shown["view"]
    turn, reveal, choice, end = view["turn"], view["reveal"], view["choice"], shown["end"]
    if turn is not None and turn["yours"]:
        return Input("entry", entry(rng, turn))
    if choice is not None and choice["yours"]:
        option = rng.choice(choice["options"])
        return Input("choice", {"step": choice["step"], "option": option})
    if reveal is not None and reveal["yours"]:
        return Input("reveal", reveal_cards(rng, reveal))
    if end is not None and end["entered"] is None:
        values = {key: rng.randint(0, min(12, most)) for key, most in end["most"].items()}
        return Input("end", {"seen": None, "values": values})
    return None


def entry(rng: random.Random, turn: dict[str, Any]) -> dict[str, Any]:
    """A Pass now and then when the player holds one, else a building and 0 to 5 cards."""
    if turn["can_pass"] and rng.random() < 0.15:
        return {"step": turn["step"], "building": None}
    building = rng.randrange(len(turn["row"]))
    return {"step": turn["step"], "building": building,
            "cards": rng.choice([0, 1, 1, 2, 2, 3, 3, 4, 5])}


def reveal_cards(rng: random.Random, reveal: dict[str, Any]) -> dict[str, Any]:
    """The declared cards split at random among the kinds the game has."""
    kinds = ["matching", "other", "jokers", *(f"{s}s" for s in reveal["specials"])]
    cards = Counter(rng.choice(kinds) for _ in range(reveal["declared"]))
    return {"step": reveal["step"], **cards}


class PhoneGame(OwnStore):
    """One game at a table of phones: the real store, Session and phone routes."""

    def __init__(self, data_dir: Path, setup: Setup, rng: random.Random,
                 before: Sequence[ev.Event] = (), paired: bool = True) -> None:
        """`before`: what the table played before the phones take over (none: the phones
        play from the first entry of round 1); `paired`: pair a test client per seat
        (`phones`), or leave the seats to real phone pages (`hub`)."""
        self.rng = rng
        self.registry = SeatRegistry()
        self.store = GameStore.open(data_dir)
        self.session = Session.start(self.store, ev.GameStarted(setup))
        for event in before:
            self.session.submit(event)
        self._table_thread = threading.get_ident()
        self._calls = threading.local()
        """The session's changing methods under way on a thread: one input counts once,
        however many of them it calls."""
        self.table: Counter[str] = Counter()
        """The calls that changed the game outside a phone's request, by method: the
        table's inputs."""
        for name in CHANGES:
            setattr(self.session, name, self._counted(name, getattr(self.session, name)))
        self.hub = Hub(registry=self.registry, open_session=self.open_session,
                       base_url="http://192.168.1.20:8550")
        self.app = phone_app(self.hub)
        self.phones = [self.pair(seat) for seat in range(len(setup.names))] if paired else []
        self.recorded: Counter[str] = Counter()
        """The phones' requests that recorded something, by kind."""
        self.stuck: Any = None
        """The table's step the game waited at, with nothing to do on any phone; None while
        the phones play on."""

    def _counted(self, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def counted(*args: Any, **kwargs: Any) -> Any:
            depth = getattr(self._calls, "depth", 0)
            if not depth and threading.get_ident() == self._table_thread:
                self.table[name] += 1
            self._calls.depth = depth + 1
            try:
                return method(*args, **kwargs)
            finally:
                self._calls.depth = depth
        return counted

    def open_session(self, game_id: str) -> Session | None:
        return self.session if game_id == self.session.game_id else None

    def pair(self, seat: int) -> TestClient:
        return paired(self.app, self.hub, self.session.game_id, seat)

    @property
    def phase(self) -> Phase:
        return self.session.table_view().phase

    @property
    def round(self) -> int:
        return self.session.table_view().round

    # -- the phones ------------------------------------------------------------------------

    def play_to_the_end_values(self, limit: int = 2000) -> None:
        """Every phone does what it shows until all end values are in (the plague check,
        R-SCORE-6) or no phone has anything to do (`stuck`)."""
        for _ in range(limit):
            if self.session.table_view().at_plague_check:
                return
            if not self.one_tap():
                self.stuck = self.session.decision_view().view.step_id
                return
        raise AssertionError("the game did not end")

    def one_tap(self) -> bool:
        """One phone (the first with something to do, in an order the seed shuffles) does it;
        False when none has anything to do."""
        seats = list(range(len(self.phones)))
        self.rng.shuffle(seats)  # the reveals at a building come in any order
        for seat in seats:
            shown = self.phones[seat].get("/phone/api/state").json()
            if self.act(seat, shown):
                return True
        return False

    def act(self, seat: int, shown: dict[str, Any]) -> bool:
        made = next_input(self.rng, shown)
        return made is not None and self.send(seat, made.kind, made.body)

    def send(self, seat: int, kind: str, body: dict[str, Any]) -> bool:
        answer = self.phones[seat].post(f"/phone/api/{kind}", json=body)
        assert answer.status_code == 200, (kind, body, answer.text)
        self.recorded[kind] += 1
        return True

    # -- the table ---------------------------------------------------------------------------

    def count_the_nuns(self) -> None:
        """The plague check (R-SCORE-6): the nun row is turned over at the table and counted,
        the game's one input from the table."""
        self.session.decide([ev.NunsCounted(self.rng.randint(6, 16))])

    def per_player_round(self) -> float:
        """The phones' recording requests per player and round."""
        view = self.session.table_view()
        return sum(self.recorded.values()) / (view.players * len(view.rounds))


# -- the same players on their phones' pages in a browser -------------------------------------


def stored_story(data_dir: Path) -> tuple[str, list[str]]:
    """The benchmark's 4-player game (`support.story`'s setup and seed, the app's deck) stored
    in `data_dir` before its first entry, with a pairing code issued for every seat as the
    table's phones panel issues them, for a table server started on `data_dir` afterwards:
    the game's id and the codes, in seat order."""
    from companion.rules.setup import DeckMode
    from support.story import FOUR_PLAYER_SEED, FOUR_PLAYERS, story_setup

    with GameStore.open(data_dir) as store:
        game_id = Session.start(store, ev.GameStarted(story_setup(
            FOUR_PLAYERS, FOUR_PLAYER_SEED, DeckMode.DIGITAL))).game_id
    seats = SeatRegistry.in_data_dir(data_dir)
    try:
        return game_id, [seats.issue_token(game_id, seat) for seat in range(len(FOUR_PLAYERS))]
    finally:
        seats.close()


_SHOWN = "() => fetch('/phone/api/state').then(answer => answer.json())"
"""What a phone's page is drawn from, fetched by the page itself with its own cookie."""
SPECIALS = ("jokers", "swords", "flutes")
"""The reveal's kinds of card tapped before the count of the building's class, in the page's
order."""


class PhonePages:
    """The players of `PhoneGame`, each holding a real phone page (Playwright `Page`s, paired,
    one a seat): each reads what their phone shows (the state its page is drawn from) and
    makes the same input `next_input` chooses with the page's own buttons, as a finger would:
    the entry's count on its building (or the Pass), the Jokers, Swords and Flutes and then
    the count of the building's class, the choice's option, the end values typed and sent.
    A tap returns once the page's request has been answered, and the answer must be a 200:
    the session holds the input by then."""

    def __init__(self, pages: Sequence[Page], rng: random.Random) -> None:
        self.pages = list(pages)
        self.rng = rng
        self.made: list[tuple[int, Input]] = []
        """Every input made, with its seat, in the order the phones made them."""
        self._order: list[int] = []
        """The order the phones are looked at for the next input (shuffled by the seed for
        each input, as `PhoneGame.one_tap` does, so the same seed plays the same game)."""

    @property
    def recorded(self) -> Counter[str]:
        """The phones' requests that recorded something, by kind."""
        return Counter(made.kind for _, made in self.made)

    def shown(self, seat: int) -> dict[str, Any]:
        found: dict[str, Any] = self.pages[seat].evaluate(_SHOWN)
        return found

    def play(self, until: Callable[[dict[str, Any]], bool] = lambda _shown: False,
             limit: int = 2000) -> bool:
        """The phones play, one input at a time, each from the first phone (in an order the
        seed shuffles: the reveals at a building come in any order) that has something to do,
        until a phone shows what `until` looks for (True) or none has anything to do
        (False: the game waits for the table)."""
        for _ in range(limit):
            if not self._order:
                self._order = list(range(len(self.pages)))
                self.rng.shuffle(self._order)
            for seat in self._order:
                shown = self.shown(seat)
                if until(shown):
                    return True  # the order kept: the next `play` goes on with this input
                made = next_input(self.rng, shown)
                if made is not None:
                    self.tap(seat, made)
                    break
            else:
                self._order = []
                return False
            self._order = []
        raise AssertionError("the game did not end")

    def tap(self, seat: int, made: Input) -> None:
        """`made` tapped on `seat`'s page; returns once its request is answered with a 200."""
        page, kind = self.pages[seat], made.kind
        last = self._before_the_last_tap(page, made)
        with page.expect_response(lambda answer: answer.request.method == "POST"
                                  and answer.url.endswith(f"/phone/api/{kind}")) as sent:
            last.tap()
        answer = sent.value
        assert answer.status == 200, (seat, made, answer.status, answer.text())
        self.made.append((seat, made))

    @staticmethod
    def _before_the_last_tap(page: Page, made: Input) -> Locator:
        """The taps (and typing) before the one that sends `made`; returns that one."""
        body = made.body
        if made.kind == "entry":
            page.locator("#turn.mine").wait_for()
            if body["building"] is None:
                return page.locator("#pass")
            return page.locator(f"#row [data-building='{body['building']}'] "
                                f"button[data-count='{body['cards']}']")
        if made.kind == "choice":
            return page.locator(f"#choice.mine #choice-options "
                                f"button[data-option='{body['option']}']")
        if made.kind == "reveal":
            box = page.locator("#reveals.mine")
            for kind in SPECIALS:
                if body.get(kind):
                    assert body[kind] <= 6, "the page offers up to 6 cards of a kind"
                    box.locator(f"[data-kind='{kind}'] button").nth(body[kind]).tap()
            matching = body.get("matching", 0)
            return box.locator(f"#reveals-matching button[data-matching='{matching}']")
        assert made.kind == "end", made
        page.locator("#endvals").wait_for()
        for field, value in body["values"].items():
            page.fill(f"#ev-{field}", str(value))
        return page.locator("#ev-send")
