"""WFRP 3e's commands: each is offered only to encounters of this system (the spine refuses it elsewhere)."""

from combat.commands.spine import Args
from combat.commands.spine import command as spine_command

KEY = "wfrp3e"


def command(args=Args, **options):
    return spine_command(args, systems=(KEY,), **options)
