"""WFRP 3e (seed 003_79f367e535d58255.txt): its optional rule as a toggle, the character sheet and its form, and
the table's bookkeeping (commands/): every check's pool and exact odds with the symbols rolled on the phone, the
turn's phases (stance, manoeuvres with assists and standing up from prone, one action card with the advantages and
disadvantages ticked, the end-of-turn steps), talents and recharge tokens, condition cards, wounds and criticals,
henchmen, fear, the rally, game time and the party's meters."""

import systems
from rules.engine import wfrp3e
from systems.base import Happenings, System
from systems.state_fields import PromptField, RowField
from systems.wfrp3e import actions_view, budget, care_view, models, rally_view, toggles, view
from systems.wfrp3e.commands import (  # noqa: F401  (registers the system's commands)
    KEY,
    actions,
    care,
    conditions,
    enemies,
    equipment,
    fear,
    game_time,
    health,
    initiative,
    insanity,
    magic,
    manoeuvres,
    markers,
    party,
    preparation,
    rally,
    riding,
    situation,
    talents,
    turn,
)
from systems.wfrp3e.sheet import SHEET_SCHEMA
from systems.wfrp3e.state import Wfrp3eState


class Wfrp3e(System):
    key = KEY
    label = "Warhammer Fantasy Roleplay 3e"
    short_label = "WFRP 3e"
    complete = True
    toggles = toggles.TOGGLES
    sheet_schema = SHEET_SCHEMA
    State = Wfrp3eState
    reference_data = {
        "action_cards": models.ActionCard,
        "talents": models.Talent,
        "condition_cards": models.ConditionCard,
        "critical_wound_cards": models.CriticalWoundCard,
    }
    generic_conditions = False  # its condition cards are kept in the encounter state (commands/conditions.py)
    # What the GM row and the phone show of a combatant (view.py), and of a check waiting for its dice: the pool,
    # where its dice come from and its odds, as the prompt shows them (commands/pools.py pool_entry).
    combatant_fields = (
        RowField("stance", int),  # steps: conservative below 0, reckless above
        RowField("stance_label", str),  # "neutral", "2 reckless"
        RowField("fatigue", int),
        RowField("stress", int),
        RowField("impairments", list),  # "Fatigued", "Distressed" (seed 003 "Impairments & Wounds")
        RowField("criticals", int),  # critical wounds
        RowField("no_turn", str),  # "knocked out", "dead" or ""
        RowField("power_word", str),  # "Power" or "Favour" for a spellcaster or priest, else ""
        RowField("power", int),
        RowField("spell_conditions", list),
        RowField("condition_cards", list, items=("name", "tokens")),  # tokens null for a card without
        RowField("recharging", list, items=("name", "tokens")),  # exhausted action cards and talents
        RowField("henchmen_members", int),  # 0 for anyone but a henchmen group
        RowField("henchmen_standing", int, null=True),
        RowField("prone", bool),  # lying prone (seed 003 "Maneuvers" 8)
        RowField("assist_fortune", int),  # fortune dice from assists waiting on their next check ("Maneuvers" 1)
        RowField("shield", str),  # "slung" on the arm, "unslung", or "" for no shield carried ("Maneuvers" 5)
        RowField("mounted", bool),  # on a horse ("Maneuvers" 6)
        RowField("socketed", list),  # talents socketed ("Maneuvers" 2-3)
        RowField("damaged", list),  # "Damaged weapon", "Damaged Rope (Athletics)" ("Condition Cards" › Damaged)
    )
    prompt_fields = (
        PromptField("skill", str, null=True),
        PromptField("characteristic", str, null=True),
        PromptField("card", str, null=True),  # an action check's card
        PromptField("pool", dict),  # {die kind: count}
        PromptField("summary", str),
        PromptField("sources", list),  # where the dice come from, in words
        PromptField("chance", str),  # of at least one net success, in percent with one decimal, as the phone says
        PromptField("boon_odds", list, items=("count", "chance")),  # of each count of boons, the same way
        PromptField("bane_odds", list, items=("count", "chance")),
        PromptField("comet_choice", bool, read=lambda view, prompt: bool(prompt.get("comet_choice"))),
    )
    partials = {
        "gm_turn_tools": "wfrp3e/gm.html#turn_tools",
        "gm_panels": "wfrp3e/gm.html#panels",
        "gm_row_badges": "wfrp3e/gm.html#row_badges",
        "phone_my_turn": "wfrp3e/phone.html#my_turn",
        "phone_character": "wfrp3e/phone.html#character",
        "phone_strip": "wfrp3e/phone.html#strip",
        "sheet_stats": "wfrp3e/sheet.html#stats",
        "gm_attack": "wfrp3e/action.html#gm_action",
    }

    # Seed 003 "Active Player's Turn": the Agility check's successes (kept as the initiative), then Agility.
    def initiative_rank(self, combatant):
        agility = combatant.character.characteristic("Ag") if combatant.character_id else 0
        return (combatant.initiative or 0, agility)

    def rolled_initiative(self, context, combatant):
        return initiative.rolled_by_the_tracker(context, combatant)

    roll_off_rule = "tied on Agility too, a d10 each, the higher acting first"

    def initiative_order(self, context, ranks):
        return wfrp3e.initiative_order(ranks, lambda key: context.dice.d(10))

    def initiative_place(self, context, ordered, combatant):
        order = [(c.pk, self.initiative_rank(c)) for c in ordered]
        newcomer = (combatant.pk, self.initiative_rank(combatant))
        return wfrp3e.initiative_place(order, newcomer, lambda key: context.dice.d(10))

    def turn_parts(self, encounter, combatant):
        return budget.parts(encounter)

    def turn_limits(self, encounter, combatant, condition_counts):
        return budget.limits(encounter, combatant)

    # Wounds count down to the threshold, past which a hero is knocked out or dead (the view's `dead`), not at 0.
    def down(self, row):
        return row.dead

    # The GM's damage by hand is normal wounds, as an attack's (seed 003 "Impairments & Wounds").
    def damaged(self, context, combatant, amount, before):
        _, _, states = health.suffer(context, combatant, amount, left=before)
        return Happenings([f"{'; '.join(states)}."] if states else [])

    def healed(self, context, combatant, amount):
        came_round = health.recover(context, combatant)
        return Happenings([f"{came_round[0]}."] if came_round else [])

    def encounter_started(self, context):
        return party.carry_over(context)

    def turn_started(self, context, combatant):
        return rally.turn_started(context) + turn.turn_started(context, combatant)

    def round_started(self, context):
        return Happenings(markers.keep_off_first_marker(context, round_start=True))

    def turn_ended(self, context, combatant):
        return turn.turn_ended(context, combatant) + manoeuvres.discard_assists(context, combatant)

    def extend_view(self, view_, everyone):
        view.extend(view_, everyone)
        actions_view.extend(view_)
        rally_view.extend(view_)
        care_view.extend(view_)

    def state_json(self, view):
        state = view.encounter.state
        return {"party": {"fortune": state.party_fortune, "tension": state.party_tension}}

    def wound_threshold(self, character):
        from systems.wfrp3e.sheet import wound_threshold

        return wound_threshold(character)

    def starting_wounds(self, character, threshold):
        from systems.wfrp3e.sheet import starting_wounds

        return starting_wounds(character, threshold)

    def sheets(self, character_ids, with_characteristics=True):
        from systems.wfrp3e.sheet import sheets

        return sheets(character_ids)

    @property
    def character_form(self):
        from systems.wfrp3e.sheet_form import Wfrp3eCharacterForm

        return Wfrp3eCharacterForm

    def seed_demo(self):
        from systems.wfrp3e import demo  # its data is loaded only when a demo is made

        return demo.seed()


SYSTEM = systems.register(Wfrp3e())
