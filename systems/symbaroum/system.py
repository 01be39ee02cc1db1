"""Symbaroum (seed 001_7a8c5b8a8aaad980.txt) and its variant with Health, Might, Agility, Subtlety, Vigilance and
Impedance (seed 004_36d902b4e62b72ab.txt, the `variant` toggle): optional, alternate and homebrew rules as toggles,
the character sheet and its form, the turn order, and combat in which the players roll every die on their phones
and NPCs never roll (commands/)."""

import systems
from rules.engine import symbaroum
from systems.base import Happenings, System
from systems.state_fields import PromptField, RowField
from systems.symbaroum import budget, models, toggles, view
from systems.symbaroum.commands import (  # noqa: F401  (registers the system's commands)
    KEY,
    afflictions,
    alchemy,
    ammunition,
    attack,
    buildings,
    damage_over_time,
    distance,
    dying,
    feat_effects,
    feats_in_force,
    fire,
    free_attacks,
    harm,
    healing,
    initiative,
    manoeuvres,
    marches,
    melee,
    poison,
    positions,
    rapid_fire,
    scale,
    special_actions,
    stances,
    tests,
    traps,
    turn,
)
from systems.symbaroum.sheet import SHEET_SCHEMA
from systems.symbaroum.state import SymbaroumState


class Symbaroum(System):
    key = KEY
    label = "Symbaroum"
    short_label = "Symbaroum"
    complete = True
    toggles = toggles.TOGGLES
    sheet_schema = SHEET_SCHEMA
    State = SymbaroumState
    reference_data = {
        "feats": models.Feat,
        "manoeuvres": models.Manoeuvre,
        "traps": models.Trap,
        "buildings": models.Building,
    }
    # What the GM row and the phone show of a combatant (view.py, ranged_view.py), and of a test to roll.
    combatant_fields = (
        RowField("experience", int),
        RowField("corruption", int),  # temporary and permanent together
        # Counted under the Ranged Weapons homebrew, for a player's archer: left, full, out, specials, nocked.
        RowField("ammunition", dict, null=True),
        RowField("dying", bool),
        RowField("death_steps", int),
        RowField("feats_in_force", list),
        RowField("stance", str, null=True),
        RowField("holding", list),  # ids of those they hold whom the viewer sees
        RowField("held_by", list),
        # Where they stand and what they hold (positions_view.py): the ids of the enemies flanking them (two or more
        # of one side in melee with them), lower ground, weapons drawn, main hand under Main Hand (else null), and
        # Rapid Fire's higher levels open under its homebrew (else null).
        RowField("flanked_by", list),
        RowField("lower_ground", bool),
        RowField("weapons_drawn", bool),
        RowField("main_hand", str, null=True),
        RowField("rapid_fire_open", bool, null=True),
    )
    prompt_fields = (
        PromptField("target", int, null=True),  # the d20's target, or null for a sum of `dice`
        PromptField("second", str, null=True),  # a second chance "pass" or "fail"
        PromptField("dice", str, null=True),
        PromptField("chance", int | float, null=True),  # in percent, exact
        PromptField("perfect_defence", str, null=True),  # a defence's "offer", "ready" or "used" under Feats
    )
    partials = {
        "gm_turn_tools": "symbaroum/gm.html#turn_tools",
        "gm_panels": "symbaroum/gm.html#panels",
        "gm_row_badges": "symbaroum/gm.html#row_badges",
        "gm_attack": "symbaroum/gm.html#attack",
        "gm_tools": "symbaroum/gm.html#tools",
        "phone_my_turn": "symbaroum/phone.html#my_turn",
        "phone_character": "symbaroum/phone.html#character",
        "sheet_stats": "symbaroum/sheet.html#stats",
        "gm_round_notes": "symbaroum/ranged.html#gm_distance",
        "phone_strip": "symbaroum/turn_order.html#phone_strip",
    }

    # Seed 001 "Turn Order" › "Initiative": Quick, then Vigilant, then a d20 roll-off (the variant's Agility and
    # Vigilance, seed 004 "Surprised"). A combatant without a sheet ranks by the initiative the GM typed.
    def initiative_rank(self, combatant):
        if not combatant.character_id:
            return (combatant.initiative or 0, 0)
        profile = symbaroum.VARIANT if combatant.encounter.plays(toggles.VARIANT) else symbaroum.SYMBAROUM
        return symbaroum.initiative_rank(combatant.character.characteristic_values, profile)

    # No die sets a Symbaroum initiative: a character joins with its Quick (the variant's Agility, read under either
    # word) and takes its place at once, Vigilant then a d20 settling ties. So the order stands before the fight
    # starts, where a later place may be chosen in it, and the start keeps it though nobody rolled.
    def starting_initiative(self, character):
        return symbaroum.sheet_value(character.characteristic_values, "quick")

    roll_off_rule = "a d20 each, the higher acting first"

    # Toughness is Strong (the variant's Might), at least 10.
    def wounds_from_sheet(self, character):
        return symbaroum.toughness(symbaroum.sheet_value(character.characteristic_values, "strong"))

    def initiative_order(self, context, ranks):
        return symbaroum.initiative_order(ranks, lambda: context.dice.d(20))

    def wounds_word(self, encounter):
        return "Health" if encounter.plays(toggles.VARIANT) else "Toughness"

    # Seed 004 "Dying Characters": at 0 Toughness a player character is dying and anyone else dead (the view's tags).
    def down(self, row):
        return row.dead or row.dying or row.wounds <= 0

    def round_ended(self, context):
        return Happenings(notes=feats_in_force.lapse(context))

    def initiative_place(self, context, ordered, combatant):
        # The initiative the combatant shows (the GM may have set it), then Vigilant and a d20 roll-off.
        def rank(c):
            return (c.initiative or 0, self.initiative_rank(c)[1])

        order = [(c.pk, rank(c)) for c in ordered]
        return symbaroum.initiative_place(order, (combatant.pk, rank(combatant)), lambda: context.dice.d(20))

    def encounter_started(self, context):
        return initiative.round_begins(context)

    def round_started(self, context):
        free_attacks.reset_triggers(context.encounter)
        return initiative.round_begins(context) + buildings.round_started(context) + fire.round_started(context)

    turn_timed_conditions = budget.TURN_TIMED

    def turn_parts(self, encounter, combatant):
        return budget.parts(encounter)

    def turn_limits(self, encounter, combatant, conditions):
        return budget.limits(encounter, combatant, conditions)

    # The death test comes before the turn's damage over time: one brought to 0 by that damage is dying from now
    # and rolls a first death test on their next turn (seed 004 "Unsorted" › "Dying Characters").
    def turn_started(self, context, combatant):
        return (
            Happenings(dying.turn_started(context, combatant) + damage_over_time.turn_started(context, combatant))
            + manoeuvres.turn_started(context, combatant)
            + fire.turn_started(context, combatant)
            + Happenings(afflictions.turn_started(context, combatant))
            + traps.turn_started(context, combatant)
        )

    def damaged(self, context, combatant, amount, before):
        if buildings.building_of(context, combatant):  # Health toward its Breakpoint, never a body's harm
            return Happenings([buildings.damaged_by_hand(context, combatant, before)])
        said = "; ".join(harm.consequences(context, combatant, amount))
        return Happenings([f"{said[:1].upper()}{said[1:]}."] if said else [])

    def healed(self, context, combatant, amount):
        notes = healing.after_healing(context, combatant, amount)
        return Happenings([f"{'; '.join(notes)}."] if notes else [])

    def extend_view(self, view_, everyone):
        view.extend(view_, everyone)

    def row_context(self, view_):
        return (view_.death_steps_to_die,)

    def state_json(self, view_):
        return {
            "free_attacks": view_.free_attacks,
            "turn_used": view_.turn_used,
            "distance": view_.distance,
            "death_steps_to_die": view_.death_steps_to_die,
        }

    def sheets(self, character_ids, with_characteristics=True):
        from systems.symbaroum.sheet import sheets

        return sheets(character_ids)

    @property
    def character_form(self):
        from systems.symbaroum.sheet_form import SymbaroumCharacterForm

        return SymbaroumCharacterForm

    # A character from the Foundry VTT Symbaroum system's export.
    foundry_system_id = "symbaroum"
    foundry_reader = "systems.symbaroum.foundry"

    def seed_demo(self):
        from systems.symbaroum import demo  # its data is loaded only when a demo is made

        return demo.seed()


SYSTEM = systems.register(Symbaroum())
