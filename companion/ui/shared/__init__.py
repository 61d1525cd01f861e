"""Pieces every screen shares: the one page frame, widgets, theme, influence tracks, the
addresses of the screens, the ticker of screens that change with time, and the protocols of what
the table is handed (`ports`)."""
