"""Shared pytest configuration. Fixtures live next to the tests that use them; the browser
fixtures are in tests/e2e/conftest.py so the database suites never start Chromium."""
