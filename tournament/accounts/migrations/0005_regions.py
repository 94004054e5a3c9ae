"""Regions as data (step 1 of 3): the `Region` table, `Player.location_note`, and the
region's foreign key beside the old free-text column (filled by 0006, renamed by 0007)."""

import django.db.models.deletion
import django_countries.fields
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_api_tokens"),
    ]

    operations = [
        migrations.CreateModel(
            name="Region",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("country", django_countries.fields.CountryField(max_length=2, verbose_name="country")),
                ("name", models.CharField(max_length=60, verbose_name="name")),
            ],
            options={
                "verbose_name": "region",
                "verbose_name_plural": "regions",
                "ordering": ["country", "name"],
                "constraints": [
                    models.UniqueConstraint(
                        fields=("country", "name"), name="region_unique_per_country"
                    )
                ],
            },
        ),
        migrations.AddField(
            model_name="player",
            name="location_note",
            field=models.CharField(blank=True, max_length=200, verbose_name="location note"),
        ),
        migrations.AddField(
            model_name="player",
            name="region_ref",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="players",
                to="accounts.region",
                verbose_name="region",
            ),
        ),
    ]
