"""The rows and views the screens draw answer a template's lookups as their attributes do, the first try found
(combat/template_lookups.py): what a row takes from its combatant, what the view works out, and a name neither has
drawn as nothing, as before."""

import pytest
from django.template import engines

from combat import commands, views_state

pytestmark = pytest.mark.django_db


def drawn(source, **context):
    return engines["django"].from_string(source).render(context)


def test_a_row_and_a_view_are_found_by_name_in_a_template_as_by_attribute(table):
    commands.start(table.encounter, table.gm)
    view = views_state.build(table.encounter, table.anna)
    row = view.rows[0]
    assert row["name"] == row.name and row["max_wounds"] == row.combatant.max_wounds and view["my_turn"] is view.my_turn
    source = (
        "{{ row.name }}|{{ row.max_wounds }}|{{ row.side }}|{{ view.my_turn }}|{{ view.rows|length }}|"
        "{{ row.nothing }}|{{ view.nothing.deeper }}|"
    )
    expected = f"{row.name}|{row.combatant.max_wounds}|{row.side}|{view.my_turn}|{len(view.rows)}|||"
    assert drawn(source, row=row, view=view) == expected
    with pytest.raises(AttributeError):
        row["nothing"]
