"""The ranking officer, and events accepted for the ranking (SPEC §9)."""

from django.contrib.auth.models import User

from tests.support.players import make_player
from tournament.events.models import Event


def ranking_officer() -> User:
    """The tests' ranking officer account (a member of the ranking officers' group, §9)."""
    from django.contrib.auth.models import Group

    from tournament.accounts.roles import RANKING_OFFICERS_GROUP

    user = User.objects.filter(username="officer").first()
    if user is None:
        user = make_player("officer", "Olga Officer").user
        user.groups.add(Group.objects.get_or_create(name=RANKING_OFFICERS_GROUP)[0])
    return user


def accept_for_ranking(*events: Event) -> None:
    """Submit each finished event's scoring form as its organizer and accept it as a ranking
    officer: only accepted events count in the ranking (SPEC §9)."""
    from tournament.review.services import accept, submit

    for event in events:
        submit(event, event.organizer.user)
        accept(event, ranking_officer())
