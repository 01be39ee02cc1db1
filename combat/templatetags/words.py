"""`{{ number|ordinal }}`: combat/words.py's ordinal for the screens."""

from django import template

from combat import words

register = template.Library()


@register.filter
def ordinal(value):
    return words.ordinal(value) if isinstance(value, int) else value
