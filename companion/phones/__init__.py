"""Players' phones: QR pairing to a seat, and each player's private rat ledger on their phone.

- `seats.SeatRegistry`: pairing tokens, device secrets (hashes only), release, seat status.
- `network.base_url` / `lan_addresses`: the address the QR codes carry.
- `qr.pairing_url`, `qr.qr_png`: the QR a seat's player scans.
- `ledger.Ledger`: one player's ledger requests as engine events, and their own view; also the
  data API for the table's hold-to-reveal view of a player without a phone.
- `routes.phone_routes(hub)`: the light phone page, its JSON API and live updates, for
  `Mount("/phone", routes=...)`; `hub.Hub` gives them the sessions, registry and host key.
"""
