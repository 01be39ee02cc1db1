"""`{% reuse name key... %}...{% endreuse %}`: a block rendered once per process for each key, and given as it is
while the key holds.

For the GM screen's rows and the forms that list every fighter (templates/combat/gm.html, the systems' GM screens):
the key names everything the block shows, so an entry gone stale can only go unused, and a full GM view of 100
combatants renders only the rows that changed. Kept in a plain dict: Django's cache would pickle each block and hash
its key on every use, which costs a push at 100 combatants about a millisecond; and the same string coming back each
time keeps its hash for the live push's comparison (combat/live.py).
"""

import threading

from django import template

register = template.Library()

MOST_KEPT = 5000  # blocks of about 2 KB: some 10 MB per process at most
kept = {}  # {(name, key...): rendered block}, oldest first
keeping = threading.Lock()


@register.tag
def reuse(parser, token):
    name, *key = token.split_contents()[1:]
    nodelist = parser.parse(("endreuse",))
    parser.delete_first_token()
    return ReuseNode(name, [parser.compile_filter(part) for part in key], nodelist)


class ReuseNode(template.Node):
    def __init__(self, name, key, nodelist):
        self.name, self.key, self.nodelist = name, key, nodelist

    def render(self, context):
        key = (self.name, *(part.resolve(context) for part in self.key))
        block = kept.get(key)
        if block is None:
            block = self.nodelist.render(context)
            with keeping:
                while len(kept) >= MOST_KEPT:
                    del kept[next(iter(kept))]
                kept[key] = block
        return block


def forget_all():
    with keeping:
        kept.clear()
