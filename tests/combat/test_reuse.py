"""`{% reuse %}` (combat/templatetags/reuse.py): a block is drawn once per key and given as it is while the key holds;
the oldest go when the process keeps too many."""

from django.template import Context, Template

from combat.templatetags import reuse

BLOCK = Template("{% load reuse %}{% reuse row key %}{{ shown }}{% endreuse %}")


def draw(key, shown):
    return BLOCK.render(Context({"key": key, "shown": shown}))


def test_a_block_is_given_as_drawn_while_its_key_holds():
    assert draw("a", "first") == "first"
    assert draw("a", "second") == "first"  # the key names everything the block shows: same key, same block
    assert draw("b", "second") == "second"


def test_the_oldest_blocks_go_when_too_many_are_kept(monkeypatch):
    monkeypatch.setattr(reuse, "MOST_KEPT", 2)
    for key in ("a", "b", "c"):
        draw(key, key)
    assert len(reuse.kept) == 2
    assert draw("a", "drawn again") == "drawn again"
    assert draw("c", "drawn again") == "c"
