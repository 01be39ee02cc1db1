"""A game's own points leave the generic sheet for Character.points (the game's migration moved the values)."""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('characters', '0009_game_systems_own_data'),
    ]

    operations = [
        migrations.RemoveField(
            model_name='character',
            name='fate',
        ),
        migrations.RemoveField(
            model_name='character',
            name='fortune',
        ),
        migrations.RemoveField(
            model_name='character',
            name='resilience',
        ),
        migrations.RemoveField(
            model_name='character',
            name='resolve',
        ),
    ]
