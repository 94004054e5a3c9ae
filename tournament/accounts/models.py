"""A player: the person behind an account, with a permanent player number."""

from django.conf import settings
from django.db import IntegrityError, models, transaction
from django.db.models.functions import Cast
from django.utils.translation import gettext_lazy as _
from django_countries.fields import CountryField

# How often a sign-up retries when another one took its player number at the same moment.
NUMBER_ATTEMPTS = 50


class Region(models.Model):
    """A region of a country (state, province…), as players choose it on their profile.

    Made by the migration from what players had typed, by the demo, and by officers (admin)
    for what players wrote as “other” (`manage.py unmapped_locations` lists those)."""

    country = CountryField(_("country"))
    name = models.CharField(_("name"), max_length=60)

    class Meta:
        ordering = ["country", "name"]
        verbose_name = _("region")
        verbose_name_plural = _("regions")
        constraints = [
            models.UniqueConstraint(fields=["country", "name"], name="region_unique_per_country")
        ]

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    """Everyone who plays, organizes or judges; an account is optional (imported players)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="player",
        verbose_name=_("account"),
    )
    player_number = models.CharField(_("player number"), max_length=20, unique=True)
    name = models.CharField(_("name"), max_length=120)
    country = CountryField(_("country"), blank=True)
    region = models.ForeignKey(
        Region,
        on_delete=models.PROTECT,  # a region in use is merged or kept, never lost
        null=True,
        blank=True,
        related_name="players",
        verbose_name=_("region"),
    )
    # Where the player said he is when no country or region of the lists fitted (what the
    # free-text fields held before the move to codes, or a region chosen as “other”).
    location_note = models.CharField(_("location note"), max_length=200, blank=True)
    club = models.CharField(_("club / team"), max_length=120, blank=True)
    # The secret part of the player's calendar feed addresses (a calendar app cannot sign
    # in); empty until first shown, replaced when the player asks for new addresses.
    calendar_key = models.CharField(max_length=43, blank=True, default="", db_index=True)
    # Whether the account's e-mail address is proven to be its owner's. Only the sign-up
    # form makes an unconfirmed player (the link it mails confirms him); every other way to
    # an account (the migration for those before, the demo, the admin, imports) is trusted.
    # Results are entered, confirmed and reported by confirmed accounts only.
    email_verified = models.BooleanField(_("e-mail address confirmed"), default=True)

    class Meta:
        ordering = ["name", "player_number"]
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return f"{self.name} ({self.player_number})"

    @classmethod
    def next_player_number(cls) -> str:
        """The next free numeric player number (numbers are permanent, never reused)."""
        numeric = cls.objects.filter(player_number__regex=r"^[0-9]+$").annotate(
            as_int=Cast("player_number", models.BigIntegerField())
        )
        highest = numeric.order_by("-as_int").values_list("as_int", flat=True).first()
        return str(max(highest or 0, 1000) + 1)

    @classmethod
    def create_for_user(cls, user, **fields) -> "Player":
        """Create the player profile of a new account with a fresh player number.

        Simultaneous sign-ups read the same highest number; the unique constraint refuses all
        but one, and the others take the next free number (each try in its own savepoint)."""
        name = fields.pop("name", None) or user.get_full_name() or user.get_username()
        for _attempt in range(NUMBER_ATTEMPTS):
            number = cls.next_player_number()
            try:
                with transaction.atomic():
                    return cls.objects.create(user=user, name=name, player_number=number, **fields)
            except IntegrityError:
                if not cls.objects.filter(player_number=number).exists():
                    raise  # not the number: a real error
        raise IntegrityError(f"no free player number after {NUMBER_ATTEMPTS} tries")


class ApiToken(models.Model):
    """A personal token for the API (integrators: bots, result feeds, overlays). Only its
    SHA-256 is stored; the token itself is shown once, when made. Scopes say what it may do:
    `read` (what the person may read, and his own reports), `judge` (result entries,
    confirmations, check-in in events he judges), `organize` (creating and running his
    events, registrations, drops)."""

    class Scope(models.TextChoices):
        READ = "read", _("Read, and report my own games")
        JUDGE = "judge", _("Judge: enter and confirm results, check players in")
        ORGANIZE = "organize", _("Organize: run my events, registrations and drops")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    name = models.CharField(_("name"), max_length=80)
    digest = models.CharField(max_length=64, unique=True)
    prefix = models.CharField(_("starts with"), max_length=12)
    scopes = models.JSONField(_("scopes"), default=list)
    created_at = models.DateTimeField(_("made"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"
