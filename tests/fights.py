"""What every system's test table and fight share: a logged-in client, commands run as a user or the GM, the state
and rows read fresh from the database."""

from django.test import Client

from combat import commands


class Clients:
    """For a table dataclass with users: a test client logged in as one of them."""

    def client(self, user):
        client = Client()
        client.force_login(user)
        return client


class Running:
    """For a fight dataclass with `table` (with `gm`) and `encounter`."""

    def run(self, user, name, dice=None, **args):
        return commands.execute(self.encounter, user, name, args, dice=dice)

    def gm(self, name, dice=None, **args):
        return self.run(self.table.gm, name, dice=dice, **args)

    def state(self):
        self.encounter.refresh_from_db()
        return self.encounter.state

    def prompts(self):
        return self.state().prompts

    def turn_of(self, combatant):
        """Pass the turn on until it is `combatant`'s (a new turn of theirs, if it is theirs now)."""
        for _ in range(self.encounter.combatants.count() + 1):
            if self.gm("next_turn").result["active"] == combatant.pk:
                return
        raise AssertionError(f"{combatant.name}'s turn never came")

    def fresh(self, combatant):
        combatant.refresh_from_db()
        return combatant
