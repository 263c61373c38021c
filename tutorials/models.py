"""Tutorials keep no model: learning progress is derived from the records in attempts/."""
