"""Helpers for the store's tests: a tiny game to exercise the generic parts, crash-test child."""
