"""A WFRP 3e action card played in the middle of a turn (seed 003 "Active Player's Turn" › "Middle of Turn Phase
(Action Card Resolution)"): `perform_action` builds the dice pool and opens a prompt with its exact odds on the
roller's phone (an NPC's on the GM screen); `enter_roll` takes the symbols rolled, or rolls the pool, resolves them,
applies the card's effect lines, an attack's wounds, and puts the card to recharge.

What wounds do is `health.py`'s."""

from django import forms

from combat.commands.fields import NamesField, OneOfField, TextField, WholeNumberField, YesNoField
from combat.commands.prompts import open_prompt
from combat.commands.spine import CombatantField, CommandError, OwnCombatantArgs
from combat.permissions import GM
from combat.words import counted
from rules.engine import wfrp3e
from systems.wfrp3e.commands import (
    command,
    deck,
    equipment,
    health,
    magic,
    manoeuvres,
    party,
    preparation,
    recharge,
    turn,
)
from systems.wfrp3e.commands.pools import (
    DIE_WORDS,
    SymbolArgs,
    answer_check,
    held_conditions,
    on_phones,
    pool_entry,
    sheet_of,
    skill_pool,
    symbol_count,
)
from systems.wfrp3e.models import SYMBOL_LINE, WFRP3E_SYMBOLS, ActionCard
from systems.wfrp3e.sheet import ACTION_CARDS

__all__ = ["perform_action", "enter_roll"]

# The characteristic a weapon's attack adds to its damage (seed 003 "Middle of Turn Phase" step 5). A spell or
# blessing given a damage value wounds the same way, its damage alone against Toughness and Soak: the seed names
# only Strength and Agility for the sum.
ATTACKS = {ActionCard.Type.MELEE: "St", ActionCard.Type.RANGED: "Ag"}
CASTINGS = (ActionCard.Type.SPELL, ActionCard.Type.BLESSING)
# How a card's effect line names a symbol (models.WFRP3E_SYMBOLS, singular), as the engine does.
LINE_SYMBOLS = {
    "success": wfrp3e.SUCCESS,
    "righteous success": wfrp3e.RIGHTEOUS_SUCCESS,
    "boon": wfrp3e.BOON,
    "bane": wfrp3e.BANE,
    "challenge": wfrp3e.CHALLENGE,
    "sigmar's comet": wfrp3e.SIGMARS_COMET,
    "chaos star": wfrp3e.CHAOS_STAR,
    "delay": wfrp3e.DELAY,
    "exertion": wfrp3e.EXERTION,
}


class ActionArgs(OwnCombatantArgs):
    card = TextField(max_length=120, help_text="The action card's name.")
    target = CombatantField(required=False)
    difficulty = OneOfField(
        required=False,
        choices=[("", "the card's"), *((name, name.capitalize()) for name in wfrp3e.DIFFICULTIES)],
        help_text='Challenge dice by difficulty (seed 003 "Difficulties"); empty: the card\'s own.',
    )
    defence = WholeNumberField(
        required=False, min_value=0, max_value=10, help_text="The target's Defence; empty: its sheet's, else 0."
    )
    opposing_training = WholeNumberField(required=False, min_value=0, max_value=10)
    stance = WholeNumberField(
        required=False,
        min_value=-10,
        max_value=10,
        help_text="Stance steps, negative conservative, positive reckless; empty: where the meter stands.",
    )
    damage = WholeNumberField(required=False, min_value=0, max_value=50, help_text="An attack's damage value.")
    soak = WholeNumberField(
        required=False, min_value=0, max_value=50, help_text="The target's Soak; empty: its sheet's, else 0."
    )
    sight = YesNoField(help_text="The check needs sight (Blinded's challenge die), whatever the card says.")
    advantages = NamesField(help_text='Seed 003 "Advantages" that apply (keys or names): a fortune die each.')
    disadvantages = NamesField(help_text='Seed 003 "Disadvantages" that apply (keys or names): a misfortune die each.')
    quickcast = YesNoField(help_text="A spell or blessing cast in a hurry: a challenge die more (Magic Quickcasting).")

    def clean_advantages(self):
        return situation_keys(self.cleaned_data["advantages"], wfrp3e.ADVANTAGES, "Advantages")

    def clean_disadvantages(self):
        return situation_keys(self.cleaned_data["disadvantages"], wfrp3e.DISADVANTAGES, "Disadvantages")

    def clean_card(self):
        name = self.cleaned_data["card"]
        card = ActionCard.objects.filter(name__iexact=name).select_related("skill__characteristic").first()
        if card is None:
            raise forms.ValidationError(f"There is no action card '{name}'.")
        return card


def situation_keys(given, table, heading):
    """The keys of `table` (wfrp3e.ADVANTAGES or DISADVANTAGES) named in `given`, each by its key or its name in
    any case, once each; refused in words when one is not on the list."""
    by_name = {name.casefold(): key for key, name in table.items()} | {key: key for key in table}
    unknown = [name for name in given if name.casefold() not in by_name]
    if unknown:
        raise forms.ValidationError(
            f"Not on the {heading} list: {', '.join(unknown)}. Choose from: {', '.join(table.values())}."
        )
    return list(dict.fromkeys(by_name[name.casefold()] for name in given))


def situation_words(sources):
    """ "2 fortune: Outnumber the opponent, Opponent prone; 1 misfortune: Poor footing" for the log."""
    return "; ".join(f"{count} {DIE_WORDS[kind]}: {names}" for kind, count, names in sources)


def action_pool(
    context, combatant, card, target, difficulty, defence, opposing_training, stance, sight=False, situation=()
):
    """(check, pool sources) of the card's check by `combatant` (seed 003 "Middle of Turn Phase" steps 2-3); it
    needs sight when the card says so or `sight` is ticked (seed 003 "Condition Cards" › Blinded). `situation`: the
    dice of the Advantages and Disadvantages ticked (wfrp3e.situation_sources)."""
    sheet = sheet_of(context, combatant)
    if sheet is None or card.skill is None:
        raise CommandError(f"{combatant.name} needs a WFRP 3e sheet, and {card.name} a skill, to build a pool.")
    extra = tuple(situation)
    if sheet.henchmen and sheet.toughness:  # members fall per Toughness of wounds: none to count at 0
        standing = wfrp3e.henchmen_standing(sheet.toughness, sheet.henchmen, combatant.max_wounds - combatant.wounds)
        extra += ((wfrp3e.FORTUNE, wfrp3e.henchmen_fortune(standing), "the other henchmen"),)
    return skill_pool(
        context,
        combatant,
        card.skill.name,
        card.skill.characteristic.name,
        stance,
        specialised_in=card.name,
        target=target,
        sight=card.sight or sight,
        difficulty=card.difficulty if difficulty == "" else difficulty,
        defence=defence,
        opposing_training=opposing_training,
        extra=extra,
    )


def take_the_action(context, combatant, card):
    """One action card a turn, on one's own turn (seed 003 "Middle of Turn Phase" step 1); a defence card answers an
    attack at any time. The GM may play a card for anyone out of turn (a reaction, an ambush)."""
    if card.type == ActionCard.Type.DEFENCE:
        return
    encounter = context.encounter
    if not turn.on_own_turn(encounter, combatant) and context.role != GM:
        raise CommandError(f"{combatant.name} plays action cards on their own turn (a defence card at any time).")
    context.may_spend(combatant, "action")  # out of turn, only what the character's state takes
    if turn.on_own_turn(encounter, combatant):
        encounter.state.turn = {**turn.this_turn(encounter), "action": card.name}


@command(ActionArgs, gm_only=False)
def perform_action(
    context,
    combatant,
    card,
    target,
    difficulty,
    defence,
    opposing_training,
    stance,
    damage,
    soak,
    sight,
    advantages,
    disadvantages,
    quickcast,
):
    """Play an action card: its pool, summed up with its odds, waits on the roller's phone for the dice. A physical
    action costs its fatigue while Entangled. Each Advantage ticked adds a fortune die, each Disadvantage a
    misfortune die (seed 003 "Advantages", "Disadvantages"); fortune dice from assists waiting on the performer
    join the pool by themselves (seed 003 "Maneuvers" 1). Block is refused without a shield on the arm (seed 003
    "Maneuvers" 5), and a card that needs preparation without its manoeuvres spent this turn (seed 003 "Maneuvers"
    9). A quickcast spell or blessing adds a challenge die (seed 003 "Spellcaster Conditions" › Magic
    Quickcasting). A Damaged weapon deals two less damage, a target's Damaged armour gives two less Defence, and
    the performer's Damaged gear and the environment add their dice by themselves (seed 003 "Condition Cards").

    A player's phone asks neither the target's Defence nor its Soak, which they cannot know: left empty, they are
    the target's sheet's (its Defence and Soak traits), else 0."""
    deck.refuse_outside(context, combatant, ACTION_CARDS, card.name, "action card")
    tokens = recharge.tokens_on(context.encounter.state, combatant).get(card.name)
    if tokens:
        raise CommandError(f"{card.name} is recharging ({tokens} tokens left).")
    manoeuvres.block_refused(context, combatant, card)
    if quickcast and card.type not in CASTINGS:
        raise CommandError(f"{card.name} is no spell or blessing: only a casting is quickcast.")
    preparation.prepared_for(context, combatant, card)
    wounds = card.type in ATTACKS or (card.type in CASTINGS and bool(damage))
    if wounds and target is None:
        raise CommandError(f"{card.name} deals wounds: name its target.")
    if wounds and target.pk == combatant.pk:
        raise CommandError(f"{combatant.name} cannot play {card.name} at themselves: pick another target.")
    take_the_action(context, combatant, card)
    situation = wfrp3e.situation_sources(advantages, disadvantages)
    if quickcast:
        situation.append(wfrp3e.quickcast_source())
    # The target's guard meets an attack only (seed 003 "Middle of Turn Phase" step 3).
    guard = sheet_of(context, target) if target and wounds else None
    if defence is None:
        worn = equipment.damaged(context, target, wfrp3e.ARMOUR)
        defence = wfrp3e.damaged_defence(guard.defence, worn) if guard else 0
    if soak is None:
        soak = guard.soak if guard else 0
    check, sources = action_pool(
        context,
        combatant,
        card,
        target if wounds else None,  # a target's Exposed helps whoever attacks it, no one else
        difficulty,
        defence,
        opposing_training or 0,
        turn.stance_of(context.encounter.state, combatant) if stance is None else stance,
        sight,
        situation,
    )
    costs = entangled(context, combatant, check)
    target_words = f" at {context.named(target)}" if target else ""
    entry = open_prompt(
        context.encounter.state,
        combatant,
        "enter_roll",
        f"action:{card.name}",
        kind="action",
        reason=f"{card.name} at {on_phones(target)}" if target else card.name,
        card=card.name,
        # Not "target": every viewer's API state shows a prompt's "target" (a test's target number elsewhere), and a
        # player rolling at a hidden enemy must not learn its id.
        attacking=target.pk if target else None,
        damage=weapon_damage(context, combatant, card, damage) if wounds else 0,
        advantages=advantages,
        disadvantages=disadvantages,
        soak=soak,
        comet_choice=True,
        **pool_entry(sources, check, chaos_star_effect(card)),
    )
    ticked = f"; {situation_words(situation)}" if situation else ""
    return (
        f"{combatant.name} plays {card.name}{target_words}{costs}: {entry['summary']}, {entry['chance']} % to succeed"
        f"{ticked}.",
        {"prompt": entry["id"], "pool": entry["pool"]},
    )


def weapon_damage(context, combatant, card, damage):
    """An attack's damage value, two less with a Damaged weapon (seed 003 "Condition Cards" › Damaged); a spell's is
    its own."""
    weapon = card.type in ATTACKS and equipment.damaged(context, combatant, wfrp3e.WEAPON)
    return wfrp3e.damaged_damage(damage or 0, weapon)


def entangled(context, combatant, check):
    """Seed 003 "Condition Cards" › Entangled: a physical action, read as one whose check is on a physical
    characteristic, costs its fatigue. Returns the log's words."""
    fatigue = wfrp3e.action_fatigue(held_conditions(context, combatant), check.covers("physical"))
    if not fatigue:
        return ""
    wounded = health.strain(context, combatant, wfrp3e.FATIGUE, fatigue)
    return "".join(f", {words}" for words in [f"Entangled: {fatigue} fatigue", *wounded])


def chaos_star_effect(card):
    """Whether the card names an effect for a chaos star: otherwise a chaos star counts as a bane (seed 003
    "Universal Dice Roll Effect"). A casting's chaos stars always have one: they draw Miscast cards (seed 003
    "Spellcaster Conditions" › Chaos Stars)."""
    return card.type in CASTINGS or any(line_symbol(line)[1] == wfrp3e.CHAOS_STAR for line in card.effects)


class RollArgs(SymbolArgs):
    """The symbols of an action check; comet_successes and comet_boons: the comets spent as a success or a boon
    (seed 003 "Universal Dice Roll Effect"), the rest being criticals."""

    answers = "enter_roll"
    comet_successes = symbol_count()
    comet_boons = symbol_count()


def net_count(outcome, symbols, symbol):
    """How many of `symbol` are left once the dice cancel: what a card's effect line asks for."""
    if symbol == wfrp3e.CHALLENGE:
        rolled_successes = symbols.get(wfrp3e.SUCCESS, 0) + symbols.get(wfrp3e.RIGHTEOUS_SUCCESS, 0)
        return max(symbols.get(wfrp3e.CHALLENGE, 0) - rolled_successes, 0)
    return {
        wfrp3e.SUCCESS: outcome.successes,
        wfrp3e.RIGHTEOUS_SUCCESS: outcome.righteous_successes,
        wfrp3e.BOON: outcome.boons,
        wfrp3e.BANE: outcome.banes,
        wfrp3e.SIGMARS_COMET: outcome.comets,
        wfrp3e.CHAOS_STAR: outcome.chaos_stars,
        wfrp3e.DELAY: outcome.delays,
        wfrp3e.EXERTION: outcome.exertions,
    }[symbol]


def line_symbol(line):
    """(count, symbol) of an effect line such as "2 boons", as models.symbol_line_error validates it."""
    match = SYMBOL_LINE.match(line)
    singular = {plural: one for one, plural in WFRP3E_SYMBOLS.items()}.get(match["symbol"], match["symbol"])
    return int(match["count"] or 1), LINE_SYMBOLS[singular]


def card_effects(card, outcome, symbols):
    """The card's effect lines the roll reaches (seed 003 "Middle of Turn Phase" step 6). Success lines need the
    check to succeed; of several lines on one symbol, the highest reached applies, as the card's lines replace
    one another rather than add up."""
    reached = {}
    for line, text in card.effects.items():
        count, symbol = line_symbol(line)
        if symbol == wfrp3e.SUCCESS and not outcome.succeeded:
            continue
        if net_count(outcome, symbols, symbol) >= count and count >= reached.get(symbol, (0, ""))[0]:
            reached[symbol] = (count, f"{line}: {text.rstrip('.')}")
    # In the dice's own order: a card's lines come back from PostgreSQL's jsonb in no order of their own.
    return [reached[symbol][1] for symbol in wfrp3e.SYMBOLS if symbol in reached]


def symbol_counts(outcome):
    return ((outcome.successes, "net success"), (outcome.boons, "boon"), (outcome.banes, "bane"))


def wound(context, target, wounds, criticals):
    """Deal an attack's wounds and criticals; returns the log's words, which a player who rolled at a hidden target
    reads too."""
    wounds, criticals, states = health.suffer(context, target, wounds, criticals)
    critical = f" and {criticals} critical" if criticals else ""
    said = f"{context.named(target)} takes {counted(wounds, 'wound')}{critical}"
    return [said, *states]


@command(RollArgs, gm_only=False)
def enter_roll(context, prompt, comet_successes, comet_boons, **typed):
    """Answer an action's prompt with the symbols rolled, or have the tracker roll its pool."""
    entry = prompt
    card = ActionCard.objects.filter(name=entry["card"]).first()
    if card is None:
        raise CommandError(f"The action card {entry['card']} is gone.")
    outcome, symbols, how = answer_check(
        context, entry, typed, comet_successes or 0, comet_boons or 0, chaos_star_effect(card)
    )
    combatant = context.combatant(entry["combatant"])
    words = [", ".join(counted(n, noun) for n, noun in symbol_counts(outcome))]
    words += health.feel_strain(context, combatant, outcome, entry["characteristic"])
    words += party.reckless_casting(context, combatant, outcome)
    words += card_effects(card, outcome, symbols)
    if card.type in CASTINGS:
        words += magic.miscast(context, combatant, card.name, outcome.chaos_stars)
    target = context.combatant(entry["attacking"]) if entry.get("attacking") else None
    if target is not None and (card.type in ATTACKS or entry["damage"]):
        target_sheet = sheet_of(context, target)
        dealt = wfrp3e.attack_wounds(
            outcome.succeeded,
            entry["damage"],
            combatant.character.characteristic(ATTACKS[card.type]) if card.type in ATTACKS else 0,
            target_sheet.toughness if target_sheet else 0,
            entry["soak"],
            critical=bool(outcome.comets),
            weakened=card.type == ActionCard.Type.MELEE and wfrp3e.WEAKENED in held_conditions(context, combatant),
        )
        if dealt:
            words += wound(context, target, dealt, outcome.comets if outcome.succeeded else 0)
    if card.recharge:
        tokens = wfrp3e.recharge_tokens(
            card.recharge, card.type == ActionCard.Type.DEFENCE, held_conditions(context, combatant)
        )
        recharge.exhaust(context.encounter.state, combatant, card.name, tokens)
        words.append(f"{card.name} recharges ({counted(tokens, 'token')})")
    verdict = "succeeds" if outcome.succeeded else "fails"
    message = f"{combatant.name}'s {entry['reason']} {verdict} ({how}): " + "; ".join(words) + "."
    return message, {"prompt": entry["id"], "symbols": symbols, "succeeded": outcome.succeeded}
