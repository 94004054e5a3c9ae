"""Root URL configuration: each app mounts its own URLs."""

from django.contrib import admin
from django.urls import include, path
from oauth2_provider import views as oauth_views

from tournament.accounts import views as account_views
from tournament.core import views as core_views
from tournament.decks import urls as deck_urls
from tournament.events import urls as event_urls
from tournament.leagues import urls as league_urls
from tournament.printing import urls as printing_urls
from tournament.rounds import urls as round_urls

# OAuth 2.0 for apps (tournament/accounts/oauth.py): the authorization code flow's three
# endpoints, and the server's metadata at the origin's well-known address (RFC 8414).
OAUTH = [
    path(
        ".well-known/oauth-authorization-server",
        oauth_views.OAuthServerMetadataView.as_view(),
        name="oauth-server-metadata",
    ),
    path("oauth/authorize/", oauth_views.AuthorizationView.as_view(), name="authorize"),
    path("oauth/token/", oauth_views.TokenView.as_view(), name="token"),
    path("oauth/revoke/", oauth_views.RevokeTokenView.as_view(), name="revoke-token"),
]

urlpatterns = [
    path("healthz", core_views.healthz, name="healthz"),
    path("admin/", admin.site.urls),
    # Before Django's: the language menu also keeps a signed-in person's choice.
    path("i18n/setlang/", account_views.set_language, name="set_language"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include("tournament.accounts.urls")),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/", include("tournament.api.urls")),
    path("help/", include("tournament.help.urls")),
    path("", include((OAUTH, "oauth2_provider"))),
    # the event's namespace: its own pages and the judges' check-in, which the rounds app runs
    path("", include((event_urls.urlpatterns + round_urls.EVENT_PAGES, event_urls.app_name))),
    path("", include("tournament.rounds.urls")),
    path("", include("tournament.results.urls")),
    # the metagame's namespace: the decks' pages and a league's metagame, which leagues run
    path("", include((deck_urls.urlpatterns + league_urls.DECK_PAGES, deck_urls.app_name))),
    path("", include("tournament.standings.urls")),
    path("", include("tournament.ranking.urls")),
    path("", include("tournament.ratings.urls")),
    path("", include("tournament.printing.urls")),
    path("", include("tournament.eventfile.urls")),
    path("", include("tournament.review.urls")),
    path("", include("tournament.webhooks.urls")),
    path("", include("tournament.notifications.urls")),
    # the league's namespace: its own pages and its table's print pages, which printing runs
    path("", include((league_urls.urlpatterns + printing_urls.LEAGUE_PAGES, league_urls.app_name))),
]

handler400 = "tournament.core.views.bad_request"
handler403 = "tournament.core.views.permission_denied"
handler404 = "tournament.core.views.page_not_found"
handler500 = "tournament.core.views.server_error"
