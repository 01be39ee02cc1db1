from django.db import models


class GameSystem(models.TextChoices):
    WFRP4E = "wfrp4e", "Warhammer Fantasy Roleplay 4e"
    WFRP3E = "wfrp3e", "Warhammer Fantasy Roleplay 3e"
    SYMBAROUM = "symbaroum", "Symbaroum"
