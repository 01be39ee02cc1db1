"""What a player declares on their own turn from the phone, and the rolls an action waits for (seed 000 "Combat" ›
"Tests": the player rolls; seed 002 "Actions").

A declaration is the command the GM would run (an attack, a Batter or Trick, a spell, an Assess test...) with the
dice left out. Every player whose character takes part rolls their own dice: each gets an open test on their phone
(`prompts`, kind "declared") with the dice to throw, why, and the exact chance (declared_odds.py). An attack a player
character defends against asks its player which defence to use. When the last roll it waits for comes in, the
command is applied as one undoable command, as if the GM had typed every die; dice left empty are rolled then. The
GM sees each declaration on the screen and may answer it, declare it again with other choices, or cancel it.
Declarations with no dice (Defend, Charge, Move) are applied at once.
"""

from dataclasses import replace

from django import forms

from combat.commands.fields import (
    DiceListField,
    DieField,
    OneOfField,
    TextField,
    WholeNumberField,
    YesNoField,
)
from combat.commands.prompts import PromptArgs, close, open_prompt
from combat.commands.spine import (
    CombatantArgs,
    CombatantField,
    CommandError,
    CommandForbidden,
    OwnCombatantArgs,
    describe_errors,
    lookup,
)
from combat.permissions import GM
from systems.wfrp4e import toggles
from systems.wfrp4e.commands import command, d20_attack, declared_odds, group_advantage
from systems.wfrp4e.sheet import usual_defence

__all__ = ["declare", "answer_declared", "cancel_declared", "change_declared", "hide_odds"]

ACTIONS = [
    ("attack", "Attack"),
    ("spell", "Cast a spell"),
    ("batter", "Batter"),
    ("trick", "Trick"),
    ("assess", "Assess"),
    ("defend", "Defend"),
    ("charge", "Charge"),
    ("move", "Move"),
    ("stand_up", "Stand up"),
    ("crawl", "Crawl"),
    ("disengage", "Disengage"),
    ("ask_advantage", "Ask the GM for an Advantage spend"),
    ("talent", "Use a talent with Momentum"),
]
DECLARED = "declared"  # the kind of the open tests a declaration opens
MOST_NPC_VERBS = {"attack": "attacks", "batter_or_trick": "tries to", "opposed_test": "tests against"}


class DeclareArgs(OwnCombatantArgs):
    action = OneOfField(choices=ACTIONS)
    target = CombatantField(required=False, help_text="Whom the attack, Batter, Trick or spell is aimed at.")
    weapon = TextField(required=False, help_text="A weapon the character carries (or Unarmed).")
    skill = TextField(required=False, max_length=60, help_text="Assess and Defend: the Skill used.")
    cn = WholeNumberField(required=False, min_value=0, max_value=30, help_text="A spell's effective Casting Number.")
    damage = WholeNumberField(required=False, min_value=0, max_value=100, help_text="A spell's Damage.")
    magic_missile = YesNoField()
    condition = TextField(required=False, help_text="Trick: the Condition a win inflicts, when the GM allows it.")
    momentum = WholeNumberField(required=False, min_value=1, max_value=20, help_text="Momentum spent: +10 each.")
    fortune_reroll = YesNoField(help_text="House rules: 1 Fortune for an extra D20.")
    fortune_sl = WholeNumberField(required=False, min_value=1, max_value=10, help_text="Fortune for +1 SL each.")
    spend = TextField(required=False, max_length=40, help_text="The Advantage spend asked of the GM.")
    amount = WholeNumberField(required=False, min_value=1, max_value=100, help_text="A spend's chosen cost.")
    talent = TextField(required=False, max_length=40, help_text="House rules: the talent used with 2 Momentum.")

    def clean(self):
        data = super().clean()
        combatant = data.get("combatant")
        if self.errors or combatant is None:
            return data
        context = self.context
        if context.role != GM and context.encounter.active_id != combatant.pk:
            raise forms.ValidationError(f"It is not {combatant.name}'s turn: declare on your own turn.")
        target = data.get("target")
        if data["action"] in AIMED and target is None:
            raise forms.ValidationError(f"Pick whom {combatant.name} aims the {data['action']} at.")
        if target is not None and target.pk == combatant.pk:
            raise forms.ValidationError(f"{combatant.name} cannot aim at themselves.")
        return data


AIMED = {"attack", "spell", "batter", "trick"}


def underlying(context, action, combatant, target, weapon, skill, cn, damage, magic_missile, condition, momentum,
               fortune_reroll, fortune_sl, spend, amount, talent):  # fmt: skip
    """(command name, its arguments) that carry out the declared action."""
    encounter = context.encounter
    if action == "attack":
        weapon = weapon or first_weapon(context, combatant)
        return "attack", {
            "attacker": combatant.pk,
            "target": target.pk,
            "weapon": weapon,
            "defence": "" if d20_attack.uses_d20(encounter) else target_defence(context, combatant, weapon, target),
            "momentum": momentum,
            "fortune_reroll": fortune_reroll,
            "fortune_sl": fortune_sl,
        }
    if action == "spell":
        return "cast_spell", {"caster": combatant.pk, "cn": cn or 0, "targets": [target.pk],
                              "damage": damage, "magic_missile": magic_missile}  # fmt: skip
    if action in ("batter", "trick"):
        return "batter_or_trick", {"spend": action, "initiator": combatant.pk, "opponent": target.pk,
                                   "condition": condition or ""}  # fmt: skip
    if action == "assess":
        return "assess", {"combatant": combatant.pk, "skill": skill or "Perception"}
    if action == "defend":
        return "defend", {"skill": skill or usual_defence(own_options(context, combatant))}
    if action == "talent":
        return "spend_momentum", {"combatant": combatant.pk, "use": "talent", "talent": talent}
    if action == "ask_advantage":
        return "spend_advantage", {"side": group_advantage.pool_of(combatant.side), "spend": spend, "amount": amount}
    if action in ("charge", "move", "stand_up", "crawl"):
        return "mark_turn", {"part": action, "used": True}
    return disengage(context, combatant, momentum)


def disengage(context, combatant, momentum):
    """Seed 000 "Disengaging": more Momentum than every engaged foe buys a free Move out; else the Action is an
    opposed Dodge against the best engaged foe's Melee. As written (seed 002 "Benefits of Advantage" › Flee from
    Harm) leaving is an Advantage spend the GM makes, or a Move with the free attacks it allows."""
    encounter = context.encounter
    if not encounter.plays(toggles.DISENGAGING):
        return "mark_turn", {"part": "move", "used": True}
    foes = declared_odds.engaged_foes(context, combatant)
    if not foes:
        return "mark_turn", {"part": "move", "used": True}
    if momentum:
        return "spend_momentum", {"combatant": combatant.pk, "use": "disengage", "amount": momentum,
                                  "engaged": [foe.pk for foe in foes]}  # fmt: skip
    foe = max(foes, key=lambda foe: declared_odds.melee_of(context, foe))
    return "opposed_test", {"initiator": combatant.pk, "opponent": foe.pk, "initiator_skill": "Dodge",
                            "opponent_skill": declared_odds.melee_name(context, foe),
                            "purpose": "Dodge out of combat"}  # fmt: skip


def own_options(context, combatant):
    sheet = context.sheet_of(combatant)
    return sheet.defence_options() if sheet else []


def target_defence(context, attacker, weapon, target):
    """As written, the defence the target's side uses unless the GM says otherwise (sheet.usual_defence)."""
    from systems.wfrp4e.commands.attack import weapon_of  # attack.py opens declarations: imported here

    sheet = context.sheet_of(attacker)
    carried = weapon_of(sheet, weapon) if sheet else None
    return usual_defence(own_options(context, target), carried is not None and carried.kind == "ranged")


def first_weapon(context, combatant):
    sheet = context.sheet_of(combatant)
    if sheet is None or not sheet.weapons:
        return "Unarmed"
    return sheet.weapons[0].name


@command(DeclareArgs, gm_only=False, rule="Declaring an action")
def declare(context, combatant, action, **choices):
    """Declare `combatant`'s action: open the tests its players roll, or apply it when nobody has a roll to make."""
    target = choices.pop("target")
    name, args = underlying(context, action, combatant, target, **choices)
    return ask_or_apply(context, name, {k: v for k, v in args.items() if v not in (None, "", False)}, action, combatant)


def ask_or_apply(context, name, args, action=None, declarer=None):
    """Open the declaration's tests for the players who roll for it; apply it now when none does."""
    cmd = checked(context, name)
    form = cmd.args(args, as_gm(context))
    if not form.is_valid():
        raise CommandError(describe_errors(form))
    if action == "ask_advantage":
        owed = declared_odds.advantage_request(context, declarer, form.cleaned_data["spend"], form.cleaned_data["cost"])
    else:
        owed = declared_odds.owed_rolls(context, name, form.cleaned_data)
    if not owed:
        return cmd.apply(as_gm(context), **form.cleaned_data)
    declared_odds.may_act(context, name, form.cleaned_data, declarer)
    entries = []
    for roll in owed:
        entry = open_prompt(context.encounter.state, roll.combatant, "answer_declared", f"{DECLARED}:{roll.role}",
                            kind=DECLARED, action=action or name, command=name, args=args, role=roll.role)  # fmt: skip
        entry.update(roll.shown)
        entries.append(entry)
    declaration = entries[0]["id"]
    for entry in entries:
        entry["declaration"] = declaration
        entry["waits_for"] = len(entries)
        if context.allow_anyway:  # the GM's word holds when the last roll applies it
            entry["allow_anyway"] = True
    waiting = ", ".join(context.named(roll.combatant) for roll in owed if roll.role != "gm")
    return f"{entries[0]['gm_reason']}: waiting for {f'{waiting} to roll' if waiting else 'the GM'}.", {
        "declaration": declaration,
        "prompts": [e["id"] for e in entries],
        "command": name,
    }


def checked(context, name):
    cmd = lookup(name, context.encounter.system)
    unavailable = cmd.unavailable(context.encounter) if cmd else f"{name} is not a rule of this game."
    if unavailable:
        raise CommandError(unavailable)
    return cmd


def as_gm(context):
    """The command a declaration stands for runs as the GM would run it: the player's part was checked when they
    declared it (their own combatant, a target they see), and a hidden attacker's rolls are the GM's."""
    return context if context.role == GM else replace(context, role=GM)


class DeclaredArgs(PromptArgs):
    """An open test that a declaration opened."""

    def clean_prompt(self):
        entry = super().clean_prompt()
        if entry.get("kind") != DECLARED:
            raise forms.ValidationError(f"Open test {entry['id']} is not a declared action: answer it as it says.")
        return entry


class AnswerArgs(DeclaredArgs):
    d100 = DieField(100, help_text="The d100 of the test; rolled when empty.")
    d20 = DiceListField(20, help_text="House rules: the D20s thrown; rolled when empty.")
    location = DieField(100, help_text="House rules: the D100 for where a hit lands and whether it is a Critical.")
    defence = TextField(required=False, max_length=60, help_text="The defence chosen against an attack.")
    roll_for_me = YesNoField(help_text="Leave every die to the tracker.")


@command(AnswerArgs, gm_only=False, rule="Declaring an action")
def answer_declared(context, prompt, d100, d20, location, defence, roll_for_me):
    """One player's roll for a declared action; the last roll it waits for applies the action."""
    entry = prompt
    chosen = declared_odds.chosen_defence(entry, defence) if defence else None
    given = {} if roll_for_me else {"d100": d100, "d20": d20, "location": location}
    dice = declared_odds.dice_args(entry, given, chosen)
    if chosen:
        dice["defence"] = chosen
    if entry["role"] == "gm" and context.role != GM:
        raise CommandForbidden("The GM grants or refuses this.")
    close(context, entry)
    args = {**entry["args"], **entry.get("given", {}), **dice}
    others = [p for p in context.encounter.state.prompts if p.get("declaration") == entry["declaration"]]
    if others:
        for other in others:  # the roll waits with them: whoever rolls last applies the action
            other["given"] = {**other.get("given", {}), **dice}
        waiting = ", ".join(context.named(context.combatant(p["combatant"])) for p in others)
        return f"{context.named(context.combatant(entry['combatant']))} has rolled; waiting for {waiting}.", {
            "declaration": entry["declaration"],
            "waiting": [p["combatant"] for p in others],
        }
    cmd = checked(context, entry["command"])
    gm = as_gm(context)
    if entry.get("allow_anyway"):
        gm = replace(gm, allow_anyway=True)
    form = cmd.args(args, gm)
    if not form.is_valid():
        raise CommandError(describe_errors(form))
    message, result = cmd.apply(gm, **form.cleaned_data)
    result = {**result, "declaration": entry["declaration"], "command": entry["command"]}
    if context.role != GM and any(c.hidden for c in declared_odds.taking_part(context, entry["args"])):
        context.told = declared_odds.told_without_the_unseen(entry, result)  # the command's words name them
    return message, result


def cancel(context, entry):
    """Close every open test of the declaration `entry` belongs to; returns their number."""
    siblings = [p for p in context.encounter.state.prompts if p.get("declaration") == entry.get("declaration")]
    if context.role != GM and any(not context.acts_for(context.combatant(p["combatant"])) for p in siblings):
        raise CommandForbidden("Only the GM can cancel an action that waits on someone else.")
    for sibling in siblings:
        close(context, sibling)
    return len(siblings)


@command(DeclaredArgs, gm_only=False, rule="Declaring an action")
def cancel_declared(context, prompt):
    """Take back a declared action before its last roll: every test it opened closes, nothing else changes."""
    closed = cancel(context, prompt)
    return f"{prompt['gm_reason']}: {withdrawn(prompt)}.", {"declaration": prompt["declaration"], "closed": closed}


def withdrawn(entry):
    return "refused by the GM" if entry.get("role") == "gm" else "cancelled"


def still_waiting(context, combatant):
    """At the end of `combatant`'s turn, a note for each action they declared that still waits for a roll: it stays
    open (the GM answers or cancels it)."""
    declared = {p["declaration"]: p for p in context.encounter.state.prompts if p.get("kind") == DECLARED}
    return [
        f"Still waiting: {entry['gm_reason']} (the GM may answer or cancel it)."
        for entry in declared.values()
        if combatant.pk in {entry["args"].get(key) for key in ("attacker", "initiator", "caster", "combatant")}
    ]


class HideOddsArgs(CombatantArgs):
    hidden = YesNoField(help_text="Leave out: show the odds again.")


@command(HideOddsArgs, rule="Declaring an action")
def hide_odds(context, combatant, hidden):
    """The players' odds against `combatant` leave out its figures (their phones show their own target only)."""
    kept = [pk for pk in context.encounter.state.odds_hidden if pk != combatant.pk]
    context.encounter.state.odds_hidden = [*kept, combatant.pk] if hidden else kept
    shown = "hidden from" if hidden else "shown in"
    return f"{combatant.name}'s figures are {shown} the players' odds.", {"combatant": combatant.pk, "hidden": hidden}


class ChangeArgs(DeclaredArgs):
    attack_modifier = WholeNumberField(required=False, min_value=-100, max_value=100)
    defence_modifier = WholeNumberField(required=False, min_value=-100, max_value=100)


@command(ChangeArgs, rule="Declaring an action")
def change_declared(context, prompt, attack_modifier, defence_modifier):
    """The GM changes a declared attack's modifiers before its last roll: its tests open again with the new odds,
    the rolls already made kept."""
    if prompt["command"] != "attack":
        raise CommandError("Only a declared attack takes modifiers: cancel this one and declare it again.")
    changes = {"attack_modifier": attack_modifier, "defence_modifier": defence_modifier}
    changed = {key: value for key, value in changes.items() if value is not None}
    if not changed:
        raise CommandError("Give the attack's or the defence's modifier to change.")
    cancel(context, prompt)
    args = {**prompt["args"], **prompt.get("given", {}), **changed}
    return ask_or_apply(context, "attack", args, prompt["action"])
