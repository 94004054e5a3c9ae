from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("decks", "0002_sideboard_opt_out_and_swaps"),
    ]

    operations = [
        migrations.AddField(
            model_name="decklist",
            name="hidden_by_player",
            field=models.BooleanField(
                default=False,
                help_text="Never published, nor counted in the metagame.",
                verbose_name="kept private by the player",
            ),
        ),
    ]
