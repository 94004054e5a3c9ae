"""An event, its registrations, and the rounds, brackets and seats it is played in."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinLengthValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from scoring.model import MAX_TIME_LIMIT_MINUTES, MIN_TIME_LIMIT_MINUTES
from scoring.shorthand import Language, shorthand
from tournament.accounts.models import Player
from tournament.core.memo import forget, remembered
from tournament.core.timezones import default_time_zone, validate_time_zone
from tournament.events.choices import (
    BestOf,
    DeckRules,
    DeckSize,
    PaperSize,
    PointsMode,
    RulesEdition,
    Status,
    Structure,
    TopCut,
    TournamentType,
    Variant,
    Victory,
)
from tournament.events.structures import EventStructure, choice_errors, structure_of

# The event's format (SPEC §2), declared once in three groups, in the order forms and the API
# list them; what the engine's `scoring.model.Format` is built from (`events/to_engine.py:
# format_of`).
# The rules recorded results and decklists were checked against: fixed once a round is seated.
RULE_FIELDS = (
    "deck_size",
    "deck_rules",
    "tournament_type",
    "no_xs_digit",
    "variants",
    "victory",
    "rules_edition",
)
# What decides points and eligibility: a change recomputes every stored figure.
POINTS_FIELDS = ("scored", "event_multiplier", "points_mode")
# The round clock (games ended by time need it).
CLOCK_FIELDS = ("time_limit_minutes",)
FORMAT_FIELDS = (*RULE_FIELDS, *POINTS_FIELDS, *CLOCK_FIELDS)


# A venue code long enough not to be guessed in the tries a player has (core/ratelimit.py).
CHECK_IN_CODE_MIN = 6


class DecklistsPublished(models.TextChoices):
    """Which lists of a finished event the public may read."""

    NONE = "none", _("No list")
    TOP = "top", _("The lists of the top N places")
    ALL = "all", _("Every list")


class Event(models.Model):
    name = models.CharField(_("name"), max_length=150)
    date = models.DateField(_("date"))
    venue = models.CharField(_("venue"), max_length=150)
    start_time = models.TimeField(_("start time"), null=True, blank=True)
    time_zone = models.CharField(
        _("time zone"),
        max_length=64,
        default=default_time_zone,
        validators=[validate_time_zone],
        help_text=_("Where the event is played: its times in calendars are in this zone."),
    )
    # The language of its e-mails to people who never chose one (their pages follow their
    # browser): a São Paulo event writes Portuguese to its players.
    language = models.CharField(
        _("language"),
        max_length=10,
        choices=settings.LANGUAGES,
        default=settings.LANGUAGE_CODE,
        help_text=_("E-mails to people who never chose a language are written in this one."),
    )
    address = models.CharField(_("address"), max_length=300, blank=True)
    description = models.TextField(_("description"), blank=True)
    capacity = models.PositiveIntegerField(
        _("capacity"),
        null=True,
        blank=True,
        validators=[MinValueValidator(3)],
        help_text=_("Players beyond it join the waiting list. Empty: no limit."),
    )
    registration_deadline = models.DateTimeField(_("registration deadline"), null=True, blank=True)
    organizer = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        related_name="organized_events",
        verbose_name=_("organizer"),
    )
    judges = models.ManyToManyField(
        Player, blank=True, related_name="judged_events", verbose_name=_("judges")
    )
    status = models.CharField(_("status"), max_length=20, choices=Status, default=Status.DRAFT)
    # SPEC §11: brackets of three or four (the default), or one-on-one Swiss rounds.
    structure = models.CharField(
        _("structure"), max_length=12, choices=Structure, default=Structure.BRACKETS
    )
    best_of = models.PositiveSmallIntegerField(
        _("games per match"), choices=BestOf, default=BestOf.THREE
    )
    swiss_rounds = models.PositiveSmallIntegerField(
        _("Swiss rounds"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(20)],
        help_text=_("Leave empty for the usual count: enough rounds for one undefeated player."),
    )
    top_cut = models.PositiveSmallIntegerField(_("top cut"), choices=TopCut, default=TopCut.NONE)

    deck_size = models.PositiveSmallIntegerField(_("deck size"), choices=DeckSize, default=55)
    deck_rules = models.CharField(
        _("deck rules"), max_length=20, choices=DeckRules, default=DeckRules.COMMUNITY
    )
    tournament_type = models.CharField(
        _("tournament type"), max_length=30, choices=TournamentType, default="championship"
    )
    no_xs_digit = models.PositiveSmallIntegerField(
        _("No-Xs digit"),
        null=True,
        blank=True,
        validators=[MaxValueValidator(9)],
        help_text=_("The digit X of a No-Xs tournament."),
    )
    variants = models.JSONField(_("variants"), default=list, blank=True)
    victory = models.CharField(
        _("victory condition"), max_length=20, choices=Victory, default=Victory.STANDARD
    )
    rules_edition = models.CharField(
        _("rules edition"),
        max_length=20,
        choices=RulesEdition,
        default=RulesEdition.COMMUNITY_0_9,
        help_text=_(
            "Regra 5.0 events win Standard and Enhanced games at the start of the turn and "
            "print the shorthand in Portuguese."
        ),
    )
    scored = models.BooleanField(_("scored"), default=True)
    event_multiplier = models.PositiveSmallIntegerField(
        _("event multiplier"),
        default=1,
        choices=[(1, _("Normal (×1)")), (2, _("Double points (×2)"))],
    )
    points_mode = models.CharField(
        _("points"), max_length=20, choices=PointsMode, default=PointsMode.CUMULATIVE
    )
    time_limit_minutes = models.PositiveSmallIntegerField(
        _("time limit per round (minutes)"),
        null=True,
        blank=True,
        validators=[
            MinValueValidator(MIN_TIME_LIMIT_MINUTES),
            MaxValueValidator(MAX_TIME_LIMIT_MINUTES),
        ],
    )
    single_entry = models.BooleanField(
        _("single entry"),
        default=False,
        help_text=_("Results entered by one judge count at once, without a second confirmation."),
    )
    players_report_results = models.BooleanField(
        _("players report their results"),
        default=False,
        help_text=_(
            "Seated players send their bracket's games from their phone; a result counts only "
            "once a judge confirms it."
        ),
    )
    players_confirm_reports = models.BooleanField(
        _("players confirm each other's reports"),
        default=False,
        help_text=_(
            "A player's report confirmed by another player of the table counts without a "
            "judge; judges step in only when reports differ."
        ),
    )
    spread_clubs = models.BooleanField(_("spread clubs in round 1"), default=False)
    seed_by_ranking = models.BooleanField(_("seed round 1 by ranking"), default=False)
    seed_by_rating = models.BooleanField(
        _("seed by rating instead of ranking points"),
        default=False,
        help_text=_(
            "With round 1 seeded, the players' ratings order them rather than their ranking points."
        ),
    )
    paper_size = models.CharField(
        _("paper size"), max_length=10, choices=PaperSize, default=PaperSize.A4
    )
    # Which decklists the public reads once the event is finished (never while it runs):
    # `tournament/decks/services/visibility.py: public_decklist_q` is the one rule.
    decklists_published = models.CharField(
        _("decklists published after the event"),
        max_length=4,
        choices=DecklistsPublished,
        default=DecklistsPublished.NONE,
        blank=True,  # a form that leaves it out keeps the stored choice; empty = none
    )
    decklists_top = models.PositiveSmallIntegerField(
        _("top N places published"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_("With “top N”: the lists of the players in final places 1 to N."),
    )
    decklist_opt_out_allowed = models.BooleanField(
        _("players may keep their decklist private"),
        default=False,
        help_text=_("A player who keeps his list private is never published."),
    )
    check_in_code = models.CharField(
        _("venue check-in code"),
        max_length=12,
        blank=True,
        validators=[MinLengthValidator(CHECK_IN_CODE_MIN)],
        help_text=_(
            "Players check themselves in from their phone until round 1 is seated; with a code "
            "(6 to 12 letters or digits), only by typing the code shown at the venue."
        ),
    )
    # True while the scoring form awaits a ranking officer (SPEC §9): the event cannot
    # change. Written only by the review services, in the transaction of the decision.
    frozen_for_review = models.BooleanField(default=False, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-date", "name"]
        verbose_name = _("event")
        verbose_name_plural = _("events")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(event_multiplier__in=[1, 2]), name="event_multiplier_1_or_2"
            ),
            models.CheckConstraint(
                condition=models.Q(deck_size__in=DeckSize.values), name="event_deck_size_valid"
            ),
            models.CheckConstraint(
                condition=~models.Q(tournament_type="no-xs") | models.Q(no_xs_digit__isnull=False),
                name="no_xs_needs_digit",
            ),
            models.CheckConstraint(
                condition=~models.Q(decklists_published="top") | models.Q(decklists_top__gte=1),
                name="decklists_top_needs_n",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("events:detail", args=[self.pk])

    @property
    def shorthand(self) -> str:
        """The shorthand: 003's Portuguese form in pt-BR and for Regra 5.0 events (SPEC §2)."""
        portuguese = self.rules_edition == RulesEdition.REGRA_5_0 or (
            get_language() or ""
        ).startswith("pt")
        language = Language.PT if portuguese else Language.EN
        return shorthand(
            self.tournament_type,
            self.victory,
            self.deck_size,
            self.variants,
            self.no_xs_digit,
            language,
        )

    @property
    def judge_ids(self) -> frozenset[int]:
        """The judges' player pks: kept by this instance (a request asks who may write in
        the view and again in the service) and in the cache (`core/memo.py`) until they
        change (`forget_judges`)."""
        ids = self.__dict__.get("_judge_ids")
        if ids is None:
            ids = self.__dict__["_judge_ids"] = remembered(
                judges_fact(self.pk),
                lambda: frozenset(self.judges.order_by().values_list("pk", flat=True)),
            )
        return ids

    def refresh_from_db(self, *args, **kwargs) -> None:
        self.__dict__.pop("_judge_ids", None)
        super().refresh_from_db(*args, **kwargs)

    @property
    def shape(self) -> EventStructure:
        """The event's structure object (`events/structures.py`): what differs between a
        bracket and a one-on-one event, asked of it rather than of the structure's name.
        Chosen afresh at each read (a form may change the choices), reading nothing."""
        return structure_of(self)

    @property
    def is_one_on_one(self) -> bool:
        """Played in one-on-one matches (SPEC §11) rather than brackets."""
        return self.shape.one_on_one

    @property
    def has_scoring_form(self) -> bool:
        """Whether the finished event sends a scoring form to the ranking body: a scored
        bracket event; a one-on-one event is never scored (SPEC §11 Ranking), whatever its
        `scored` flag says."""
        return self.scored and self.shape.ranked

    @property
    def is_timed(self) -> bool:
        return bool(self.time_limit_minutes)

    def clean(self) -> None:
        errors = choice_errors(self)  # the No-Xs digit, and Team Spirit never one-on-one
        unknown = sorted(set(self.variants or []) - set(Variant.values))
        if unknown:
            errors["variants"] = _("Unknown variants: %(names)s.") % {"names": ", ".join(unknown)}
        if self.deck_rules == DeckRules.TAV and self.deck_size != 55:
            errors["deck_size"] = _("TAV decks have 55 cards (56 with a dungeon).")
        if self.deck_rules == DeckRules.BLITZ and self.deck_size != 25:
            errors["deck_size"] = _("Blitz decks have 25 cards.")
        if self.victory == Victory.BARBARIC_NEWBIE and self.deck_size != 25:
            errors["deck_size"] = _("Barbaric Newbie is played with 25-card decks.")
        if self.players_confirm_reports and not self.players_report_results:
            errors["players_confirm_reports"] = _(
                "Players confirm each other's reports only where players report their results."
            )
        if not self.decklists_published:
            self.decklists_published = DecklistsPublished.NONE
        if self.decklists_published == DecklistsPublished.TOP and not self.decklists_top:
            errors["decklists_top"] = _("Say how many top places are published (1 or more).")
        if errors:
            raise ValidationError(errors)

    @property
    def registration_closed_by_deadline(self) -> bool:
        return self.registration_deadline is not None and timezone.now() > (
            self.registration_deadline
        )


def judges_fact(event_id: int) -> str:
    return f"event-judges:{event_id}"


def forget_judges(sender, instance, action: str, pk_set=None, **kwargs) -> None:
    """An event's judges changed (`m2m_changed`, connected by the site's subscriptions):
    the instance changed and the cache read them again."""
    if isinstance(instance, Event):
        if action.startswith("post_"):
            instance.__dict__.pop("_judge_ids", None)
            forget(judges_fact(instance.pk))
    elif action == "pre_clear":  # a player's judged events cleared from his side
        for event_id in instance.judged_events.values_list("pk", flat=True):
            forget(judges_fact(event_id))
    elif action.startswith("post_"):
        for event_id in pk_set or ():
            forget(judges_fact(event_id))


class Registration(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="registrations")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="registrations")
    checked_in = models.BooleanField(_("checked in"), default=False)
    late = models.BooleanField(_("late entry"), default=False)
    waitlisted = models.BooleanField(
        _("on the waiting list"),
        default=False,
        help_text=_("Registered beyond the capacity: moves up when a place frees."),
    )
    dropped_in_round = models.PositiveSmallIntegerField(
        _("dropped in round"), null=True, blank=True
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Who registered the player and who checked him in: the player himself, or an official
    # on his behalf (the ranking review's evidence, SPEC §9). None: not recorded (rows made
    # before these fields, or by a path that does not say), never taken as the player's own.
    registered_by = models.ForeignKey(
        Player,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("registered by"),
    )
    checked_in_by = models.ForeignKey(
        Player,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("checked in by"),
    )

    class Meta:
        ordering = ["player__name"]
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="unique_registration")
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.event}"

    @property
    def dropped(self) -> bool:
        return self.dropped_in_round is not None


class Round(models.Model):
    class State(models.TextChoices):
        SEATED = "seated", _("Seated")
        CLOSED = "closed", _("Closed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("round"), validators=[MinValueValidator(1)])
    seed = models.BigIntegerField(_("seating seed"))
    state = models.CharField(max_length=10, choices=State, default=State.SEATED)
    published = models.BooleanField(_("seating published"), default=False)
    is_final = models.BooleanField(_("final"), default=False)
    # One-on-one events (SPEC §11): a round of the top cut, and the players given a bye
    # (player ids) in a Swiss round.
    is_cut = models.BooleanField(_("top cut"), default=False)
    byes = models.JSONField(_("byes"), default=list, blank=True)
    # Stored by the services and the recompute pipeline from the engine's
    # `scoring.points.round_multiplier` (SPEC §6: round × event multiplier); pages and
    # sheets print it.
    multiplier = models.PositiveSmallIntegerField(_("points multiplier"), default=1)
    started_at = models.DateTimeField(_("timer started"), null=True, blank=True)
    time_called_at = models.DateTimeField(_("time called"), null=True, blank=True)
    advancing = models.JSONField(
        _("advancing players"), default=list, blank=True, help_text=_("Set when closed.")
    )
    wildcards = models.JSONField(
        _("wildcards"),
        default=list,
        blank=True,
        help_text=_("Each wildcard with the tie-break that chose it (recorded draw included)."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="unique_round_number")
        ]

    def __str__(self) -> str:
        return f"{self.event} — {_('round')} {self.number}"


class Bracket(models.Model):
    class State(models.TextChoices):
        WAITING = "waiting", _("Waiting")
        IN_PROGRESS = "in_progress", _("In progress")
        NEEDS_DECISION = "needs_decision", _("Needs judge decision")
        COMPLETE = "complete", _("Complete")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="brackets")
    table = models.PositiveSmallIntegerField(_("table"), validators=[MinValueValidator(1)])
    state = models.CharField(max_length=20, choices=State, default=State.WAITING)
    winner = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="bracket_wins"
    )
    tiebreak_order = models.JSONField(
        _("judge's tie-break order"),
        null=True,
        blank=True,
        help_text=_("Player ids in the judge's order, when a tie needs a decision."),
    )
    tiebreak_decided_by = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # A one-on-one match lost by a player who did not come (SPEC §11: 0–2, no games).
    no_show = models.ForeignKey(
        Player,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("did not come"),
    )

    class Meta:
        ordering = ["round", "table"]
        verbose_name = _("bracket")
        verbose_name_plural = _("brackets")
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="unique_bracket_table")
        ]

    def __str__(self) -> str:
        return f"{self.round} — {_('table')} {self.table}"


class Seat(models.Model):
    """A player in a bracket (his place and points: `seat.figures`, kept by the standings)."""

    bracket = models.ForeignKey(Bracket, on_delete=models.CASCADE, related_name="seats")
    registration = models.ForeignKey(Registration, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField(_("seat"))
    is_wildcard = models.BooleanField(_("wildcard"), default=False)
    dropped = models.BooleanField(_("dropped"), default=False)
    # How many of the bracket's games were recorded when he dropped: he has no part in
    # later ones (SPEC §4). Null for a seat that never dropped or an imported drop.
    dropped_after_games = models.PositiveSmallIntegerField(
        _("dropped after games"), null=True, blank=True, editable=False
    )
    # The figures the rules engine computes for the seat (place, points, …) are stored by
    # the standings: `seat.figures` (`standings.models.SeatFigures`).

    class Meta:
        ordering = ["bracket", "position"]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        constraints = [
            models.UniqueConstraint(fields=["bracket", "registration"], name="unique_seat_player"),
            models.UniqueConstraint(fields=["bracket", "position"], name="unique_seat_position"),
        ]

    def __str__(self) -> str:
        return f"{self.registration.player} @ {self.bracket}"


class Team(models.Model):
    """A Team Spirit team (SPEC §10): a name and two registered players of the event.

    The first player creates it (or the organizer pairs two players); the second is
    invited and must accept, unless the organizer paired them. Only a complete team (two
    players, accepted) is seated.
    """

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("team name"), max_length=100)
    first = models.OneToOneField(
        Registration,
        on_delete=models.CASCADE,
        related_name="team_as_first",
        verbose_name=_("first player"),
    )
    second = models.OneToOneField(
        Registration,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="team_as_second",
        verbose_name=_("partner"),
    )
    accepted = models.BooleanField(_("partner accepted"), default=False)
    # The team's id in the event file it was imported from (export keeps it).
    file_id = models.CharField(max_length=100, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["event", "name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(fields=["event", "name"], name="unique_team_name"),
            models.CheckConstraint(
                condition=~models.Q(first=models.F("second")), name="team_two_players"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def complete(self) -> bool:
        """Two players and the partner accepted: the team can be seated."""
        return self.second_id is not None and self.accepted

    @property
    def registrations(self) -> list[Registration]:
        return [r for r in (self.first, self.second) if r is not None]
