"""Django's month names, listed so that the project's own catalogue keeps its translation of
them (makemessages finds them here): Brazilian Portuguese writes them in lower case ("21 de
novembro de 2026") where Django's catalogue capitalises them, and the project's catalogue
(LOCALE_PATHS) comes first."""

from django.utils.translation import gettext_noop

MONTHS = (
    gettext_noop("January"),
    gettext_noop("February"),
    gettext_noop("March"),
    gettext_noop("April"),
    gettext_noop("May"),
    gettext_noop("June"),
    gettext_noop("July"),
    gettext_noop("August"),
    gettext_noop("September"),
    gettext_noop("October"),
    gettext_noop("November"),
    gettext_noop("December"),
)
