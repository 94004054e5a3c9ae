"""An event's structure, decided once from its stored choices (SPEC §4 brackets, SPEC §10
Team Spirit, SPEC §11 one-on-one).

`structure_of(event)`, read as `event.shape`, picks a `Brackets` or a `OneOnOne` object from
the event's structure and tournament type; the site asks that object what differs (are the
players paired in matches, do they sit as teams, is the event scored for the ranking)
instead of testing the structure's or the tournament type's name. Only this module and the
rules engine (`scoring/`) test those names: `tests/foundation/test_structure_names.py` fails
on a test of them anywhere else. The object is a plain value (two events of one structure
and type get equal objects) and reads nothing from the database."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from django.utils.translation import gettext as _

from tournament.events.choices import Structure, TournamentType


class StructureChoices(Protocol):
    """What a structure is chosen from: an event, saved or not (a form's instance)."""

    structure: str
    tournament_type: str
    no_xs_digit: int | None


@dataclass(frozen=True)
class Brackets:
    """Brackets of three or four, seated afresh each round; the winners advance (SPEC §4).
    In Team Spirit (SPEC §10) each side of a bracket is a team of two sitting together."""

    teams: bool = False

    name = Structure.BRACKETS
    one_on_one = False
    # A scored bracket event sends its scoring form to the ranking body (SPEC §9).
    ranked = True


@dataclass(frozen=True)
class OneOnOne:
    """One-on-one matches: Swiss rounds paired from the standing, then a top cut (SPEC §11).
    Never played by teams, never scored for the ranking (SPEC §11 Ranking)."""

    name = Structure.ONE_ON_ONE
    one_on_one = True
    teams = False
    ranked = False


EventStructure = Brackets | OneOnOne


def structure_named(name: str | None) -> EventStructure:
    """The structure object of a stored structure choice (a league's, a form's, a payload's);
    anything but one-on-one is brackets, the default choice."""
    return OneOnOne() if name == Structure.ONE_ON_ONE else Brackets()


def structure_of(event: StructureChoices) -> EventStructure:
    """The event's structure object, chosen from its structure and tournament type."""
    if event.structure == Structure.ONE_ON_ONE:
        return OneOnOne()
    return Brackets(teams=event.tournament_type == TournamentType.TEAM_SPIRIT)


def choice_errors(event: StructureChoices) -> dict[str, str]:
    """What is wrong with the event's structure and type together, by field: the No-Xs digit
    is given exactly for a No-Xs tournament (SPEC §2), Team Spirit is played in brackets
    (SPEC §10)."""
    errors: dict[str, str] = {}
    no_xs = event.tournament_type == TournamentType.NO_XS
    if no_xs and event.no_xs_digit is None:
        errors["no_xs_digit"] = _("A No-Xs tournament needs its digit X (0–9).")
    if not no_xs and event.no_xs_digit is not None:
        errors["no_xs_digit"] = _("Only a No-Xs tournament has a digit.")
    if event.structure == Structure.ONE_ON_ONE and (
        event.tournament_type == TournamentType.TEAM_SPIRIT
    ):
        errors["structure"] = _("Team Spirit is played by teams in brackets, never one-on-one.")
    return errors
