"""Countries and regions as data (step 2 of 3): free text → ISO codes and `Region` rows.

Each player's country text becomes its ISO 3166-1 code (`locations.country_code`: names in
English or Portuguese, codes, aliases; case and accents ignored) and the region text a
`Region` under that country. What could not be read is kept in `location_note`; one line
says how many (with examples), and `manage.py unmapped_locations` lists them.

Backwards: the code becomes the country's English name again and the region its name (the
notes are dropped with their column by 0005's reversal)."""

from django.db import migrations
from django.db.models import Q
from django.utils import translation

from tournament.accounts import locations


def forwards(apps, schema_editor):
    Player = apps.get_model("accounts", "Player")
    Region = apps.get_model("accounts", "Region")
    located, unmapped = locations.map_locations(
        Player, Region, old_country="country", old_region="region", new_region="region_ref"
    )
    if located:
        print(f"\n  {locations.summary(located, unmapped)}")


def backwards(apps, schema_editor):
    Player = apps.get_model("accounts", "Player")
    located = ~Q(country="") | Q(region_ref__isnull=False) | ~Q(location_note="")
    rows = Player.objects.filter(located).select_related("region_ref")
    with translation.override("en"):
        for player in rows.iterator():
            code = str(player.country)
            player.country = locations.country_name(code) if code else ""
            player.region = player.region_ref.name if player.region_ref else ""
            if not player.country and player.location_note:
                player.country = player.location_note[:60]
            player.save(update_fields=["country", "region"])


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0005_regions"),
    ]

    operations = [
        migrations.RunPython(forwards, backwards),
    ]
