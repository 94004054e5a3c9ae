"""A signed-in person's pages are in the language he chose, whatever his browser asks for."""

from __future__ import annotations

from django.conf import settings
from django.middleware.locale import LocaleMiddleware
from django.utils import translation

from tournament.accounts.preferences import session_language


class PersonLocaleMiddleware(LocaleMiddleware):
    """Django's `LocaleMiddleware`, except that the language kept in a signed-in person's
    session (`preferences.SESSION_LANGUAGE`: his choice, put there at log-in, by the language
    menu and the profile) comes before the language cookie and `Accept-Language`. So a
    judge's pages, and the copies his phone keeps for offline use (fetched with his session),
    are in his language on any phone. Without a choice, Django's order applies."""

    def process_request(self, request) -> None:
        # Only a request that carries a session reads it: touching an empty session would
        # add `Vary: Cookie` to every public page and API answer.
        has_session = settings.SESSION_COOKIE_NAME in request.COOKIES
        language = session_language(request) if has_session else None
        if language is None:
            super().process_request(request)
            return
        translation.activate(language)
        request.LANGUAGE_CODE = translation.get_language()
