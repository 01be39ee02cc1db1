"""Who may see or change an encounter: its campaign's GM, or a player of the campaign."""

GM = "gm"
PLAYER = "player"


def role(encounter, user, player_ids=None):
    """GM, PLAYER or None; `player_ids`, the campaign's players when already read, saves asking the database."""
    if not getattr(user, "is_authenticated", False):
        return None
    if encounter.campaign.gm_id == user.pk:
        return GM
    if player_ids is not None:
        return PLAYER if user.pk in player_ids else None
    if encounter.campaign.players.filter(pk=user.pk).exists():
        return PLAYER
    return None
