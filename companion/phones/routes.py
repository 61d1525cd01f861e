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

Every refusal is a small JSON object `{"error": code, "message": text}` with no detail about
which part of a secret was wrong; the page translates the code.
"""

from __future__ import annotations

import asyncio
import base64
import hmac
import json
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Mount, Route

from companion.phones.assets import SECURITY_HEADERS, PageAssets
from companion.phones.hub import PhoneHub, PhoneSession
from companion.phones.ledger import Ledger, LedgerRefused, LedgerRules, engine_rules
from companion.phones.limits import TooManyAttempts
from companion.phones.qr import pairing_url, qr_png
from companion.phones.seats import SeatError, UnknownDevice
from companion.phones.texts import negotiate_language

log = logging.getLogger(__name__)

COOKIE = "rc_device"
COOKIE_MAX_AGE = 60 * 60 * 24 * 30
MAX_BODY = 2048
HEARTBEAT_SECONDS = 10.0
HOST_KEY_HEADER = "x-host-key"
PREFIX = "/phone"

_NO_STORE = {"Cache-Control": "no-store", **SECURITY_HEADERS}


class Refusal(Exception):
    """A request answered with `{"error": code, "message": ...}` and nothing changed."""

    def __init__(self, code: str, status: int, message: str = "",
                 headers: dict[str, str] | None = None, rule: str | None = None) -> None:
        super().__init__(message or code)
        self.code = code
        self.status = status
        self.message = message
        self.headers = headers or {}
        self.rule = rule


def _refusal_response(refusal: Refusal) -> JSONResponse:
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


# -- the routes ---------------------------------------------------------------------------


def _in_phone_language(request: Request, refused: LedgerRefused) -> str:
    """The engine's reason for a refusal, in the phone's language where a translation exists."""
    cause = refused.__cause__
    if cause is None or not hasattr(cause, "code"):
        return str(refused)
    from companion.i18n import translator
    from companion.i18n.codes import violation_text

    language = negotiate_language(request.headers.get("accept-language"))
    return violation_text(translator(language), cause)


def _client(request: Request) -> str:
    return request.client.host if request.client else "unknown"


def phone_routes(hub: PhoneHub, rules: LedgerRules | None = None) -> list[BaseRoute]:
    """Routes for the table's server to mount at `/phone` (the page links there), before the
    Flet app's catch-all mount at `/`: `Mount("/phone", routes=phone_routes(hub))`.

    `rules` defaults to the real engine's ledger events and `player_view`.
    """
    assets = PageAssets(PREFIX)
    ledger_rules = rules
    limiter = hub.limiter

    def the_rules() -> LedgerRules:
        nonlocal ledger_rules
        if ledger_rules is None:
            ledger_rules = engine_rules()
        return ledger_rules


    def guarded(handler: Callable[[Request], Awaitable[Response]]
                ) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            try:
                return await handler(request)
            except Refusal as refusal:
                return _refusal_response(refusal)
            except TooManyAttempts as blocked:
                return _refusal_response(Refusal(
                    blocked.code, 429, str(blocked),
                    headers={"Retry-After": str(blocked.retry_after)}))
            except LedgerRefused as refused:
                return _refusal_response(Refusal(refused.code, refused.status,
                                                 _in_phone_language(request, refused),
                                                 rule=refused.rule))
        return endpoint

    async def json_body(request: Request) -> dict[str, Any]:
        origin = request.headers.get("origin")
        if origin is not None and origin.split("://", 1)[-1] != request.headers.get("host"):
            raise Refusal("bad_request", 403, "Requests must come from the phone page.")
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            raise Refusal("bad_request", 415, "Send JSON.")
        declared = request.headers.get("content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
            raise Refusal("bad_request", 413, "The request is too large.")
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise Refusal("bad_request", 413, "The request is too large.")
        try:
            data = json.loads(raw or b"{}")
        except (ValueError, UnicodeDecodeError):
            raise Refusal("bad_request", 400, "The request is not valid JSON.") from None
        if not isinstance(data, dict):
            raise Refusal("bad_request", 400, "Send a JSON object.")
        return data

    def seat_of(request: Request) -> tuple[str, int, PhoneSession, str]:
        """The caller's game, seat, open session and device secret, from its cookie only."""
        address = _client(request)
        limiter.check(address)
        secret = request.cookies.get(COOKIE)
        if not secret:
            raise Refusal(UnknownDevice.code, 401, str(UnknownDevice()))
        try:
            game, seat = hub.registry.authenticate(secret)
        except SeatError as refused:
            limiter.record_failure(address)
            raise Refusal(refused.code, 401, str(refused)) from None
        session = hub.session(game)
        if session is None:
            raise Refusal("no_game", 404, "This game is not open at the table.")
        return game, seat, session, secret

    def payload(game: str, seat: int, session: PhoneSession) -> dict[str, Any]:
        return {"game": game, "seat": seat, **Ledger(session, seat, the_rules()).payload()}

    # -- the page ---------------------------------------------------------------------

    async def page(request: Request) -> Response:
        language = negotiate_language(request.headers.get("accept-language"))
        response = assets.page(language).response(request, "no-cache")
        response.headers["Content-Language"] = language
        response.headers["Vary"] = "Accept-Encoding, Accept-Language"
        return response

    # -- pairing ----------------------------------------------------------------------

    async def join(request: Request) -> Response:
        """Trade a pairing token for the seat's cookie, answered with the seat's state as JSON
        or, if the phone accepts `text/event-stream`, with its live stream."""
        address = _client(request)
        limiter.check(address)
        data = await json_body(request)
        try:
            # A few rows in a small WAL database, as quick as `authenticate` on every request:
            # no thread hop in the join's one round trip.
            claim = hub.registry.claim(data.get("token"))
        except SeatError as refused:
            limiter.record_failure(address)
            status = 409 if refused.code == "seat_taken" else 403
            raise Refusal(refused.code, status, str(refused)) from None
        session = hub.session(claim.game)
        response: Response
        if session is None:
            response = _refusal_response(Refusal("no_game", 404, "This game is not open."))
        elif "text/event-stream" in request.headers.get("accept", ""):
            response = live(claim.game, claim.seat, session, claim.device_secret)
        else:
            response = JSONResponse(payload(claim.game, claim.seat, session), headers=_NO_STORE)
        response.set_cookie(COOKIE, claim.device_secret, max_age=COOKIE_MAX_AGE, path=PREFIX,
                            httponly=True, samesite="strict")
        return response

    # -- the ledger -------------------------------------------------------------------

    async def state(request: Request) -> Response:
        game, seat, session, _ = seat_of(request)
        return JSONResponse(payload(game, seat, session), headers=_NO_STORE)

    def change(act: Callable[[Ledger, dict[str, Any]], None]
               ) -> Callable[[Request], Awaitable[Response]]:
        async def endpoint(request: Request) -> Response:
            game, seat, session, _ = seat_of(request)
            data = await json_body(request)
            ledger = Ledger(session, seat, the_rules())
            await run_in_threadpool(act, ledger, data)
            return JSONResponse(payload(game, seat, session), headers=_NO_STORE)
        return endpoint

    def live(game: str, seat: int, session: PhoneSession, secret: str) -> Response:
        """The seat's live stream: its state now and after every change, until released.

        The first chunk carries the state, so the page is shown and live at the same moment.
        """

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
            forget_release = hub.registry.on_release(released)
            try:
                with hub.registry.connection(game, seat):
                    preface = "retry: 2000\n\n"
                    sent = None
                    while True:
                        changed.clear()
                        try:
                            hub.registry.authenticate(secret)
                        except SeatError:
                            yield preface + "event: released\ndata: {}\n\n"
                            return
                        current = json.dumps(payload(game, seat, session),
                                             separators=(",", ":"))
                        if current != sent:
                            yield f"{preface}event: state\ndata: {current}\n\n"
                            sent, preface = current, ""
                        try:
                            await asyncio.wait_for(changed.wait(), HEARTBEAT_SECONDS)
                        except TimeoutError:
                            yield ": ping\n\n"
            finally:
                unsubscribe()
                forget_release()

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={**_NO_STORE, "X-Accel-Buffering": "no"})

    async def events(request: Request) -> Response:
        return live(*seat_of(request))

    # -- host controls ----------------------------------------------------------------

    def require_host(request: Request) -> None:
        address = _client(request)
        limiter.check(address)
        given = request.headers.get(HOST_KEY_HEADER, "")
        if not hmac.compare_digest(given.encode("utf-8"), hub.host_key.encode("utf-8")):
            limiter.record_failure(address)
            raise Refusal("host_key", 403, "These controls need the host key.")

    def seat_number(request: Request) -> int:
        raw = request.path_params.get("seat", "")
        if not raw.isdigit() or len(raw) > 2:
            raise Refusal("bad_seat", 400, "There is no such seat.")
        return int(raw)

    async def host_status(request: Request) -> Response:
        require_host(request)
        raw = request.query_params.get("players", "5")
        if not raw.isdigit() or not 0 <= int(raw) <= 5:
            raise Refusal("bad_value", 400, "players must be 0 to 5.")
        seats = hub.registry.status(request.path_params["game"], int(raw))
        return JSONResponse([{"seat": s.seat, "paired": s.paired, "connected": s.connected,
                              "last_seen": s.last_seen, "code_open": s.code_open}
                             for s in seats], headers=_NO_STORE)

    async def host_code(request: Request) -> Response:
        require_host(request)
        game = request.path_params["game"]
        if hub.session(game) is None:
            raise Refusal("no_game", 404, "This game is not open.")
        try:
            token = hub.registry.issue_token(game, seat_number(request))
        except SeatError as refused:
            raise Refusal(refused.code, 409, str(refused)) from None
        url = pairing_url(hub.base_url, token)
        png = await run_in_threadpool(qr_png, url)
        return JSONResponse({"url": url, "png": base64.b64encode(png).decode("ascii")},
                            headers=_NO_STORE)

    async def host_release(request: Request) -> Response:
        require_host(request)
        try:
            hub.registry.release(request.path_params["game"], seat_number(request))
        except SeatError as refused:
            raise Refusal(refused.code, 400, str(refused)) from None
        return Response(status_code=204, headers=_NO_STORE)

    api = [
        Route("/join", guarded(join), methods=["POST"]),
        Route("/state", guarded(state), methods=["GET"]),
        Route("/events", guarded(events), methods=["GET"]),
        Route("/rats", guarded(change(lambda ledger, data: ledger.change_rats(
            data.get("delta"), data.get("reason")))), methods=["POST"]),
        Route("/nuns", guarded(change(lambda ledger, data: ledger.note_nun_card(
            data.get("position"), data.get("nuns")))), methods=["POST"]),
        Route("/dispute", guarded(change(lambda ledger, data: ledger.dispute(
            data.get("entry_id")))), methods=["POST"]),
        Route("/confirm", guarded(change(lambda ledger, data: ledger.confirm())),
              methods=["POST"]),
        Route("/undo", guarded(change(lambda ledger, data: ledger.undo())), methods=["POST"]),
    ]
    host = [
        Route("/{game}/seats", guarded(host_status), methods=["GET"]),
        Route("/{game}/seats/{seat}/code", guarded(host_code), methods=["POST"]),
        Route("/{game}/seats/{seat}", guarded(host_release), methods=["DELETE"]),
    ]
    return [
        Route("/", page, methods=["GET"]),
        Route("/join/{token}", page, methods=["GET"]),
        Mount("/api", routes=api),
        Mount("/host", routes=host),
    ]


def phone_app(hub: PhoneHub, rules: LedgerRules | None = None) -> Starlette:
    """The phone routes alone, as an app (mounted at `/phone`): for tests and benchmarks."""
    return Starlette(routes=[Mount(PREFIX, routes=phone_routes(hub, rules))])
