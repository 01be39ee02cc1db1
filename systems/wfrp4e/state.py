"""What a WFRP 4e encounter keeps between commands (Encounter.pools), every key declared here once."""

from dataclasses import dataclass, field

from systems.base_state import EncounterState


@dataclass
class Wfrp4eState(EncounterState):
    # Group Advantage (seed 002 "Group Advantage")
    ally: int = 0
    adversary: int = 0
    round_end_pending: int | None = None  # the round whose end waits for the GM to say who dominated
    spends_this_turn: dict = field(default_factory=dict)  # once-per-turn spend key -> the turn it was bought on
    outmanoeuvre_action: str | None = None  # the action that already had its Outmanoeuvre Advantage
    additional_effort: dict = field(default_factory=dict)  # pool side -> {"turn", "bonus"} for its next Test
    # The active combatant's turn (seed 002 "Combat Summary" step 3)
    turn: dict = field(default_factory=dict)  # {"key", "move", "actions", "swaps"}
    braced: dict = field(default_factory=dict)  # combatant id -> True until the start of their next turn
    defending: dict = field(default_factory=dict)  # combatant id -> the skill they Defend with, until their next turn
    charging: dict = field(default_factory=dict)  # combatant id -> True from their Charge to their first melee attack
    engaged: dict = field(default_factory=dict)  # "id:id" (lower id first) -> Round of their last melee attack
    chosen_places: list = field(default_factory=list)  # who bought their place this Round with Fortune
    # Fumbles still to take effect (seed 002 "Criticals and Fumbles (cont)"): {"combatant", "effect", "round"}, the
    # round it applies in, or None for the fumbler's next turn (a lost Move or Action) or for good (Torn Muscle)
    fumble_effects: list = field(default_factory=list)
    # What fumbles did to weapons, for the rest of the fight (seed 002 "Criticals and Fumbles (cont)"):
    weapon_wear: dict = field(default_factory=dict)  # combatant id -> {weapon name: Damage lost (the 21-40 row)}
    destroyed_weapons: dict = field(default_factory=dict)  # combatant id -> [weapon names], till the GM restores one
    # Open tests waiting for a roll (house-rule conditions, death rolls)
    prompt_seq: int = 0
    prompts: list = field(default_factory=list)
    odds_hidden: list = field(default_factory=list)  # NPC ids whose figures the players' odds leave out
    round_effects: dict | None = None  # {"round", "end", "start"}: conditions to resolve this round
    # House rules: weapon properties, free attacks, Momentum
    momentum: dict = field(default_factory=dict)  # combatant id -> their Momentum (seed 000 "Momentum"); absent: 0
    fast_attacks: dict = field(default_factory=dict)  # combatant id -> round of their out-of-turn Fast attack
    shield_damage: dict = field(default_factory=dict)  # combatant id -> Shield rating lost to Hack
    champion_uses: dict = field(default_factory=dict)  # combatant id -> [round, uses]
    # The book's Reload and Repeater (seed 000 "Weapon Properties", same as book)
    shots_left: dict = field(default_factory=dict)  # combatant id -> {weapon name: shots}; absent: fully loaded
    reloading: dict = field(default_factory=dict)  # combatant id -> {weapon name: SL gathered so far}
    free_attacks: dict = field(default_factory=dict)  # combatant id -> round of their last free attack
    momentum_earned: dict = field(default_factory=dict)  # combatant id -> turn key they last earned Momentum on
    momentum_actions: dict = field(default_factory=dict)  # combatant id -> action they last earned Momentum in
