"""Who may see or change an encounter: its campaign's GM, or a player of the campaign."""

GM = "gm"
PLAYER = "player"


def role(encounter, user):
    if not getattr(user, "is_authenticated", False):
        return None
    if encounter.campaign.gm_id == user.pk:
        return GM
    if encounter.campaign.players.filter(pk=user.pk).exists():
        return PLAYER
    return None
