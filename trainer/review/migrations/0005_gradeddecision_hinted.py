"""A decision taken after the table's hint is logged as hinted: counted neither right nor
wrong."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("review", "0004_replays_join_the_table"),
    ]

    operations = [
        migrations.AddField(
            model_name="gradeddecision",
            name="hinted",
            field=models.BooleanField(default=False),
        ),
    ]
