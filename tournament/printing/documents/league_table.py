"""A league's table with its rules (kind `league-table`): every row of
`leagues.services.table`, frozen once the league is closed, like its page."""

from tournament.leagues import services as league_services
from tournament.leagues.models import League
from tournament.printing.documents.base import DocumentRequest, PrintedDocument
from tournament.printing.models import Kind


def league_rows(league: League) -> list[dict]:
    """The league's table rows, each with its player (one query for the names).

    From `leagues.services.table` (frozen once closed), not the pages' cached copy: the
    fingerprint, computed by web and worker processes alike, must read the data itself."""
    return league_services.with_players(league_services.table(league))


def league_table_rows(league: League) -> tuple:
    """Every line the league table prints, as plain tuples (rank, player, name, number,
    region, points, events, qualified), and the championship its rules name."""
    rows = tuple(
        (
            item["row"].rank,
            str(item["row"].player),
            item["player"].name if item["player"] else "",
            item["player"].player_number if item["player"] else "",
            item["row"].region,
            item["row"].points,
            item["row"].events_played,
            item["row"].qualified,
        )
        for item in league_rows(league)
    )
    championship = league.championship.name if league.championship_id else ""
    return (rows, championship)


class LeagueTable(PrintedDocument):
    """A league's table with its rules: frozen once the league is closed, like its page."""

    kinds = (Kind.LEAGUE_TABLE,)
    template = "printing/league_table.html"

    def shown_data(self, request: DocumentRequest, league: League) -> tuple:
        # The definition (dates, countries, counting, slots) is in the league's updated_at,
        # hashed by render.fingerprint(); closing does not bump it, so closed_at is hashed here.
        return (league.closed_at, league_table_rows(league))

    def context(self, request: DocumentRequest) -> dict:
        return {"league": request.league, "rows": league_rows(request.league)}
