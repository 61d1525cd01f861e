"""The phones at the table: pairing QR codes per seat, and the private view for a player
without a phone."""
