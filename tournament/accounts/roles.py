"""Roles a person holds on the whole site (an event's roles are `events.permissions`).

Ranking officers review scoring forms (`review`), bring past years in by a zip of event
files (`eventfile`) and define leagues (`leagues`): the members of a Django group (created by
the migration `review/0002`; managed in the admin, on the user's page), and superusers.
"""

# The Django group whose members are ranking officers (superusers act as officers too).
RANKING_OFFICERS_GROUP = "Ranking officers"


def is_ranking_officer(user) -> bool:
    """Members of the ranking officers' group (and superusers); cached on the user instance
    for the request (the nav asks on every page)."""
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return False
    if not hasattr(user, "_is_ranking_officer"):
        user._is_ranking_officer = (
            user.is_superuser or user.groups.filter(name=RANKING_OFFICERS_GROUP).exists()
        )
    return user._is_ranking_officer
