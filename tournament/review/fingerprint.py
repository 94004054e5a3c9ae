"""The results fingerprint of an event: what makes two events "the same event" (SPEC §9).

It hashes what was played, not what the event is called: every round's brackets by table,
the players seated there by player number (by name when a file gives no number), and every
game's winner, ending and unrazed counts, the judge's tie-break order and the drops. The
name, date, venue, format and officials are left out, so a renamed copy of an event file
("Totally Real Open") has the same fingerprint as the event it was copied from.
"""

import hashlib
import json

from django.utils.translation import gettext as _

from scoring import model as m
from tournament.events.models import Event


def results_fingerprint(record: m.EventRecord) -> str:
    """A SHA-256 hex digest of the record's rounds, with players named by player number."""
    number = {p.id: p.player_number or f"name:{p.name}" for p in record.players}

    def who(player_id: str | None) -> str | None:
        return None if player_id is None else number.get(player_id, f"id:{player_id}")

    def counts(values) -> list | None:
        return None if values is None else sorted((who(p), n) for p, n in values.items())

    rounds = [
        [
            rnd.number,
            [
                [
                    bracket.table,
                    [who(p) for p in bracket.players],
                    [
                        [
                            who(game.winner),
                            str(game.ended_by),
                            counts(game.unrazed),
                            counts(game.razed),
                            counts(game.holdings),
                        ]
                        for game in bracket.games
                    ],
                    None
                    if bracket.tiebreak_order is None
                    else [who(p) for p in bracket.tiebreak_order],
                    sorted(who(p) for p in bracket.dropped),
                ]
                for bracket in sorted(rnd.brackets, key=lambda b: b.table)
            ],
        ]
        for rnd in sorted(record.rounds, key=lambda r: r.number)
    ]
    text = json.dumps(rounds, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def accepted_copy_issues(record: m.EventRecord) -> list[m.Issue]:
    """An import is refused when its results are those of an event already accepted."""
    if not any(b.games for r in record.rounds for b in r.brackets):
        return []  # nothing played yet: nothing that could be ranked twice
    copy = (
        Event.objects.filter(review__accepted_fingerprint=results_fingerprint(record))
        .order_by("pk")
        .first()
    )
    if copy is None:
        return []
    message = _(
        "the players and results are identical to “%(name)s” (%(date)s), an event already "
        "accepted into the ranking; an identical copy is not imported"
    ) % {"name": copy.name, "date": copy.date.isoformat()}
    return [m.Issue("rounds", message)]
