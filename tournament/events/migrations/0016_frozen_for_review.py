from django.db import migrations, models


def fill_from_reviews(apps, schema_editor):
    """An event whose scoring form awaits a ranking officer is frozen."""
    Event = apps.get_model("events", "Event")
    ScoringReview = apps.get_model("review", "ScoringReview")
    submitted = ScoringReview.objects.filter(state="submitted").values("event_id")
    Event.objects.filter(pk__in=submitted).update(frozen_for_review=True)


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0015_players_confirm_reports"),
        ("review", "0003_confirmed_officials"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="frozen_for_review",
            field=models.BooleanField(default=False, editable=False),
        ),
        migrations.RunPython(fill_from_reviews, migrations.RunPython.noop),
    ]
