"""Every subscription of the site, in one place: who follows what each app announces.

Services announce happenings (`core/happenings.py`; each app's `happenings.py` declares
them); the handlers live in the subscribing app's `handlers.py`. Handlers run in the order
listed here, in the announcing service's transaction; those that mail, deliver, render or
bump a cache defer that work to the commit themselves.

Model signals are kept only for what any code, the admin or an import may do to a row (an
event deleted, a player or region renamed, a cached metagame's lists, events and card data
saved or deleted): they are connected here too, at the end, after the one other Django
signal the site follows (a person's log-in).

The registration checks that apps above the events add (`events.happenings.
registration_checks`) are declared here as well, and so are the parts that apps above add
to a lower app's pages and checks (`core/extras.py`: the profile, a player's page, the
metagame index, the event-file import) and where people's language and zone are kept
(`accounts.preferences`).
"""

from django.contrib.auth.models import User
from django.contrib.auth.signals import user_logged_in
from django.db.models.signals import m2m_changed, post_delete, post_save, pre_delete

from tournament.accounts import api_tokens, preferences
from tournament.accounts import handlers as accounts
from tournament.accounts.models import ApiToken, Player, Region
from tournament.accounts.views import ProfileView
from tournament.core.happenings import subscribe
from tournament.decks import handlers as decks
from tournament.decks.happenings import DecklistChanged
from tournament.decks.models import CardImport, Decklist
from tournament.decks.views_metagame import MetagameIndexView
from tournament.eventfile.services import BRACKET_FILE_CHECKS
from tournament.events import views_calendar
from tournament.events.happenings import (
    Dropped,
    EventChanged,
    MovedUp,
    Registered,
    Waitlisted,
    registration_checks,
)
from tournament.events.models import Event, forget_judges
from tournament.leagues import views as league_views
from tournament.leagues import views_metagame as league_metagame
from tournament.leagues.services import registration_refusal
from tournament.notifications import handlers as notifications
from tournament.notifications import person
from tournament.printing import handlers as printing
from tournament.ranking import handlers as ranking
from tournament.ranking import views as ranking_views
from tournament.ratings import handlers as ratings
from tournament.ratings import views as rating_views
from tournament.results.happenings import (
    EntryCorrected,
    EntryWaiting,
    GamesConfirmed,
    TiebreakDecided,
)
from tournament.review import fingerprint
from tournament.review import handlers as review
from tournament.review.happenings import Decided
from tournament.rounds.happenings import (
    EventFinished,
    RoundClosed,
    RoundPublished,
    RoundSeated,
    TimeCalled,
)
from tournament.standings import handlers as standings
from tournament.standings.happenings import FiguresChanged, FiguresStored
from tournament.standings.views import BracketView, PlayerView, StandingsView
from tournament.webhooks import handlers as webhooks
from tournament.webhooks.models import Webhook
from tournament.webhooks.services import hook_changed

# Announced and deliberately followed by nobody (yet): the test that every happening is
# subscribed accepts these.
UNSUBSCRIBED = frozenset({RoundClosed})


def connect() -> None:
    """Make every subscription (the `site` app's `ready`); connecting twice changes nothing."""
    # --- events --------------------------------------------------------------------------
    # The registered player is told (unless he did it himself; events taking registrations).
    subscribe(Registered, notifications.registered)
    # The waitlisted player is told he waits for a place.
    subscribe(Waitlisted, notifications.registered)
    # The player who got a place from the waiting list is told.
    subscribe(MovedUp, notifications.moved_up)
    # The dropped player is told (he is not seated again; a mistake can be undone).
    subscribe(Dropped, notifications.dropped)
    # Event fields or judges edited: the standings recompute what they change.
    subscribe(EventChanged, standings.event_changed)
    subscribe(EventChanged, decks.event_changed)
    # A finished event's date or status edited: the ratings follow (their order, SPEC §12).
    subscribe(EventChanged, ratings.event_changed)
    # A championship restricted to a league's qualified players refuses the others.
    if registration_refusal not in registration_checks:
        registration_checks.append(registration_refusal)

    # --- results -------------------------------------------------------------------------
    # Entries waiting: a player's report asks his table; conflicts told; the waiting sweep.
    subscribe(EntryWaiting, notifications.entry_waiting)
    # A game confirmed: the standings recompute the bracket with the games carried.
    subscribe(GamesConfirmed, standings.games_confirmed)
    # A game confirmed: webhooks say the results were updated (after the commit).
    subscribe(GamesConfirmed, webhooks.results_confirmed)
    # A correction confirmed: the players already told the table's result are told.
    subscribe(EntryCorrected, notifications.entry_corrected)
    # A judge's tie-break decision: the standings recompute the bracket.
    subscribe(TiebreakDecided, standings.tiebreak_decided)
    # A judge's tie-break decision: webhooks say the results were updated.
    subscribe(TiebreakDecided, webhooks.results_confirmed)

    # --- decks ---------------------------------------------------------------------------
    # A locked list changed by someone else tells the organizer; an illegal one its player.
    subscribe(DecklistChanged, notifications.decklist_changed)

    # --- standings -----------------------------------------------------------------------
    # New figures stored: documents printing them are rendered again after the commit.
    subscribe(FiguresStored, printing.figures_stored)
    # New figures of a finished event: the cached metagame pages are old.
    subscribe(FiguresStored, decks.figures_stored)
    # A finished event's figures stored again (a correction, an import): the ratings follow.
    subscribe(FiguresStored, ratings.figures_stored)
    # A finished event's figures or ranking fields changed: an accepted review re-opens.
    subscribe(FiguresChanged, review.figures_changed)

    # --- rounds --------------------------------------------------------------------------
    # A round seated: webhooks.
    subscribe(RoundSeated, webhooks.round_seated)
    # A round published: each player is told his seat (with results not told yet).
    subscribe(RoundPublished, notifications.round_published)
    # A round published: webhooks.
    subscribe(RoundPublished, webhooks.round_published)
    # Time called: officials and the players still playing are told.
    subscribe(TimeCalled, notifications.time_called)
    # Time called: webhooks.
    subscribe(TimeCalled, webhooks.time_called)
    # The event finished: each player is told his place and points.
    subscribe(EventFinished, notifications.event_finished)
    subscribe(EventFinished, decks.event_finished)
    # The event finished: webhooks.
    subscribe(EventFinished, webhooks.event_finished)
    # The event finished: its games count in the ratings (SPEC §12).
    subscribe(EventFinished, ratings.event_finished)

    # --- review --------------------------------------------------------------------------
    # A decision on a scoring form: ranking officers or the organizer are told.
    subscribe(Decided, notifications.decided)
    # An imported event counts in the ratings once accepted (SPEC §9, §12).
    subscribe(Decided, ratings.review_decided)

    # --- parts that apps above add to lower apps' pages and checks (core/extras.py) ---------
    # People's language and time zone are kept with their notification preferences.
    preferences.keep_in(person.keeper)
    # The profile shows the player's calendar feeds.
    ProfileView.extras.add(views_calendar.profile_feeds)
    # A player's page shows his ranking points of the year chosen and his rank chart.
    PlayerView.yearly_extras.add(ranking_views.player_ranking)
    # An event's standings page shows its scoring form's due date and whether it is late.
    StandingsView.extras.add(ranking_views.standings_form_due)
    # A player's page shows his places in the leagues.
    PlayerView.extras.add(league_views.player_seasons)
    # A player's page shows his rating and its chart (SPEC §12).
    PlayerView.extras.add(rating_views.player_rating)
    # A bracket's or match's page shows each side's chance to win it before it starts.
    BracketView.extras.add(rating_views.bracket_chances)
    # The metagame index lists the leagues, each with its own metagame.
    MetagameIndexView.extras.add(league_metagame.metagame_leagues)
    # An event file whose results are those of an event already accepted is refused (SPEC §9).
    BRACKET_FILE_CHECKS.add(fingerprint.accepted_copy_issues)

    # --- Django's signals ------------------------------------------------------------------
    # A person logs in (any way: the form, OAuth, the admin): his zone and language go into
    # his session.
    user_logged_in.connect(accounts.logged_in, dispatch_uid="accounts-person-zone")

    # --- model signals (any code or the admin) -------------------------------------------
    # A token, an account or a player profile saved or deleted: cached token lookups go.
    _saved_or_deleted(
        "api-token",
        (ApiToken, api_tokens.token_saved),
        (User, api_tokens.user_saved),
        (Player, api_tokens.player_saved),
    )
    # A webhook saved or deleted: the kinds its event's hooks listen to are read again.
    _saved_or_deleted("webhook-kinds", (Webhook, hook_changed))
    # An event's judges changed (either side): the instance and the cache read them again.
    m2m_changed.connect(forget_judges, sender=Event.judges.through, dispatch_uid="event_judges")
    # An event deleted: its players' ranking totals are counted again.
    pre_delete.connect(ranking.event_deleting, sender=Event, dispatch_uid="ranking_del")
    post_delete.connect(ranking.event_deleted, sender=Event, dispatch_uid="ranking_gone")
    # A finished event deleted: the ratings are computed without its games.
    post_delete.connect(ratings.event_deleted, sender=Event, dispatch_uid="ratings_gone")
    # A player or a region saved: cached tables go, officials' lists take the new name.
    post_save.connect(standings.player_saved, sender=Player, dispatch_uid="standings_player")
    # A player saved: a league's metagame follows its countries' players.
    post_save.connect(decks.player_saved, sender=Player, dispatch_uid="metagame-player")
    # A finished event deleted: its lists leave the stored metagame summaries.
    post_delete.connect(decks.finished_event_gone, sender=Event, dispatch_uid="metagame-gone")
    post_save.connect(standings.region_saved, sender=Region, dispatch_uid="standings_region")
    # A list saved: what it contributes to the metagame is read again (decks/facts.py); a
    # finished event saved: its lists' facts follow its format and the card data.
    post_save.connect(decks.list_saved, sender=Decklist, dispatch_uid="metagame-facts-list")
    # Lists of finished events, events and card data saved or deleted: metagame caches go.
    _saved_or_deleted(
        "metagame",
        (Decklist, decks.list_changed),
        (Event, decks.event_saved_or_gone),
        (CardImport, decks.lists_changed),
    )


def _saved_or_deleted(name: str, *receivers) -> None:
    """Each (model, receiver) follows its model's rows saved and deleted."""
    for model, receiver in receivers:
        uid = f"{name}-{model.__name__}"
        post_save.connect(receiver, sender=model, dispatch_uid=f"{uid}-save")
        post_delete.connect(receiver, sender=model, dispatch_uid=f"{uid}-del")
