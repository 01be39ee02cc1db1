"""What the screens show of ranged combat: the distance between the sides and each archer's ammunition (a player
character with a ranged weapon, or with special ammunition, and what they have nocked), counted under the Ranged
Weapons homebrew."""

from rules.models import Weapon
from systems.symbaroum import toggles
from systems.symbaroum.commands import ammunition, distance
from systems.symbaroum.commands.tests import rolls_dice
from systems.symbaroum.sheet import carried_weapons


def extend(view):
    encounter = view.encounter
    view.distance = distance.shown(encounter)
    view.distances = distance.CHOICES
    view.counts_ammunition = encounter.plays(toggles.AMMUNITION_COUNTDOWN)
    view.projectiles = ammunition.PROJECTILES
    for row in view.rows:
        row.ammunition = None
    players = [row for row in view.rows if rolls_dice(row.combatant)]
    if not view.counts_ammunition or not players:
        return
    archers = {character_id for character_id, _, kind in carried_weapons(view) if kind == Weapon.Kind.RANGED}
    for row in players:
        specials = sorted(ammunition.specials(row.combatant).items())
        if row.character_id in archers or specials:
            left = ammunition.left(row.combatant)
            row.ammunition = {
                "left": left,
                "full": ammunition.FULL,
                "out": left == 0,
                "specials": specials,
                "nocked": ammunition.nocked(encounter.state, row.combatant),
            }
