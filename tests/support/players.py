"""People: a user account with its player profile, a test client logged in as one."""

from django.contrib.auth.models import User

from tournament.accounts.models import Player


def make_player(username: str, name: str | None = None, **fields) -> Player:
    """A user account with its player profile."""
    user = User.objects.create_user(username, f"{username}@example.org", "pw-" + username)
    return Player.create_for_user(user, name=name or username.title(), **fields)


def login(client, player: Player):
    client.force_login(player.user)
    return client
