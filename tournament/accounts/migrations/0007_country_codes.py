"""Countries and regions as data (step 3 of 3): the country column holds ISO codes only and
the region is the foreign key (the free-text column goes)."""

import django_countries.fields
from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0006_map_locations"),
    ]

    operations = [
        migrations.RemoveField(
            model_name="player",
            name="region",
        ),
        migrations.RenameField(
            model_name="player",
            old_name="region_ref",
            new_name="region",
        ),
        migrations.AlterField(
            model_name="player",
            name="country",
            field=django_countries.fields.CountryField(
                blank=True, max_length=2, verbose_name="country"
            ),
        ),
    ]
