from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("characters", "0006_join_tokens_to_links")]

    operations = [migrations.RemoveField(model_name="campaign", name="join_token")]
