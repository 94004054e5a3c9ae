"""`publish_decklists` (a yes/no) becomes a choice of which lists are published (none, the
top N places, all), and organizers may let players keep their list private.

Existing events keep their meaning: published → all, not published → none."""

import django.core.validators
from django.db import migrations, models


def forwards(apps, schema_editor):
    Event = apps.get_model("events", "Event")
    Event.objects.filter(publish_decklists=True).update(decklists_published="all")
    Event.objects.filter(publish_decklists=False).update(decklists_published="none")


def backwards(apps, schema_editor):
    # "top N" published some lists: the yes/no can only say "published".
    Event = apps.get_model("events", "Event")
    Event.objects.filter(decklists_published__in=["all", "top"]).update(publish_decklists=True)
    Event.objects.filter(decklists_published="none").update(publish_decklists=False)


class Migration(migrations.Migration):
    dependencies = [
        ("events", "0009_calendars"),
    ]

    operations = [
        migrations.AddField(
            model_name="event",
            name="decklists_published",
            field=models.CharField(
                choices=[
                    ("none", "No list"),
                    ("top", "The lists of the top N places"),
                    ("all", "Every list"),
                ],
                blank=True,
                default="none",
                max_length=4,
                verbose_name="decklists published after the event",
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="decklists_top",
            field=models.PositiveSmallIntegerField(
                blank=True,
                help_text="With “top N”: the lists of the players in final places 1 to N.",
                null=True,
                validators=[django.core.validators.MinValueValidator(1)],
                verbose_name="top N places published",
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="decklist_opt_out_allowed",
            field=models.BooleanField(
                default=False,
                help_text="A player who keeps his list private is never published.",
                verbose_name="players may keep their decklist private",
            ),
        ),
        migrations.RunPython(forwards, backwards),
        migrations.RemoveField(
            model_name="event",
            name="publish_decklists",
        ),
        migrations.AddConstraint(
            model_name="event",
            constraint=models.CheckConstraint(
                condition=~models.Q(decklists_published="top") | models.Q(decklists_top__gte=1),
                name="decklists_top_needs_n",
            ),
        ),
    ]
