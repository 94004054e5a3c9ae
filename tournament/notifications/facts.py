"""What messages say of an event's people and rounds, whatever tells them (`handlers`, as a
change is announced; `waiting`, for entries that wait): who its officials are, and how a round
is named."""

from tournament.events.models import Event, Round


def user_of(player):
    return player.user if player is not None else None


def officials(event: Event) -> list:
    return [user_of(event.organizer), *(user_of(j) for j in event.judges.all())]


def round_facts(rnd: Round) -> dict:
    """What names a round in a message: its number, and whether it is the final."""
    return {"round": rnd.number, "final": is_the_final(rnd)}


def is_the_final(rnd: Round) -> bool:
    """A round read as "the final": a bracket event's, or a one-on-one top cut's last match;
    a one-on-one event's last Swiss round (its last round, several matches) is "round N"."""
    return rnd.is_final and (rnd.is_cut or not rnd.event.is_one_on_one)
