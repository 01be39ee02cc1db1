from datetime import timedelta

from django.db import migrations
from django.utils import timezone


def links_from_join_tokens(apps, schema_editor):
    """Each campaign's old join link keeps working for a week, so invitations already sent still let players in."""
    Campaign = apps.get_model("characters", "Campaign")
    JoinLink = apps.get_model("characters", "JoinLink")
    expires = timezone.now() + timedelta(days=7)
    JoinLink.objects.bulk_create(
        JoinLink(campaign_id=pk, token=token, expires=expires)
        for pk, token in Campaign.objects.values_list("pk", "join_token")
    )


class Migration(migrations.Migration):
    dependencies = [("characters", "0005_join_links")]

    operations = [migrations.RunPython(links_from_join_tokens, migrations.RunPython.noop)]
