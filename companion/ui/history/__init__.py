"""The table's History screens (issue 23)."""
