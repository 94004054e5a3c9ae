from django.db import migrations, models
from django.db.models import F, OuterRef, Subquery


def store_multipliers(apps, schema_editor):
    """Rounds made before the multiplier was stored: round number × event multiplier, as
    `scoring.points.round_multiplier` states it (SPEC §6)."""
    Round = apps.get_model("events", "Round")
    Event = apps.get_model("events", "Event")
    of_event = Event.objects.filter(pk=OuterRef("event_id")).values("event_multiplier")[:1]
    Round.objects.update(multiplier=F("number") * Subquery(of_event))


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0010_decklists_published"),
    ]

    operations = [
        migrations.AddField(
            model_name="round",
            name="multiplier",
            field=models.PositiveSmallIntegerField(default=1, verbose_name="points multiplier"),
        ),
        migrations.RunPython(store_multipliers, migrations.RunPython.noop),
    ]
