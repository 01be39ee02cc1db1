"""`{{ number|ordinal }}`: combat/words.py's ordinal for the screens; `{% for _ in count|times %}`: one input a
die."""

from django import template

from combat import words

register = template.Library()


@register.filter
def ordinal(value):
    return words.ordinal(value) if isinstance(value, int) else value


@register.filter
def times(count):
    return range(count) if isinstance(count, int) else range(0)


@register.filter
def point(character, key):
    """A counter the character's sheet keeps (Character.point), by the key its game's sheet schema gives it."""
    return character.point(key) if character is not None else 0
