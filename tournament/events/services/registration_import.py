"""Register many players at once from a CSV text: every row or none, each refusal naming its
line. One service for the organizer's import page and the API's import."""

from __future__ import annotations

import csv
import io

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.accounts.models import Player
from tournament.events.choices import Status
from tournament.events.models import Event, Registration
from tournament.events.services import registration as registrations

MAX_IMPORT_ROWS = 500
MAX_IMPORT_CHARS = 100_000
COLUMNS = ("player_number", "name")


def create_guest_player(name: str) -> Player:
    """A player without an account (imported, or added at the venue), with a fresh player
    number."""
    name = (name or "").strip()
    if not name:
        raise ValidationError(_("Give the new player's name."))
    return Player.objects.create(name=name, player_number=Player.next_player_number())


class ImportRefused(ValidationError):
    """The whole import was refused: `messages` names each line that is wrong."""


def csv_rows(text: str) -> list[tuple[int, dict[str, str]]]:
    """(line number, row) for every data row; the header names the columns (any order)."""
    if len(text) > MAX_IMPORT_CHARS:
        raise ImportRefused(
            _("The file is too large: at most %(most)s characters.") % {"most": MAX_IMPORT_CHARS}
        )
    try:
        reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")), dialect=_dialect(text))
        columns = {c.strip().lower() for c in reader.fieldnames or ()}
        rows = [
            (number, {k.strip().lower(): (v or "").strip() for k, v in row.items() if k})
            for number, row in enumerate(reader, start=2)
        ]
    except csv.Error as error:
        raise ImportRefused(_("This is not a CSV file: %(error)s") % {"error": error}) from error
    if not columns & set(COLUMNS):
        raise ImportRefused(_("The header row needs a player_number or a name column."))
    if not rows or len(rows) > MAX_IMPORT_ROWS:
        raise ImportRefused(_("Give 1 to %(most)s rows.") % {"most": MAX_IMPORT_ROWS})
    return rows


def _dialect(text: str) -> type[csv.Dialect] | str:
    """`,` or `;` (what a spreadsheet in Portuguese writes), read from the header line."""
    header = text.lstrip("\ufeff").split("\n", 1)[0]
    return "excel" if header.count(",") >= header.count(";") else _Semicolon


class _Semicolon(csv.excel):
    delimiter = ";"


def _player_of(row: dict[str, str]) -> Player:
    number, name = row.get("player_number", ""), row.get("name", "")
    if number:
        player = Player.objects.filter(player_number=number).first()
        if player is None:
            raise ValidationError(_("No player has the number %(number)s.") % {"number": number})
        return player
    if name:
        return create_guest_player(name)
    raise ValidationError(_("Give a player_number or a name."))


@transaction.atomic
def import_registrations(event: Event, text: str, by=None) -> list[Registration]:
    """Register every row's player (a known number, or a new player by name), or nobody:
    ImportRefused lists "Row N: reason" for each row that cannot be registered. ``by``: the
    official who imports them (recorded as who registered each player)."""
    done, problems = [], []
    for line, row in csv_rows(text):
        try:
            with transaction.atomic():
                player = _player_of(row)
                done.append(
                    registrations.register(
                        event, player, late=event.status == Status.RUNNING, by=by
                    )
                )
        except ValidationError as error:
            problems.append(
                _("Row %(line)s: %(reason)s") % {"line": line, "reason": " ".join(error.messages)}
            )
    if problems:
        transaction.set_rollback(True)
        raise ImportRefused(problems)
    return done
