"""A settled round keeps the person's line of the recent rounds list (``RoundRecord.line``),
so the table page reads no round's state for it; older rows keep null (their state is read)."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('game', '0013_one_state_column'),
    ]

    operations = [
        migrations.AddField(
            model_name='roundrecord',
            name='line',
            field=models.JSONField(blank=True, editable=False, null=True),
        ),
    ]
