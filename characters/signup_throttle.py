"""How many accounts one client address may create each hour (SIGNUP_LIMIT_PER_HOUR), by sign-up or join link.

The count lives in the cache, which production keeps in Redis so that every uvicorn worker adds to the same one. The
address is the one the login throttle counts (axes, configured by PROXY_COUNT in config/settings.py)."""

import math
import time

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.core.cache import cache
from django.shortcuts import render

HOUR = 60 * 60


def count_key(request):
    # Each clock hour has a count of its own, kept past its end: so the count never expires between cache.add and
    # cache.incr, where Redis would start a new count without an expiry.
    return f"signups:{get_client_ip_address(request)}:{int(time.time() // HOUR)}"


def admits_one_more(request):
    """Counts the account this address is about to make; False when it is one too many. Counted before the account
    is made, so a burst of sign-ups sent at once cannot all slip under the limit."""
    key = count_key(request)
    cache.add(key, 0, timeout=2 * HOUR)
    return cache.incr(key) <= settings.SIGNUP_LIMIT_PER_HOUR


def refusal(request):
    """The 429 page, with how long until the next hour lets this address sign up again."""
    seconds_left = math.ceil(HOUR - time.time() % HOUR)
    response = render(
        request, "registration/too_many_signups.html", {"minutes": math.ceil(seconds_left / 60)}, status=429
    )
    response["Retry-After"] = str(seconds_left)
    return response
