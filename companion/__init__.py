"""Rattus Cartus Companion: one device at the table guides the game; phones keep the rats secret."""

__version__ = "0.1.0"
