"""What a Symbaroum encounter keeps between commands (Encounter.pools), every key declared here once."""

from dataclasses import dataclass, field

from systems.base_state import EncounterState


@dataclass
class SymbaroumState(EncounterState):
    # The active combatant's turn (seed 001 "Actions in Combat"): {"key", "combat": 0|1, "movements": 0..2}
    turn: dict = field(default_factory=dict)
    # Open tests waiting for a player's roll (combat.commands.prompts): attack, defence, damage, armour, death...
    prompt_seq: int = 0
    prompts: list = field(default_factory=list)
    # Free attacks earned and not yet taken (seed 001 "Free Attack"): {"id", "attacker", "target", "trigger"}
    free_attack_seq: int = 0
    free_attacks: list = field(default_factory=list)
    # "attacker:trigger:turn key" of the free attacks already granted: one per trigger and turn
    free_attack_triggers: list = field(default_factory=list)
    # Slice C, ranged combat. The Distance Category the GM set (seed 001 "Alternate Rules" › "Distance
    # Categories"): a key of rules.engine.symbaroum.DISTANCES, "" until set. Ammunition lives on the characters.
    distance: str = ""
    # Slice "feats" (seed 001 "Alternate Rules" › "Feats"): what the feats used leave in force, each
    # {"feat", "combatant", "enemy", "ready": a readied Perfect Defence still waiting for the hit it parries}; a
    # turn's (Clean Hit, Resilience, Perfect Defence...) lapse when the round ends
    feats: list = field(default_factory=list)

    # --- Slice D: initiative, surprise, disengaging, Long weapons (seed 001 "Turn Order", "Manoeuvres", "Feats") ---
    # The turn order (combatant ids) before a manoeuvre or feat moved someone this round: put back at round start
    usual_order: list = field(default_factory=list)
    # Quick Strike declared ahead: {"combatant", "round"} (they act first in that round)
    quick_strikes: list = field(default_factory=list)
    # Take the Initiative declared ahead: {"combatant", "round", "prompt", "passed": True|False|None until rolled}
    initiative_takers: list = field(default_factory=list)
    # Pairs in melee since one engaged the other, "lower id:higher id" (a Long weapon strikes as a melee opens)
    melee_pairs: list = field(default_factory=list)
    # --- Buildings, fire (seed 004 "Damage on Buildings", "Set Buildings on Fire") ---
    # Buildings fighting as combatants, by combatant id (a string: JSON keys): {"kind": the Building row's key,
    # "fortification", "breakpoint", "damage_this_round", "burning_since": the round it caught fire or None,
    # "inside": [ids of the combatants inside it]}
    buildings: dict = field(default_factory=dict)

    # Manoeuvres (seed 001 "Alternate Rules" › "Manoeuvres"), only while the table plays them:
    # Full Defence or Full Offence, each lasting until its combatant's next turn: {"combatant", "stance", "turn"}
    # ("turn" is the turn key it was declared in: Full Offence's attack bonus counts in that turn only)
    stances: list = field(default_factory=list)
    # Wrestling holds in force, tested again on each of the holder's turns: {"holder", "target"}
    holds: list = field(default_factory=list)
    # Poison on a weapon, enough for its next hit: {"combatant", "weapon"}
    poison_doses: list = field(default_factory=list)
    # Slice A, dying (seed 004 "Unsorted" › "Dying Characters"): combatant id (a string, as JSON keys are) -> the
    # death tests that came out a step closer in the current dying spell; cleared on waking, stabilising or death.
    death_steps: dict = field(default_factory=dict)
    # Slice I, loose ends. Special ammunition a player nocked from the phone for their next ranged attack (seed 001
    # "Homebrew Rules" › "Ranged Weapons"): combatant id (a string, as JSON keys are) -> the ammunition's name
    nocked: dict = field(default_factory=dict)
    # --- Afflictions (commands/afflictions.py, rules/engine/symbaroum_afflictions.py) ---
    # Advantages lost to a failed Knock Out (seed 001 "Manoeuvres" › "Knock Out"), until the attacker's next turn:
    # {"attacker", "target"}
    lost_advantages: list = field(default_factory=list)
    # Curses in force (seed 001 "Clarifications" › "Curse (Mystical Power)"): {"caster", "target"}
    curses: list = field(default_factory=list)
    # Player characters dead for good (seed 004 "Dead Player Characters"): {"combatant", "unspent", "in_abilities",
    # "total"}, the Experience their player may carry to a new character
    fallen: list = field(default_factory=list)
    # Traps (seed 001 "Alternate Rules" › "Traps"): those set and waiting, each {"id", "trap", "kind", "dice",
    # "holds", "setter", "trained", "round"}; and who is held by one, combatant id (a string) -> {"trap", "tried": the
    # turn key of their last try to get free}
    traps: list = field(default_factory=list)
    trapped: dict = field(default_factory=dict)
    # --- Where fighters stand and what they hold (commands/positions.py, seed 001 "Flanking", "Surprise"; seed 004
    # "Advantage", "Main Hand"). Combatant ids standing on lower ground than the fight around them
    lower_ground: list = field(default_factory=list)
    # Combatant ids whose weapons are still sheathed (the surprised, or whom the GM marks at the start)
    sheathed: list = field(default_factory=list)
    # Combatant id (a string, as JSON keys are) -> "left" for the left-handed; everyone else is right-handed
    main_hands: dict = field(default_factory=dict)
    # Combatant id (a string) -> the arms ("right_arm", "left_arm") hurt at the Pain Threshold this scene
    hurt_arms: dict = field(default_factory=dict)
    # Homebrew Rapid Fire: ids of the archers whose Adept and Master levels are open (hit, or an ally hurt badly)
    roused: list = field(default_factory=list)
