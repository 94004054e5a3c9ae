"""List the players whose location is only a note: an officer gives them a country or region.

A note is left by the move from free text to codes (`0006_map_locations`) when no country
could be read, and by a player who chose “other” as region. The officer adds the region
(admin: Regions) or corrects the country, then chooses it on the player (admin: Players);
choosing a listed region on the profile clears the note.
"""

from django.core.management.base import BaseCommand

from tournament.accounts.locations import country_name
from tournament.accounts.models import Player


def unmapped_players():
    """Players with a location note, by player number."""
    return Player.objects.exclude(location_note="").order_by("player_number")


class Command(BaseCommand):
    help = "List the players whose country or region is only a note, for an officer to fix."

    def handle(self, *args, **options):
        players = list(unmapped_players())
        for player in players:
            code = str(player.country)
            country = f"{code} {country_name(code)}" if code else "no country"
            self.stdout.write(
                f"{player.player_number}\t{player.name}\t{country}\t{player.location_note!r}"
            )
        if players:
            self.stdout.write(
                f"{len(players)} player(s) to fix: add the region (admin: Regions) or correct"
                " the country, then choose it on the player."
            )
        else:
            self.stdout.write("Every player's location is a country and region of the lists.")
