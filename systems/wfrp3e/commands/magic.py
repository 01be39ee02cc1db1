"""WFRP 3e spellcasting beyond the turn's end (seed 003 "Spellcaster Conditions"): power (or favour) lost when there
is not enough of it, which calls for a Discipline check (Zero Power/Favour), and the Miscast cards a casting check's
chaos stars draw (Chaos Stars). Quickcasting's challenge die is added where the casting check's pool is built
(actions.py); maintaining excess power is a manoeuvre of the turn (turn.py, `maintain_power`)."""

from django import forms

from combat.commands.fields import TextField, WholeNumberField
from combat.commands.prompts import PromptArgs, close, open_prompt
from combat.commands.spine import CombatantArgs, CommandError
from combat.words import counted
from rules.engine import wfrp3e
from systems.wfrp3e.commands import command, health, turn
from systems.wfrp3e.commands.counters import add_to, counter
from systems.wfrp3e.commands.pools import SymbolArgs, answer_check, pool_entry, skill_pool

__all__ = ["lose_power", "zero_power_check", "miscast_drawn"]

# The fields every WFRP 3e prompt shows in the API (system.py prompt_fields), empty for one that rolls nothing.
NO_POOL = {"pool": {}, "summary": "", "sources": [], "chance": "", "boon_odds": [], "bane_odds": []}


def dice(count, kind):
    return f"{count} {kind} {'die' if count == 1 else 'dice'}"


# --- Zero Power/Favour -------------------------------------------------------------------------------------------


class LosePowerArgs(CombatantArgs):
    amount = WholeNumberField(min_value=1, max_value=20, help_text="Power (or favour) the effect takes away.")


@command(LosePowerArgs, rule="Zero Power/Favour")
def lose_power(context, combatant, amount):
    """An effect forces the caster to lose power (or favour): it falls, never below 0, and each point that could
    not be lost is a challenge die on the Discipline check then asked on the caster's phone."""
    name = context.named(combatant)
    word = turn.spellcaster(context, combatant).lower()
    if not word:
        raise CommandError(f"{name} channels neither power nor favour: there is nothing to lose.")
    power = counter(combatant, "power")
    left, challenge = wfrp3e.forced_power_loss(power, amount)
    add_to(context, combatant, "power", left - power)
    said = f"{name} loses {amount} {word}: {power} → {left}"
    if not challenge:
        return f"{said}.", {"power": left, "challenge": 0}
    check, sources = skill_pool(
        context, combatant, "Discipline", "WP", turn.stance_of(context.encounter.state, combatant), difficulty=challenge
    )
    entry = open_prompt(
        context.encounter.state,
        combatant,
        "zero_power_check",
        "zero_power",
        kind="zero_power",
        reason=f"Discipline: {counted(challenge, word + ' point')} could not be lost",
        challenge=challenge,
        **pool_entry(sources, check),
    )
    return (
        f"{said}, {challenge} short: a Discipline check with {dice(challenge, 'challenge')}, "
        f"{entry['chance']} % to pass.",
        {"power": left, "challenge": challenge, "prompt": entry["id"]},
    )


class ZeroPowerArgs(SymbolArgs):
    answers = "zero_power_check"


@command(ZeroPowerArgs, gm_only=False, rule="Zero Power/Favour")
def zero_power_check(context, prompt, **typed):
    """Answer the Discipline check for power that could not be lost: a stress either way; failed, the caster draws a
    Temporary Insanity with the Chaos/Enigma or Trauma trait and as many more tokens as the check had challenge
    dice."""
    entry = prompt
    outcome, _, how = answer_check(context, entry, typed)
    caster = context.combatant(entry["combatant"])
    result = wfrp3e.zero_power_result(outcome.succeeded, entry["challenge"])
    words = [f"{counted(outcome.successes, 'net success')}", f"{result.stress} stress"]
    words += health.strain(context, caster, wfrp3e.STRESS, result.stress)
    words += health.feel_strain(context, caster, outcome, entry.get("characteristic"))
    if result.insanity_tokens is not None:
        words.append(
            "draw a Temporary Insanity with the Chaos/Enigma or Trauma trait, "
            f"{counted(result.insanity_tokens, 'more token')} on it"
        )
    verdict = "passes" if outcome.succeeded else "fails"
    return f"{caster.name} {verdict} the Discipline check for lost power ({how}): {'; '.join(words)}.", {
        "prompt": entry["id"],
        "succeeded": outcome.succeeded,
        "stress": result.stress,
        "insanity_tokens": result.insanity_tokens,
    }


# --- Chaos Stars (Miscast cards) ------------------------------------------------------------------------------------


def miscast(context, caster, card, chaos_stars):
    """After a casting check showing chaos stars: the prompt on the caster's phone (and the GM screen) to draw the
    Miscast cards, their number worked out. Returns the log's words, or [] without a chaos star."""
    cards = wfrp3e.miscast_cards(chaos_stars)
    if not cards:
        return []
    entry = open_prompt(
        context.encounter.state,
        caster,
        "miscast_drawn",
        f"miscast:{card}",
        kind="miscast",
        reason=f"{card}: {counted(chaos_stars, 'chaos star')}, draw {counted(cards, 'Miscast card')}",
        card=card,
        chaos_stars=chaos_stars,
        cards=cards,
        **NO_POOL,
    )
    return [f"{counted(chaos_stars, 'chaos star')}: {caster.name} draws {counted(entry['cards'], 'Miscast card')}"]


class MiscastArgs(PromptArgs):
    effect = TextField(required=False, max_length=200, help_text="What the Miscast cards drawn did, for the log.")

    def clean(self):
        cleaned = super().clean()
        entry = cleaned.get("prompt")
        if entry is not None and entry.get("answer") != "miscast_drawn":
            raise forms.ValidationError("That test is answered another way.")
        return cleaned


@command(MiscastArgs, gm_only=False, rule="Chaos Stars")
def miscast_drawn(context, prompt, effect):
    """The Miscast cards are drawn and their effects played: the prompt closes, what they did goes in the log."""
    close(context, prompt)
    caster = context.combatant(prompt["combatant"])
    did = f": {effect.rstrip('.')}" if effect else ""
    return f"{caster.name} draws {counted(prompt['cards'], 'Miscast card')} for {prompt['card']}{did}.", {
        "prompt": prompt["id"],
        "cards": prompt["cards"],
    }
