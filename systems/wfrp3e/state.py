"""What a WFRP 3e encounter keeps between commands (Encounter.pools), every key declared here once."""

from dataclasses import dataclass, field

from systems.base_state import EncounterState


@dataclass
class Wfrp3eState(EncounterState):
    # The active combatant's turn (seed 003's turn phases): {"key", "stance_steps", "manoeuvres", "action"}, and
    # "maintained" once excess power is held through its end (commands/turn.py maintain_power)
    turn: dict = field(default_factory=dict)
    # Open tests waiting for a player's dice (combat.commands.prompts): action checks, initiative, fear...
    prompt_seq: int = 0
    prompts: list = field(default_factory=list)
    # Recharge tokens on the cards used: combatant id -> {card name: tokens left}; a card with tokens is exhausted
    recharging: dict = field(default_factory=dict)
    # Recharge tokens on the talents socketed with a manoeuvre (commands/talents.py), as `recharging` is for cards
    talents_recharging: dict = field(default_factory=dict)
    # Tracking tokens of the condition cards with a token duration (brief: 3): combatant id -> {condition: tokens}
    condition_tokens: dict = field(default_factory=dict)

    # --- The turn's bookkeeping on the GM screen and the phone ---
    # Where each combatant stands on its stance meter: combatant id -> steps (< 0 conservative, > 0 reckless)
    stances: dict = field(default_factory=dict)
    # Condition cards held without tracking tokens (lingering, dependent, permanent): combatant id -> [names]
    lasting_conditions: dict = field(default_factory=dict)
    # --- manoeuvres (commands/manoeuvres.py) ---
    # Assists waiting for an ally's next check (seed 003 "Maneuvers" 1): ally's combatant id -> [assisting combatant
    # ids], one per assist; the pool of the ally's next check takes them, and the end of their turn discards them
    assists: dict = field(default_factory=dict)
    # Who lies prone (seed 003 "Maneuvers" 8, "Advantages"): [combatant ids]
    prone: list = field(default_factory=list)
    # Shields carried (a "Shield" trait) but slung off the arm with a manoeuvre (seed 003 "Maneuvers" 5): [combatant
    # ids]; a carried shield is on the arm until then, and Block needs it there
    unslung_shields: list = field(default_factory=list)
    # Who sits on a horse (seed 003 "Maneuvers" 6; commands/riding.py): [combatant ids]
    mounted: list = field(default_factory=list)
    # Talents socketed (seed 003 "Maneuvers" 2-3; commands/talents.py): combatant id -> [talent names]
    sockets: dict = field(default_factory=dict)
    # --- damaged equipment and the environment (seed 003 "Condition Cards"; commands/equipment.py) ---
    # What is Damaged: combatant id -> {"weapon": true, "armour": true, "gear": {item name: the skill it is used with}}
    damaged_equipment: dict = field(default_factory=dict)
    # Environmental conditions: [{"name", "dice" (challenge dice), "checks" ("any", "physical", "mental", "sight"),
    # "combatant" (an id, or null for everyone)}]
    environment: list = field(default_factory=list)
    # --- action checks (commands/actions.py) ---
    # Critical wounds and the knocked out and dead states this encounter: combatant id -> {"criticals",
    # "knocked_out", "dead"}; the wounds taken are the combatant's max_wounds less its wounds
    health: dict = field(default_factory=dict)
    # --- fear checks (commands/fear.py) ---
    # Who has checked against which creature this encounter: creature combatant id -> [combatant ids]
    fear_checked: dict = field(default_factory=dict)
    # --- the party's meters (commands/party.py), carried from encounter to encounter of the campaign ---
    # Fortune points in the party's pool, awarded by the GM and spent for a fortune die
    party_fortune: int = 0
    # The party tension meter, never below 0
    party_tension: int = 0
    # --- the rally phase (commands/rally.py) ---
    # The last rally phase called: {"open": bool, "steps": {combatant id: the rally step they took, in words}}; it
    # stays open until the next turn starts or the GM ends it
    rally: dict = field(default_factory=dict)
    # --- insanity (commands/insanity.py) ---
    # Insanity cards a hero is to draw, from reaching Distressed or Strained (counters.add_to sees it): combatant id
    # -> {"cards": how many, 0 for "until one fits", "why": the impairment}; the GM's draw_insanity settles it
    insanity_draws: dict = field(default_factory=dict)
    # --- healing (commands/care.py) ---
    # Dice a successful First Aid or Medicine check leaves for the patient's Resilience check after rest (seed 003
    # "First Aid & Medicine"): patient's combatant id -> {die kind: count}; the overnight rest's check takes them
    care_dice: dict = field(default_factory=dict)
    # --- enemies' dice (commands/enemies.py) ---
    # Aggression, Cunning and Expertise dice each enemy spent since the last rally: combatant id -> {pool: spent}
    enemy_dice_spent: dict = field(default_factory=dict)
    # Dice waiting on a combatant's next check, put there by an enemy's die: combatant id -> [[kind, count, why]];
    # the next check's pool takes them (pools.skill_pool)
    waiting_dice: dict = field(default_factory=dict)
