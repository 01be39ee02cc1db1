"""Measuring elements on a live page."""

from playwright.sync_api import expect

MEASURES_AT_MOST = 20


def box_of(locator):
    """The element's bounding box. A live update may swap the element out between Playwright finding it and
    measuring it, and Playwright then answers None: measure again, once the new element is visible."""
    for _ in range(MEASURES_AT_MOST):
        found = locator.bounding_box()
        if found is not None:
            return found
        expect(locator).to_be_visible()
    raise AssertionError(f"{locator} kept being replaced while it was measured")
