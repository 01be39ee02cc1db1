"""Movement by scale (seed 001 "Optional Rules" › "Movement by Scale"): the tracker keeps no map, so the GM or the
active combatant's player says how many squares they move; the tracker spends the Movement Actions that takes (one for
each 5 squares begun, half as far when hobbled) and, when the move ends beside an enemy, puts the two in melee, as
standing side by side is being engaged."""

from combat.commands.fields import WholeNumberField
from combat.commands.spine import Args, CombatantField, CommandError
from rules.engine import symbaroum_alternate as alternate
from systems.symbaroum import toggles
from systems.symbaroum.commands import command, turn
from systems.symbaroum.commands.harm import has
from systems.symbaroum.commands.melee import active_for, close_in, pair
from systems.symbaroum.commands.sides import refuse_allies

__all__ = ["move_squares"]

HOBBLED = "Hobbled"
MOST_MOVEMENTS = 2  # a turn's Movement Action and its Combat Action turned into a second one


def stride_of(context, combatant):
    return alternate.stride(has(context, combatant, HOBBLED))


class MoveArgs(Args):
    squares = WholeNumberField(min_value=1, max_value=99, help_text="Squares moved (2 metres each).")
    next_to = CombatantField(required=False, help_text="The enemy the move ends beside: engaged in melee from now.")


@command(MoveArgs, gm_only=False, requires=[toggles.MOVEMENT_BY_SCALE], rule="Moving by scale")
def move_squares(context, squares, next_to):
    """The active combatant moves `squares`: one Movement Action for each stride of 5 squares begun (2 when
    hobbled), at most the turn's two; ending beside `next_to` engages them."""
    mover = active_for(context)
    step = stride_of(context, mover)
    needed = alternate.movements_for(squares, has(context, mover, HOBBLED))
    if needed > MOST_MOVEMENTS:
        raise CommandError(
            f"{squares} squares take {needed} Movement Actions of {step.squares} squares: a turn has "
            f"{MOST_MOVEMENTS} at most ({MOST_MOVEMENTS * step.squares} squares)."
        )
    if next_to is not None:
        if next_to.pk == mover.pk:
            raise CommandError(f"{mover.name} cannot end a move beside themself.")
        refuse_allies(context, mover, [next_to])
    for _ in range(needed):
        turn.spend(context, mover, "movement")
    actions = "a Movement Action" if needed == 1 else f"{needed} Movement Actions"
    metres = squares * alternate.METRES_PER_SQUARE
    said = [f"{mover.name} moves {squares} square{'s' if squares > 1 else ''} ({metres} m): {actions}"]
    engaged = False
    if next_to is not None and pair(mover, next_to) not in context.encounter.state.melee_pairs:
        words, _ = close_in(context, mover, next_to)
        said.append(f"side by side, {words}")
        engaged = True
    return "; ".join(said) + ".", {
        "mover": mover.pk,
        "squares": squares,
        "movements": needed,
        "stride": step.squares,
        "engaged": next_to.pk if engaged else None,
    }
