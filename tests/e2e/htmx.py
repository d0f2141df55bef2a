"""Waiting for HTMX in browser tests: the pages' key handlers ignore keys while a request,
swap or settle is under way (so a doubled key cannot act twice), so a test presses a key
only once the page is idle."""

from __future__ import annotations

from playwright.sync_api import Page

BUSY = ".htmx-request, .htmx-swapping, .htmx-settling"


def wait_until_idle(page: Page, timeout: float = 10_000) -> None:
    """Wait until the page's scripts have run (the load event) and no element carries HTMX's
    request, swapping or settling class."""
    page.wait_for_load_state("load")
    page.wait_for_function(f"() => !document.querySelector({BUSY!r})", timeout=timeout)


def press_when_idle(page: Page, key: str) -> None:
    """Press ``key`` once the page is idle (see the module docstring)."""
    wait_until_idle(page)
    page.keyboard.press(key)
