from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("standings", "0008_swiss_figures"),
    ]

    operations = [
        migrations.AddField(
            model_name="eventscoring",
            name="standings_stale_since",
            field=models.DateTimeField(blank=True, editable=False, null=True),
        ),
    ]
