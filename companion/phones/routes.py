"""The phones' HTTP side: the light page, its JSON API, live updates (SSE) and host controls.

Served by the same server as the Flet table app, under `/phone`. Everything a phone receives
is built from its own seat's `player_view`; the seat comes only from the device secret in an
HttpOnly cookie, never from the request, so one phone cannot even name another player's
ledger. Host controls (codes, release, seat status) need the host key.

A phone joins in two round trips. Opening the pairing link changes nothing (a link preview
cannot use the code up): it fetches the page, which holds its script, styles and words. The
script claims the seat with a JSON POST at once, and when it asks for `text/event-stream` the
claim's answer is the seat's live stream itself: the cookie, the first state and every later
change in one response. Reconnects use `/api/events` with the cookie.

One validation boundary: every body is read by `body.load_json` (size, depth, duplicate keys,
number length) and then checked by its pydantic model; path and query values by their
patterns. Every refusal is a small JSON object `{"error": code, "message": text}` made by the
exception handlers below, with no detail about which part of a secret was wrong; the page
translates the code.
"""

from __future__ import annotations

import asyncio
import base64
import hmac
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal, TypeVar

from fastapi import APIRouter, Depends, FastAPI, Path, Query
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Mount

from companion.i18n import pick_language, translator
from companion.i18n.words import words
from companion.phones.assets import SECURITY_HEADERS, PageAssets
from companion.phones.body import MAX_BYTES, BadJson, load_json, phone_message
from companion.phones.choices import CHOICE_PROMPTS, CHOICE_REFUSALS, ChoiceMadeFor, Chooser
from companion.phones.end_values import END_REFUSALS, EndHand, end_json
from companion.phones.entering import AT_TABLE, at_table
from companion.phones.hand import ENTRY_REFUSALS, Hand, MadeFor
from companion.phones.hub import PhoneHub, PhoneSession
from companion.phones.ledger import (
    GAME_SCORED,
    MAX_ENTRY_ID_LENGTH,
    MAX_RAT_CHANGE,
    MAX_RATS_ASKED,
    NUN_POSITIONS,
    NUNS_PER_CARD,
    Ledger,
    LedgerRefused,
    LedgerRules,
    PhoneReason,
    engine_rules,
)
from companion.phones.limits import TooManyAttempts
from companion.phones.liveness import BEAT_SECONDS, SILENT_AFTER
from companion.phones.qr import pairing_url
from companion.phones.reveals import REVEAL_REFUSALS, Cards, RevealFor, Reveals
from companion.phones.seats import (
    MAX_SEATS,
    BadSeat,
    InvalidToken,
    SeatError,
    TokenAlreadyUsed,
    UnknownDevice,
)
from companion.phones.take_back import OWN_STEP_CLOSED, own_step_json, take_back, undone_json
from companion.phones.texts import texts
from companion.qr import qr_png
from companion.store.db import StoreBusy, StoreCorrupted, StoreError

log = logging.getLogger(__name__)

COOKIE = "rc_device"
COOKIE_MAX_AGE = 60 * 60 * 24 * 30
MAX_BODY = MAX_BYTES
HOST_KEY_HEADER = "x-host-key"
PREFIX = "/phone"
SEAT_PATTERN = r"^[0-9]{1,2}$"
"""ASCII digits only: `str.isdigit` also accepts "²", which `int` then refuses."""

_NO_STORE = {"Cache-Control": "no-store", **SECURITY_HEADERS}


class PhoneRefusal(Exception):
    """A request answered with `{"error": code, "message": ...}` and nothing changed (an HTTP
    answer to a phone; the engine's codes for a broken rule are `companion.rules.Refusal`)."""

    def __init__(self, code: str, status: int, message: str = "",
                 headers: dict[str, str] | None = None, rule: str | None = None) -> None:
        super().__init__(message or code)
        self.code = code
        self.status = status
        self.message = message
        self.headers = headers or {}
        self.rule = rule


def _refusal_response(refusal: PhoneRefusal) -> JSONResponse:
    body: dict[str, Any] = {"error": refusal.code, "message": refusal.message}
    if refusal.rule:
        body["rule"] = refusal.rule
    response = JSONResponse(body, status_code=refusal.status,
                            headers={**_NO_STORE, **refusal.headers})
    if refusal.code == UnknownDevice.code:
        # A released or forged secret is dropped, so a reload does not count as another
        # wrong attempt and scanning a fresh code is never blocked by the old one.
        response.delete_cookie(COOKIE, path=PREFIX, httponly=True, samesite="strict")
    return response


# -- what a request may say ---------------------------------------------------------------


class _Request(BaseModel):
    """Strict: `"2"`, `2.0` and `true` are not the number 2. Unknown fields are ignored, so a
    phone naming another seat (`"player": 1`) changes nothing about whose ledger it writes."""

    model_config = ConfigDict(strict=True, extra="ignore", frozen=True)


class JoinRequest(_Request):
    token: object = None
    """Any value: a token of the wrong shape is a wrong guess like any other, answered and
    counted by the seat registry, so it tells a guesser nothing new."""


class RatsChange(_Request):
    delta: int = Field(ge=-MAX_RAT_CHANGE, le=MAX_RAT_CHANGE)
    reason: PhoneReason

    @field_validator("delta")
    @classmethod
    def _changes_something(cls, delta: int) -> int:
        if delta == 0:
            raise ValueError("a change of 0 rats changes nothing")
        return delta


class NunNote(_Request):
    position: int = Field(ge=NUN_POSITIONS.start, le=NUN_POSITIONS.stop - 1)
    nuns: int = Field(ge=NUNS_PER_CARD.start, le=NUNS_PER_CARD.stop - 1)


class Dispute(_Request):
    entry_id: str = Field(min_length=1, max_length=MAX_ENTRY_ID_LENGTH)


class RatsCorrection(_Request):
    rats: int = Field(ge=0, le=MAX_RATS_ASKED)


MAX_ROUND = 99
MAX_TURN = 999
MAX_AT = 10_000_000
MAX_ROW = 12
MAX_CARDS = 99
"""An entry's bounds: far above any real game's, so the engine's refusal is the one a real
tap meets; a bigger number is a forged or broken request."""


class StepMadeFor(_Request):
    """The step a phone's input was drawn for (its view's `turn.step`, `reveal.step`,
    `choice.step`), sent back as is."""

    round: int = Field(ge=1, le=MAX_ROUND)
    turn: int = Field(ge=0, le=MAX_TURN)
    actor: int = Field(ge=0, le=MAX_SEATS - 1)
    at: int = Field(ge=0, le=MAX_AT)


class EntryRequest(_Request):
    """A phase C entry from the player's own phone: `building` (its place in the row) with
    `cards` face down, or a Pass (`building` null)."""

    step: StepMadeFor
    building: int | None = Field(ge=0, le=MAX_ROW - 1)
    cards: int = Field(default=0, ge=0, le=MAX_CARDS)


class EndValuesRequest(_Request):
    """A player's end values from their own phone: `values`, the holdings in play by name,
    typed over `seen`, the ones recorded when the screen was drawn (null: none yet). Both are
    checked by `end_values.EndHand`, which words what is wrong in the phone's language."""

    seen: object = None
    values: object = None


class RevealMadeFor(StepMadeFor):
    """The reveal step a phone's screen was drawn for (its view's `reveal.step`), sent back
    as is."""

    building: int = Field(ge=0, le=MAX_ROW - 1)


class RevealRequest(_Request):
    """A phase D reveal from the player's own phone: how many of the cards they declared in
    the building are population cards of its class and of another, Jokers, Swords, Flutes."""

    step: RevealMadeFor
    matching: int = Field(default=0, ge=0, le=MAX_CARDS)
    other: int = Field(default=0, ge=0, le=MAX_CARDS)
    jokers: int = Field(default=0, ge=0, le=MAX_CARDS)
    swords: int = Field(default=0, ge=0, le=MAX_CARDS)
    flutes: int = Field(default=0, ge=0, le=MAX_CARDS)


MAX_OPTION = 99
"""A choice's option (a seat named, hand cards discarded): far above any real one."""


class ChoiceStep(StepMadeFor):
    """The step a phone's choice was drawn for (its view's `choice.step`), sent back as is."""

    prompt: Literal[CHOICE_PROMPTS]  # type: ignore[valid-type]
    building: int = Field(ge=0, le=MAX_ROW - 1)


class ChoiceRequest(_Request):
    """A player's choice from their own phone: the seat named at a tie for fewest Swords or
    Flutes, or the hand cards discarded at a Hospital (`option`)."""

    step: ChoiceStep
    option: int = Field(ge=0, le=MAX_OPTION)


class LessonSeen(_Request):
    """"Got it" on the teaching card the phone shows (its `lesson.key`)."""

    key: str = Field(pattern=r"^[a-z0-9-]{1,40}$")


class TakeBackRequest(_Request):
    """The player's own last input, as their phone showed it (`own_step`): round, turn and
    the game's public events then."""

    round: int = Field(ge=1, le=MAX_ROUND)
    turn: int = Field(ge=0, le=MAX_TURN)
    at: int = Field(ge=0, le=MAX_AT)


class BeatAnswer(_Request):
    """The phone heard a beat of its live stream: the stream the beat named."""

    stream: int = Field(ge=1, le=2**53)


class NoFields(_Request):
    """Confirm and undo say nothing but still send a JSON object, like every change."""


Model = TypeVar("Model", bound=_Request)


def _client(request: Request) -> str:
    """The socket's peer address; no forwarding header is trusted (none is ever needed)."""
    return request.client.host if request.client else "unknown"


def json_body(model: type[Model]) -> Callable[[Request], Awaitable[Model]]:
    """A dependency reading the body as `model`: same-origin, JSON, at most `MAX_BODY` bytes
    (counted while reading, whatever `Content-Length` claims), through `load_json`."""

    async def read(request: Request) -> Model:
        origin = request.headers.get("origin")
        if origin is not None and origin.split("://", 1)[-1] != request.headers.get("host"):
            raise PhoneRefusal("bad_request", 403, "Requests must come from the phone page.")
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            raise PhoneRefusal("bad_request", 415, "Send JSON.")
        declared = request.headers.get("content-length")
        if declared is not None and (not declared.isascii() or not declared.isdigit()
                                     or len(declared) > 6 or int(declared) > MAX_BODY):
            raise PhoneRefusal("bad_request", 413, "The request is too large.")
        raw = b""
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > MAX_BODY:
                raise PhoneRefusal("bad_request", 413, "The request is too large.")
        try:
            data = load_json(raw or b"{}")
        except BadJson as bad:
            raise PhoneRefusal("bad_request", 400,
                          f"The request is not valid JSON: {phone_message(bad)}") from None
        if not isinstance(data, dict):
            raise PhoneRefusal("bad_request", 400, "Send a JSON object.")
        try:
            return model.model_validate(data)
        except ValidationError as invalid:
            first = invalid.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "body"
            raise PhoneRefusal("bad_value", 422, f"{where}: {first['msg']}") from None

    return read


# -- what the routes of one server share --------------------------------------------------


@dataclass
class Phones:
    """The hub, the ledger rules and the page of one server, kept in its app's `state`."""

    hub: PhoneHub
    given_rules: LedgerRules | None = None
    assets: PageAssets = field(default_factory=lambda: PageAssets(PREFIX))

    @property
    def rules(self) -> LedgerRules:
        """The real engine's rules unless others were given, loaded at the first request so
        the server starts without the engine (see test_phone_imports)."""
        if self.given_rules is None:
            self.given_rules = engine_rules()
        return self.given_rules

    def payload(self, game: str, seat: int, session: PhoneSession) -> dict[str, Any]:
        return {"game": game, "seat": seat, **Ledger(session, seat, self.rules).payload(),
                "end": end_json(session, seat),
                "entered_at_table": seat in at_table(session),
                "own_step": own_step_json(session, seat),
                "undone": undone_json(session, seat)}

    def seat_in_game(self, game: str, seat: int) -> bool:
        """Whether the open game has this seat; a game that is not open cannot say, and its
        phones are told `no_game` until it is."""
        session = self.hub.session(game)
        return session is None or 0 <= seat < session.table_view().players

    def live(self, game: str, seat: int, session: PhoneSession, secret: str) -> Response:
        """The seat's live stream: its state now and after every change, until released.

        The first chunk carries the state, so the page is shown and live at the same moment.
        Every `BEAT_SECONDS`, changes or not, the stream beats; the phone answers each beat
        (`beat` below), and the seat counts as connected only while it does (`liveness`).
        """
        registry = self.hub.registry

        async def stream() -> AsyncIterator[str]:
            loop = asyncio.get_running_loop()
            changed = asyncio.Event()

            def wake(*_: object) -> None:
                try:
                    loop.call_soon_threadsafe(changed.set)
                except RuntimeError:
                    pass

            def released(released_game: str, released_seat: int) -> None:
                if (released_game, released_seat) == (game, seat):
                    wake()

            unsubscribe = session.subscribe(wake)
            forget_release = registry.on_release(released)
            forget_stop = self.hub.on_stop(wake)
            try:
                with registry.connection(game, seat) as stream_id:
                    preface = "retry: 2000\n\n"
                    sent = None
                    beat = _beat_event(stream_id)
                    next_beat = loop.time() + BEAT_SECONDS
                    while True:
                        changed.clear()
                        if self.hub.stopping:
                            yield preface + "event: stopping\ndata: {}\n\n"
                            return
                        try:
                            registry.authenticate(secret, seen=False)
                        except SeatError:
                            yield preface + "event: released\ndata: {}\n\n"
                            return
                        current = json.dumps(self.payload(game, seat, session),
                                             separators=(",", ":"))
                        if current != sent:
                            yield f"{preface}event: state\ndata: {current}\n\n"
                            sent, preface = current, ""
                        try:
                            await asyncio.wait_for(changed.wait(),
                                                   max(0.0, next_beat - loop.time()))
                        except TimeoutError:
                            next_beat = loop.time() + BEAT_SECONDS
                            registry.beat(game, seat)
                            yield beat
            finally:
                unsubscribe()
                forget_release()
                forget_stop()

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={**_NO_STORE, "X-Accel-Buffering": "no"})


def _beat_event(stream_id: int) -> str:
    """A beat of the stream `stream_id`: the phone answers it naming the stream, and takes the
    stream for dead if it hears nothing for `within` seconds (`liveness.SILENT_AFTER`)."""
    data = json.dumps({"stream": stream_id, "within": SILENT_AFTER}, separators=(",", ":"))
    return f"event: beat\ndata: {data}\n\n"


def _phones(request: Request) -> Phones:
    phones: Phones = request.app.state.phones
    return phones


PhonesDep = Annotated[Phones, Depends(_phones)]


@dataclass(frozen=True)
class Caller:
    """A paired phone: its game, seat, open session and device secret, from its cookie only."""

    game: str
    seat: int
    session: PhoneSession
    secret: str


async def _caller(request: Request, phones: PhonesDep) -> Caller:
    hub = phones.hub
    secret = request.cookies.get(COOKIE)
    with hub.limiter.attempt(_client(request)) as attempt:
        if not secret:
            raise PhoneRefusal(UnknownDevice.code, 401, str(UnknownDevice()))
        try:
            game, seat = hub.registry.authenticate(secret)
        except SeatError as refused:
            attempt.failed()
            raise PhoneRefusal(refused.code, 401, str(refused)) from None
    session = hub.session(game)
    if session is None:
        raise PhoneRefusal("no_game", 404, "This game is not open at the table.")
    return Caller(game, seat, session, secret)


CallerDep = Annotated[Caller, Depends(_caller)]


async def _host(request: Request, phones: PhonesDep) -> None:
    hub = phones.hub
    with hub.limiter.attempt(_client(request)) as attempt:
        given = request.headers.get(HOST_KEY_HEADER, "")
        if not hmac.compare_digest(given.encode("utf-8"), hub.host_key.encode("utf-8")):
            attempt.failed()
            raise PhoneRefusal("host_key", 403, "These controls need the host key.")


SeatPath = Annotated[str, Path(pattern=SEAT_PATTERN)]

router = APIRouter()
host = APIRouter(prefix="/host", dependencies=[Depends(_host)])


# -- the page -----------------------------------------------------------------------------


@router.get("/")
@router.get("/join/{token}")
async def page(request: Request, phones: PhonesDep) -> Response:
    language = pick_language(request.headers.get("accept-language"))
    response = phones.assets.page(language).response(request, "no-cache")
    response.headers["Content-Language"] = language
    response.headers["Vary"] = "Accept-Encoding, Accept-Language"
    return response


# -- pairing ------------------------------------------------------------------------------


@router.post("/api/join")
async def join(request: Request, phones: PhonesDep,
               body: Annotated[JoinRequest, Depends(json_body(JoinRequest))]) -> Response:
    """Trade a pairing token for the seat's cookie, answered with the seat's state as JSON
    or, if the phone accepts `text/event-stream`, with its live stream."""
    hub = phones.hub
    with hub.limiter.attempt(_client(request)) as attempt:
        try:
            # A few rows in a small WAL database, as quick as `authenticate` on every request:
            # no thread hop in the join's one round trip.
            claim = hub.registry.claim(body.token, admit=phones.seat_in_game)
        except (InvalidToken, TokenAlreadyUsed) as refused:
            attempt.failed()
            status = 409 if refused.code == TokenAlreadyUsed.code else 403
            raise PhoneRefusal(refused.code, status, str(refused)) from None
        except SeatError as refused:
            raise PhoneRefusal(refused.code, 404, str(refused)) from None
    session = hub.session(claim.game)
    response: Response
    if session is None:
        response = _refusal_response(PhoneRefusal("no_game", 404, "This game is not open."))
    elif "text/event-stream" in request.headers.get("accept", ""):
        response = phones.live(claim.game, claim.seat, session, claim.device_secret)
    else:
        response = JSONResponse(phones.payload(claim.game, claim.seat, session),
                                headers=_NO_STORE)
    response.set_cookie(COOKIE, claim.device_secret, max_age=COOKIE_MAX_AGE, path=PREFIX,
                        httponly=True, samesite="strict")
    return response


# -- the ledger ---------------------------------------------------------------------------


@router.get("/api/state")
async def state(phones: PhonesDep, caller: CallerDep) -> Response:
    return JSONResponse(phones.payload(caller.game, caller.seat, caller.session),
                        headers=_NO_STORE)


@router.get("/api/events")
async def events(phones: PhonesDep, caller: CallerDep) -> Response:
    return phones.live(caller.game, caller.seat, caller.session, caller.secret)


@router.post("/api/beat")
async def beat(phones: PhonesDep, caller: CallerDep,
               body: Annotated[BeatAnswer, Depends(json_body(BeatAnswer))]) -> Response:
    """The phone answers a beat of its live stream: its seat counts as connected while it
    does (`liveness`). A stream that has ended (or is not this seat's) changes nothing."""
    phones.hub.registry.answered(caller.game, caller.seat, body.stream)
    return Response(status_code=204, headers=_NO_STORE)


async def _change(phones: Phones, caller: Caller, act: Callable[[Ledger], None]) -> Response:
    """One change to the caller's own ledger, through the session (the single writer)."""
    return await _act(phones, caller, act, Ledger(caller.session, caller.seat, phones.rules))


async def _act(phones: Phones, caller: Caller, act: Callable[..., object], *args: Any
               ) -> Response:
    """`act(*args)` off the event loop (it waits for the session's lock and the store), then
    the caller's fresh payload: what their phone draws next, whether it was taken or not."""
    await run_in_threadpool(act, *args)
    return JSONResponse(phones.payload(caller.game, caller.seat, caller.session),
                        headers=_NO_STORE)


@router.post("/api/rats")
async def rats(phones: PhonesDep, caller: CallerDep,
               body: Annotated[RatsChange, Depends(json_body(RatsChange))]) -> Response:
    return await _change(phones, caller,
                         lambda ledger: ledger.change_rats(body.delta, body.reason))


@router.post("/api/nuns")
async def nuns(phones: PhonesDep, caller: CallerDep,
               body: Annotated[NunNote, Depends(json_body(NunNote))]) -> Response:
    return await _change(phones, caller,
                         lambda ledger: ledger.note_nun_card(body.position, body.nuns))


@router.post("/api/dispute")
async def dispute(phones: PhonesDep, caller: CallerDep,
                  body: Annotated[Dispute, Depends(json_body(Dispute))]) -> Response:
    return await _change(phones, caller, lambda ledger: ledger.dispute(body.entry_id))


@router.post("/api/confirm", dependencies=[Depends(json_body(NoFields))])
async def confirm(phones: PhonesDep, caller: CallerDep) -> Response:
    return await _change(phones, caller, Ledger.confirm)


@router.post("/api/correction")
async def correction(phones: PhonesDep, caller: CallerDep,
                     body: Annotated[RatsCorrection, Depends(json_body(RatsCorrection))]
                     ) -> Response:
    return await _change(phones, caller, lambda ledger: ledger.ask_correction(body.rats))


@router.post("/api/entry")
async def entry(phones: PhonesDep, caller: CallerDep,
                body: Annotated[EntryRequest, Depends(json_body(EntryRequest))]) -> Response:
    """The player's phase C entry (R-ROUND-C), through the session like the table's tap."""
    made_for = MadeFor(body.step.round, body.step.turn, body.step.actor, body.step.at)
    hand = Hand(caller.session, caller.seat)
    return await _act(phones, caller, hand.enter, made_for, body.building, body.cards)


@router.post("/api/end")
async def end_values(phones: PhonesDep, caller: CallerDep,
                     body: Annotated[EndValuesRequest, Depends(json_body(EndValuesRequest))]
                     ) -> Response:
    """The player's hand, special cards and VP markers at the end (R-SCORE-2 to 5), recorded
    as the table's end form records them."""
    hand = EndHand(caller.session, caller.seat)
    return await _act(phones, caller, hand.send, body.seen, body.values)


@router.post("/api/reveal")
async def reveal(phones: PhonesDep, caller: CallerDep,
                 body: Annotated[RevealRequest, Depends(json_body(RevealRequest))]
                 ) -> Response:
    """The player's phase D reveal (R-ROUND-D a), recorded at once or held for its slot."""
    made_for = RevealFor(body.step.round, body.step.turn, body.step.building,
                         body.step.actor, body.step.at)
    cards = Cards(body.matching, body.other, body.jokers, body.swords, body.flutes)
    reveals = Reveals(caller.session, caller.seat)
    return await _act(phones, caller, reveals.reveal, made_for, cards)


@router.post("/api/choice")
async def choice(phones: PhonesDep, caller: CallerDep,
                 body: Annotated[ChoiceRequest, Depends(json_body(ChoiceRequest))]
                 ) -> Response:
    """The player's choice at a tie (R-SPECIAL-1/2) or a Hospital (R-ROUND-D b), through the
    session like the table's tap."""
    step = body.step
    made_for = ChoiceMadeFor(step.prompt, step.round, step.turn, step.actor, step.building,
                             step.at)
    chooser = Chooser(caller.session, caller.seat)
    return await _act(phones, caller, chooser.choose, made_for, body.option)


@router.post("/api/lesson")
async def lesson(phones: PhonesDep, caller: CallerDep,
                 body: Annotated[LessonSeen, Depends(json_body(LessonSeen))]) -> Response:
    """The player put their phone's teaching card away: it does not come back on this phone
    (the table shows its own until the table's "Got it"). A card no longer shown is left."""
    from companion.teaching.players import got_it

    return await _act(phones, caller, got_it, caller.session, caller.seat, body.key)


@router.post("/api/entry/undo")
async def take_back_entry(phones: PhonesDep, caller: CallerDep,
                          body: Annotated[TakeBackRequest, Depends(json_body(TakeBackRequest))]
                          ) -> Response:
    """The player takes back their own last input (an entry or Pass, a reveal, a choice)
    while nothing came after it, through the session like the table's undo."""
    return await _act(phones, caller, take_back, caller.session, caller.seat, body.round,
                      body.turn, body.at)


@router.post("/api/undo", dependencies=[Depends(json_body(NoFields))])
async def undo(phones: PhonesDep, caller: CallerDep) -> Response:
    return await _change(phones, caller, Ledger.undo)


# -- host controls ------------------------------------------------------------------------


@host.get("/{game}/seats")
async def host_status(game: str, phones: PhonesDep,
                      players: Annotated[str, Query(pattern=r"^[0-9]{1,2}$")] = "5"
                      ) -> Response:
    if int(players) > MAX_SEATS:
        raise PhoneRefusal("bad_value", 400, f"players must be 0 to {MAX_SEATS}.")
    seats = phones.hub.registry.status(game, int(players))
    return JSONResponse([{"seat": s.seat, "paired": s.paired, "connected": s.connected,
                          "last_seen": s.last_seen, "code_open": s.code_open}
                         for s in seats], headers=_NO_STORE)


@host.post("/{game}/seats/{seat}/code")
async def host_code(game: str, seat: SeatPath, phones: PhonesDep) -> Response:
    hub = phones.hub
    session = hub.session(game)
    if session is None:
        raise PhoneRefusal("no_game", 404, "This game is not open.")
    if not phones.seat_in_game(game, int(seat)):
        raise PhoneRefusal("no_seat", 404, "This game has no such seat.")
    try:
        token = hub.registry.issue_token(game, int(seat))
    except SeatError as refused:
        raise PhoneRefusal(refused.code, 409, str(refused)) from None
    url = pairing_url(hub.base_url, token)
    png = await run_in_threadpool(qr_png, url)
    return JSONResponse({"url": url, "png": base64.b64encode(png).decode("ascii")},
                        headers=_NO_STORE)


@host.delete("/{game}/seats/{seat}")
async def host_release(game: str, seat: SeatPath, phones: PhonesDep) -> Response:
    try:
        phones.hub.registry.release(game, int(seat))
    except BadSeat as refused:
        raise PhoneRefusal(refused.code, 400, str(refused)) from None
    return Response(status_code=204, headers=_NO_STORE)


router.include_router(host)


# -- refusals -----------------------------------------------------------------------------


PAGE_REFUSALS = frozenset({GAME_SCORED, AT_TABLE, OWN_STEP_CLOSED, *ENTRY_REFUSALS,
                           *END_REFUSALS, *REVEAL_REFUSALS, *CHOICE_REFUSALS})
"""Ledger refusals the phone page has its own words for: answered in the phone's language."""


def _in_phone_language(request: Request, refused: LedgerRefused) -> str:
    """The reason for a refusal (the engine's, or the session's undo), in the phone's
    language where a translation exists, said to the phone's player where it names them
    (`words.TO_THE_PLAYER`)."""
    cause = refused.__cause__
    language = pick_language(request.headers.get("accept-language"))
    if refused.code in PAGE_REFUSALS:
        said = str(texts(language)["e." + refused.code])
        for name, value in refused.values.items():
            said = said.replace("{" + name + "}", value)
        return said
    if not isinstance(cause, Exception) or not hasattr(cause, "code"):
        return str(refused)
    t = translator(language)
    return words(t, cause, names=refused.names or None, to_player=True)


async def _refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, PhoneRefusal)
    return _refusal_response(exc)


async def _too_many(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, TooManyAttempts)
    return _refusal_response(PhoneRefusal(exc.code, 429, str(exc),
                                     headers={"Retry-After": str(exc.retry_after)}))


async def _ledger_refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, LedgerRefused)
    return _refusal_response(PhoneRefusal(exc.code, exc.status, _in_phone_language(request, exc),
                                     rule=exc.rule))


async def _invalid(request: Request, exc: Exception) -> Response:
    """Path and query values of the wrong shape: a seat that is not a small number names no
    seat (404); a bad query value is a bad request (400)."""
    assert isinstance(exc, RequestValidationError)
    where = next((str(e["loc"][0]) for e in exc.errors() if e.get("loc")), "body")
    if where == "path":
        return _refusal_response(PhoneRefusal("bad_seat", 404, "There is no such seat."))
    if where == "query":
        return _refusal_response(PhoneRefusal("bad_value", 400,
                                              f"players must be 0 to {MAX_SEATS}."))
    return _refusal_response(PhoneRefusal("bad_value", 422, "That value is not allowed."))


async def _http_error(request: Request, exc: Exception) -> Response:
    """Unknown paths and wrong methods answer in the same shape as every other refusal."""
    assert isinstance(exc, StarletteHTTPException)
    code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "bad_request")
    return _refusal_response(PhoneRefusal(code, exc.status_code, str(exc.detail),
                                     headers=dict(exc.headers or {})))


async def _store_fault(request: Request, exc: Exception) -> Response:
    """The games file could not serve the request: a named answer, never a 500, and nothing
    changed (the store writes whole events or nothing). The phone is not told the server's
    paths; the log (and the table, which opens the same file) names the file."""
    assert isinstance(exc, StoreError)
    log.warning("phone request %s refused: %s", request.url.path, exc)
    if isinstance(exc, StoreBusy):
        return _refusal_response(PhoneRefusal(
            "store_busy", 503, "The table's games file is busy: another program holds it. "
            "Nothing was changed; try again in a moment.", headers={"Retry-After": "2"}))
    if isinstance(exc, StoreCorrupted):
        return _refusal_response(PhoneRefusal(
            "game_damaged", 503, "This game's stored record is damaged, so it cannot be "
            "played on. Nothing was changed; the table shows what is wrong."))
    return _refusal_response(PhoneRefusal(
        "store_error", 503, "The table could not read or write this game. Nothing was changed."))


def phone_api(hub: PhoneHub, rules: LedgerRules | None = None) -> FastAPI:
    """The phones' app, to be mounted at `/phone`: the router, its refusals and its state.

    `rules` defaults to the real engine's ledger events and `player_view`.
    """
    app = FastAPI(openapi_url=None, docs_url=None, redoc_url=None)
    app.state.phones = Phones(hub, rules)
    app.include_router(router)
    app.add_exception_handler(PhoneRefusal, _refused)
    app.add_exception_handler(TooManyAttempts, _too_many)
    app.add_exception_handler(LedgerRefused, _ledger_refused)
    app.add_exception_handler(RequestValidationError, _invalid)
    app.add_exception_handler(StarletteHTTPException, _http_error)
    app.add_exception_handler(StoreError, _store_fault)
    return app


def phone_routes(hub: PhoneHub, rules: LedgerRules | None = None) -> list[BaseRoute]:
    """The phones' app as routes for the table's server to mount at `/phone` (the page links
    there), before the Flet app's catch-all mount at `/`:
    `Mount("/phone", routes=phone_routes(hub))`."""
    return [Mount("", app=phone_api(hub, rules))]


def phone_app(hub: PhoneHub, rules: LedgerRules | None = None) -> Starlette:
    """The phone routes alone, as an app (mounted at `/phone`): for tests and benchmarks."""
    return Starlette(routes=[Mount(PREFIX, routes=phone_routes(hub, rules))])
