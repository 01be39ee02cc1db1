"""WFRP 4e as written (seed 002_47eadea1ed3732a0.txt), with the table's house rules as toggles
(seed 000_5bd3882374cebcd3.txt): everything this system's rules add to the generic tracker."""

import systems
from rules.engine import wfrp4e
from rules.engine.initiative import acting_last
from systems.base import Happenings, System
from systems.sheet_reads import characteristics_of, characters_with_sheets
from systems.state_fields import PromptField, RowField
from systems.wfrp4e import budget, models, rounds, toggles, version1, view
from systems.wfrp4e.commands import (  # noqa: F401  (registers the system's commands)
    KEY,
    actions,
    advantage_tests,
    assess,
    attack,
    conditions,
    declared,
    engaged,
    fortune,
    fumbles,
    group_advantage,
    house_tests,
    momentum,
    reloading,
    surprise,
    turn,
    weapon_properties,
)
from systems.wfrp4e.sheet import SHEET_SCHEMA, Sheet
from systems.wfrp4e.state import Wfrp4eState


class Wfrp4e(System):
    key = KEY
    label = "Warhammer Fantasy Roleplay 4e"
    short_label = "WFRP 4e"
    complete = True
    toggles = toggles.TOGGLES
    sheet_schema = SHEET_SCHEMA
    State = Wfrp4eState
    reference_data = {
        "fumbles": models.Fumble,
        "advantage_spends": models.AdvantageSpend,
        "critical_tables": models.CriticalTable,
        "critical_wounds": models.CriticalWound,
    }
    # What the GM row and the phone show of a combatant (view.py), and of a condition test or a fumble's choice.
    combatant_fields = (
        # Seed 000 "Momentum": the house rule's count per combatant, 0 where the table plays Group Advantage.
        RowField("advantage", int, read=lambda view, row: row.momentum),
        RowField("momentum", int, null=True, read=lambda view, row: row.momentum if view.momentum else None),
        RowField("fumble_effects", list),  # what the fumbles still do, in words
        RowField("braced", bool),
        RowField("defending", str, null=True),  # the Skill or Characteristic they Defend with
        RowField("charging", bool),
        RowField("engaged_with", list),  # the names of those engaged with them whom the viewer sees
    )
    prompt_fields = (
        PromptField("condition", str),  # the condition calling for the test, or "Fumble"
        PromptField("skill", str, null=True),
        PromptField("modifier", int, null=True),
        PromptField("target", int, null=True),  # the test's target number, when the roller has a sheet
        PromptField("damage", int, null=True),  # a fumble's blow on an ally (seed 002 "Fumbles")
        PromptField("location", str, null=True),
        PromptField("chance", str, null=True),  # the exact chance in percent before rolling; null when not shown
        # A declared action's test (commands/declared.py): what it is, the dice, why, and the roller's choices.
        PromptField("action", str, null=True),
        PromptField("role", str, null=True),  # attacker, defender, initiator, opponent, caster, assessor, gm
        PromptField("dice_words", str, null=True),
        PromptField("chance_words", str, null=True),
        PromptField("own_target", int, null=True),  # the roller's own target (or D20 bonus)
        PromptField("d20_count", int, null=True),
        PromptField(
            "answer_fields", list, null=True, read=lambda view, p: sorted(p["fields"]) if "fields" in p else None
        ),
        PromptField("defences", list, null=True),  # [{"key", "label", "target", "chance"}]
        PromptField("defence", str, null=True),  # the defence chosen unless the roller picks another
        PromptField("waits_for", int, null=True),  # how many players' rolls the action waited for when declared
    )
    partials = {
        "gm_turn_tools": "wfrp4e/gm.html#turn_tools",
        "gm_round_notes": "wfrp4e/gm.html#round_notes",
        "gm_panels": "wfrp4e/gm.html#panels",
        "gm_row_badges": "wfrp4e/gm.html#row_badges",
        "gm_row_actions": "wfrp4e/gm.html#row_actions",
        "gm_row_offers": "wfrp4e/gm.html#row_offers",
        "gm_attack": "wfrp4e/gm.html#attack",
        "gm_tools": "wfrp4e/gm.html#tools",
        "phone_strip": "wfrp4e/phone.html#strip",
        "phone_my_turn": "wfrp4e/phone.html#my_turn",
        "phone_character": "wfrp4e/phone.html#character",
        "sheet_stats": "wfrp4e/sheet.html#stats",
        "campaign_gm_tools": "wfrp4e/critical_tables.html#campaign_link",
    }

    # Seed 002 "Initiative is Determined by I > Ag > Opposed Ag Test".
    roll_off_rule = "tied on Agility too, an opposed Agility test each, the higher SL acting first"

    def roll_off_result(self, value):
        return f"{value:+d} SL"

    # Seed 002: Wounds = SB + 2 × TB + WPB.
    def wounds_from_sheet(self, character):
        return wfrp4e.wounds_from_characteristics(
            character.characteristic("S"), character.characteristic("T"), character.characteristic("WP")
        )

    def starting_initiative(self, character):
        return character.characteristic("I") if "I" in character.characteristic_values else None

    def initiative_rank(self, combatant):
        sheet = combatant.character.characteristic_values if combatant.character_id else {}
        return (sheet.get("I", combatant.initiative or 0), sheet.get("Ag", 0))

    def initiative_place(self, context, ordered, combatant):
        # The initiative the combatant shows (the GM may have set it) rather than the sheet's I, which Roll
        # initiative reads afresh; Agility and then an opposed Agility test break ties either way.
        def rank(c):
            return (c.initiative or 0, self.initiative_rank(c)[1])

        order = [(c.pk, rank(c)) for c in ordered]
        place, rolls = wfrp4e.initiative_place(order, (combatant.pk, rank(combatant)), lambda: context.dice.d(100))
        ids = [c.pk for c in ordered]
        placed = self.slow_last(context, [*ids[:place], combatant.pk, *ids[place:]])
        return placed.index(combatant.pk), rolls

    def initiative_order(self, context, ranks):
        order, rolls = wfrp4e.initiative_order(ranks, lambda: context.dice.d(100))
        return self.slow_last(context, order), rolls

    def slow_last(self, context, order):
        """Seed 000 "Slow": a Slow fighter always acts last in a Round; several keep their own order. `order` is a
        list of combatant ids; every rebuilt order goes through here."""
        if not context.encounter.plays(toggles.SLOW):
            return order
        sheets = context.sheets_by_combatant()
        return acting_last(order, {pk for pk in order if pk in sheets and sheets[pk].carries("Slow")})

    def turn_parts(self, encounter, combatant):
        return budget.parts(encounter)

    def turn_limits(self, encounter, combatant, conditions):
        return budget.limits(encounter, combatant, conditions)

    def encounter_started(self, context):
        surprised = [c.name for c in context.ordered() if surprise.surprised_condition(context, c)]
        notes = [f"Surprised: {', '.join(surprised)} (a Resolve point removes it)."] if surprised else []
        return Happenings(notes, rounds.round_starts(context), {"surprised": surprised})

    def turn_started(self, context, combatant):
        return Happenings(
            [
                *conditions.start_of_turn(context, combatant),
                weapon_properties.starts_turn(context, combatant),
                turn.unbrace(context.encounter, combatant),
                actions.stop_defending(context.encounter, combatant),
                fumbles.starts_turn(context, combatant),
            ]
        )

    def turn_ended(self, context, combatant):
        notes = [
            *conditions.end_of_turn(context, combatant),
            actions.charge_lapses(context.encounter, combatant),
            *declared.still_waiting(context, combatant),
        ]
        if momentum.uses_momentum(context.encounter):
            notes.append(momentum.end_of_turn(context, combatant))
        return Happenings(notes)

    def round_ended(self, context):
        notes = engaged.round_ended(context)  # before the rally tests, which only the unengaged may take
        notes += conditions.end_of_round(context)
        rounds.round_ends(context)
        group_advantage.round_ended(context.encounter, context.encounter.round)
        return Happenings(notes)

    def round_started(self, context):
        notes = fortune.back_to_initiative(context) + fumbles.round_starts(context)
        summary = rounds.round_starts(context)
        return Happenings(notes, summary, {"round_effects": context.encounter.state.round_effects})

    def extend_view(self, view_, everyone):
        view.extend(view_, everyone)

    def row_context(self, view_):
        return view_.defend_bonus, view_.charge_bonus, view_.momentum, view_.pools is not None

    def state_json(self, view_):
        return {"pools": view_.pools or {}, "round_end": view_.round_end}

    def sheets(self, character_ids, with_characteristics=True):
        order = characteristics_of(KEY) if with_characteristics else []
        return {c.pk: Sheet(c, order) for c in characters_with_sheets(character_ids)}

    @property
    def character_form(self):
        from systems.wfrp4e.sheet_form import Wfrp4eCharacterForm

        return Wfrp4eCharacterForm

    def attack_panel(self, view_, data):
        from systems.wfrp4e import attack_panel

        return attack_panel.build(view_, data)

    foundry_system_id = "wfrp4e"
    foundry_reader = "systems.wfrp4e.foundry"

    def upgrade_records(self, records, version):
        if version == 1:
            version1.upgrade_records(records)

    def seed_demo(self):
        from systems.wfrp4e import demo  # its data is loaded only when a demo is made

        return demo.seed()


SYSTEM = systems.register(Wfrp4e())
