"""Players' phones: QR pairing to a seat, and each player's private rat ledger on their phone.

- `seats.SeatRegistry`: pairing tokens, device secrets (hashes only), release, seat status.
- `network.base_url` / `lan_addresses`: the address the QR codes carry.
- `qr.pairing_url`: the link a seat's player scans (drawn by `companion.qr.qr_png`).
- `ledger.Ledger`: one player's ledger requests as engine events, and their own view; also the
  data API for the table's hold-to-reveal view of a player without a phone.
- `routes`: the light phone page, its JSON API and live updates: a FastAPI `APIRouter` with
  pydantic request models, served by the small app `phone_api(hub)` that holds its exception
  handlers; `phone_routes(hub)` gives it as routes for `Mount("/phone", routes=...)`.
  `hub.Hub` gives them the sessions, registry and host key.
- `body.load_json`: the one way a request body is read (size, depth, duplicate keys, long
  numbers refused).
- `limits.FailureLimiter`: wrong secrets per address, counted before the check.
"""
