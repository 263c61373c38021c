"""Test-wide fixtures. The settings are dojo.settings_test (see pyproject.toml)."""
