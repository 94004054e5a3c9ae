"""Card database (imported from the shared CSV data) and players' decklists."""

import uuid

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament.accounts.models import Player
from tournament.events.models import Bracket, Registration


class CardSet(models.Model):
    """A printed edition, booster, sticker, international or fan set."""

    code = models.CharField(_("code"), max_length=60, unique=True)
    name = models.CharField(_("name"), max_length=120)
    set_class = models.CharField(_("class"), max_length=30, blank=True)
    is_fan_set = models.BooleanField(_("fan set"), default=False)

    class Meta:
        ordering = ["code"]
        verbose_name = _("card set")
        verbose_name_plural = _("card sets")

    def __str__(self) -> str:
        return f"{self.code} — {self.name}"


class CardIdentity(models.Model):
    """Same icon and same name across printings: the unit of the one-copy rule."""

    key = models.CharField(_("identity"), max_length=200, unique=True)
    type = models.CharField(_("type"), max_length=40)
    name = models.CharField(_("name"), max_length=150)
    multiples_allowed = models.BooleanField(_("multiples allowed"), default=False)
    deck_limit = models.PositiveSmallIntegerField(
        _("copies allowed"), null=True, blank=True, help_text=_("Empty: no limit.")
    )

    class Meta:
        ordering = ["name", "type"]
        verbose_name = _("card identity")
        verbose_name_plural = _("card identities")

    def __str__(self) -> str:
        return f"{self.name} ({self.type})"


class Card(models.Model):
    """One printing of a card (TSR sets, community sets and the Brazilian supplement)."""

    card_id = models.CharField(_("card"), max_length=80, unique=True)
    card_set = models.ForeignKey(
        CardSet, on_delete=models.CASCADE, related_name="cards", verbose_name=_("set")
    )
    number = models.CharField(_("number"), max_length=10)
    is_chase = models.BooleanField(_("chase"), default=False)
    name = models.CharField(_("name"), max_length=150, db_index=True)
    type = models.CharField(_("type"), max_length=40)
    is_champion = models.BooleanField(_("champion"), default=False)
    level = models.CharField(_("level"), max_length=20, blank=True)
    level_value = models.PositiveSmallIntegerField(_("level counted"), default=0)
    world = models.CharField(_("world"), max_length=40, blank=True)
    is_avatar = models.BooleanField(_("avatar"), default=False)
    identity = models.ForeignKey(
        CardIdentity, on_delete=models.PROTECT, related_name="cards", verbose_name=_("identity")
    )
    attributes = models.CharField(_("attributes"), max_length=400, blank=True)
    multiples_allowed = models.BooleanField(_("multiples allowed"), default=False)
    deck_limit = models.PositiveSmallIntegerField(_("copies allowed"), null=True, blank=True)
    # World War!: an artifact usable by any champion, or without a world logo (a card fact).
    generic_artifact = models.BooleanField(_("generic artifact"), default=False)
    text = models.TextField(_("text"), blank=True)
    position = models.PositiveIntegerField(
        _("data order"), default=0, help_text=_("Order in the data files (latest printing last).")
    )

    class Meta:
        ordering = ["position"]
        verbose_name = _("card")
        verbose_name_plural = _("cards")

    def __str__(self) -> str:
        return f"{self.name} ({self.card_id})"


class CardName(models.Model):
    """An international printing: its own id and printed name, and its English card."""

    card_id = models.CharField(_("card"), max_length=80, unique=True)
    set_code = models.CharField(_("set"), max_length=20)
    name = models.CharField(_("printed name"), max_length=150)
    english = models.ForeignKey(
        Card,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="international_names",
        verbose_name=_("English card"),
    )
    is_alias = models.BooleanField(
        _("name alias"), default=False, help_text=_("Accepted in decklists without a number.")
    )

    class Meta:
        ordering = ["card_id"]
        verbose_name = _("international name")
        verbose_name_plural = _("international names")

    def __str__(self) -> str:
        return f"{self.name} ({self.card_id})"


class Placeholder(models.Model):
    """A printed number with no card (2nd/3rd edition "Replaced by ..." slots)."""

    card_id = models.CharField(_("number"), max_length=40, unique=True)
    note = models.CharField(_("note"), max_length=200)

    class Meta:
        ordering = ["card_id"]
        verbose_name = _("placeholder")
        verbose_name_plural = _("placeholders")

    def __str__(self) -> str:
        return self.card_id


class CardImport(models.Model):
    """One import that changed the card tables; its token invalidates cached indexes."""

    token = models.UUIDField(default=uuid.uuid4, editable=False, unique=True)
    imported_at = models.DateTimeField(auto_now_add=True)
    source = models.CharField(_("source"), max_length=300)
    summary = models.JSONField(_("summary"), default=dict)

    class Meta:
        ordering = ["-pk"]
        verbose_name = _("card import")
        verbose_name_plural = _("card imports")

    def __str__(self) -> str:
        return f"{self.imported_at:%Y-%m-%d %H:%M} {self.source}"


class Decklist(models.Model):
    """A registration's decklist (and sideboard), with its last validation result."""

    class Status(models.TextChoices):
        MISSING = "missing", _("Missing")
        LEGAL = "legal", _("Legal")
        ILLEGAL = "illegal", _("Not legal")
        # Saved while the site had no card data: nothing is known about it yet, and it is
        # never called illegal for a reason that is the site's, not the list's.
        UNCHECKED = "unchecked", _("Cannot be checked yet")

    registration = models.OneToOneField(
        Registration, on_delete=models.CASCADE, related_name="decklist"
    )
    text = models.TextField(_("decklist"), blank=True)
    sideboard_text = models.TextField(_("sideboard"), blank=True)
    sideboard_opt_out = models.BooleanField(
        _("plays without a sideboard"),
        default=False,
        help_text=_("The player declared that he plays without a sideboard (Sideboard variant)."),
    )
    hidden_by_player = models.BooleanField(
        _("kept private by the player"),
        default=False,
        help_text=_("Never published, nor counted in the metagame."),
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status, default=Status.MISSING, db_index=True
    )
    problem_count = models.PositiveSmallIntegerField(_("problems"), default=0)
    card_count = models.PositiveSmallIntegerField(_("cards"), default=0)
    level_total = models.PositiveSmallIntegerField(_("level total"), default=0)
    # The event format the status was computed for: a changed format re-validates.
    format_key = models.CharField(max_length=200, blank=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    updated_by = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = _("decklist")
        verbose_name_plural = _("decklists")

    def __str__(self) -> str:
        return str(self.registration)


class DeckCheckFinding(models.Model):
    """A judge's deck check: the problem found in a player's deck and the penalty given. It
    stays on the list for good, and a published list carries it."""

    class Penalty(models.TextChoices):
        NONE = "none", _("No penalty (noted)")
        WARNING = "warning", _("Warning")
        GAME_LOSS = "game-loss", _("Game loss")
        DISQUALIFIED = "disqualified", _("Disqualification")

    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="deck_checks"
    )
    round_number = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    problem = models.TextField(_("problem found"), max_length=1000)
    penalty = models.CharField(_("penalty"), max_length=12, choices=Penalty)
    recorded_by = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, related_name="+", verbose_name=_("judge")
    )
    recorded_at = models.DateTimeField(_("recorded"), default=timezone.now)

    class Meta:
        ordering = ["-recorded_at", "-pk"]
        verbose_name = _("deck check")
        verbose_name_plural = _("deck checks")

    def __str__(self) -> str:
        return f"{self.registration}: {self.get_penalty_display()}"


class DecklistChange(models.Model):
    """Every saved change of a decklist: who, when, why, and the text before and after."""

    decklist = models.ForeignKey(Decklist, on_delete=models.CASCADE, related_name="changes")
    changed_by = models.ForeignKey(
        Player, on_delete=models.SET_NULL, null=True, related_name="+", verbose_name=_("by")
    )
    changed_at = models.DateTimeField(_("when"), auto_now_add=True)
    reason = models.TextField(_("reason"), blank=True)
    locked = models.BooleanField(_("after lock"), default=False)
    before_text = models.TextField(_("before"), blank=True)
    after_text = models.TextField(_("after"), blank=True)
    before_sideboard = models.TextField(_("sideboard before"), blank=True)
    after_sideboard = models.TextField(_("sideboard after"), blank=True)
    before_opt_out = models.BooleanField(_("without sideboard before"), default=False)
    after_opt_out = models.BooleanField(_("without sideboard after"), default=False)
    status = models.CharField(_("status"), max_length=10, choices=Decklist.Status)

    class Meta:
        ordering = ["-changed_at", "-pk"]
        verbose_name = _("decklist change")
        verbose_name_plural = _("decklist changes")

    def __str__(self) -> str:
        return f"{self.decklist} @ {self.changed_at:%Y-%m-%d %H:%M}"


class SideboardSwap(models.Model):
    """One card exchanged one-for-one between deck and sideboard before a game of a bracket.

    Cards are kept by number and name as printed then, so a later card-data import never
    changes what was recorded.
    """

    class Status(models.TextChoices):
        PROPOSED = "proposed", _("Proposed")
        RECORDED = "recorded", _("Recorded")
        REJECTED = "rejected", _("Rejected")

    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="sideboard_swaps"
    )
    bracket = models.ForeignKey(
        Bracket, on_delete=models.CASCADE, related_name="sideboard_swaps", verbose_name=_("bracket")
    )
    game_number = models.PositiveSmallIntegerField(_("before game"))
    out_card_id = models.CharField(_("out (number)"), max_length=80)
    out_name = models.CharField(_("out"), max_length=150)
    in_card_id = models.CharField(_("in (number)"), max_length=80)
    in_name = models.CharField(_("in"), max_length=150)
    status = models.CharField(
        _("status"), max_length=10, choices=Status, default=Status.PROPOSED, db_index=True
    )
    proposed_by = models.ForeignKey(
        Player,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("proposed by"),
    )
    decided_by = models.ForeignKey(
        Player,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("judge"),
    )
    created_at = models.DateTimeField(_("when"), auto_now_add=True)
    decided_at = models.DateTimeField(_("decided"), null=True, blank=True)

    class Meta:
        ordering = ["bracket", "registration", "game_number", "pk"]
        verbose_name = _("sideboard swap")
        verbose_name_plural = _("sideboard swaps")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(game_number__gte=2), name="swap_before_second_game_or_later"
            )
        ]

    def __str__(self) -> str:
        return f"{self.registration} — {self.out_name} → {self.in_name}"


class DeckFacts(models.Model):
    """What a saved list contributes to the metagame, read from it once (`decks/facts.py`):
    its champion level total and card count, with its tallies (`DeckTally`). Written when the
    list is saved, again when its event's format or the card data change; which lists count
    (public or not) is never stored here: the pages ask `services.public_decklist_q`."""

    decklist = models.OneToOneField(Decklist, on_delete=models.CASCADE, related_name="facts")
    # What the facts were read from: the list as saved then (its `updated_at`), the event's
    # format and the card data (`services.format_key`), the card data alone (its token).
    saved_at = models.DateTimeField()
    format_key = models.CharField(max_length=200)
    card_data = models.CharField(max_length=64)
    level_total = models.PositiveIntegerField(default=0)
    card_count = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("metagame facts of a list")
        verbose_name_plural = _("metagame facts of lists")

    def __str__(self) -> str:
        return str(self.decklist)


class DeckTally(models.Model):
    """One line of what a list contributes: the copies its main deck plays of one card
    identity, of one world's cards, or of one champion type's champions."""

    class Kind(models.TextChoices):
        CARD = "card", _("Card")
        WORLD = "world", _("World")
        CHAMPION_TYPE = "champion-type", _("Champion type")

    decklist = models.ForeignKey(Decklist, on_delete=models.CASCADE, related_name="tallies")
    # The list's registration, kept here so that a page sums the tallies of its public
    # registrations without a join a row; no index of its own: SQLite then sums them along
    # `tally_sums` in (kind, key) order, instead of probing each list and sorting.
    registration = models.ForeignKey(
        Registration, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    kind = models.CharField(max_length=16, choices=Kind)
    key = models.CharField(max_length=200)  # the identity, the world, the champion type
    label = models.CharField(max_length=200)  # the name the list played it under
    copies = models.PositiveIntegerField()

    class Meta:
        verbose_name = _("metagame tally")
        verbose_name_plural = _("metagame tallies")
        constraints = [
            models.UniqueConstraint(fields=["decklist", "kind", "key"], name="one_tally_a_key")
        ]
        indexes = [
            models.Index(
                fields=["kind", "key", "registration", "copies", "label"], name="tally_sums"
            )
        ]

    def __str__(self) -> str:
        return f"{self.decklist}: {self.copies} × {self.key}"


class MetagameSummary(models.Model):
    """A metagame page's statistics as last summed (`decks/summaries.py`): its small figures
    here, its long tables a page a row (`MetagameSummaryPage`). They are read again while the
    metagame's stamp (`MetagameStamp`) is the one they were last seen true at, or, once it
    moved, while the fingerprint of the public lists under them is still the one they were
    summed from."""

    scope = models.CharField(max_length=64, unique=True)  # a digest of the scope's name
    fingerprint = models.CharField(max_length=64)
    stamp = models.PositiveBigIntegerField(default=0)
    figures = models.JSONField()
    written_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("metagame summary")
        verbose_name_plural = _("metagame summaries")

    def __str__(self) -> str:
        return self.scope


class MetagameSummaryPage(models.Model):
    """One page, past the first, of one of a summary's long tables (the cards, the top decks,
    a card's plays), so that a page of the site reads the rows it shows and no others."""

    summary = models.ForeignKey(MetagameSummary, on_delete=models.CASCADE, related_name="pages")
    table = models.CharField(max_length=32)
    number = models.PositiveIntegerField()
    rows = models.JSONField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["summary", "table", "number"], name="one_page_per_table_number"
            )
        ]
        verbose_name = _("metagame summary page")
        verbose_name_plural = _("metagame summary pages")

    def __str__(self) -> str:
        return f"{self.table} {self.number}"


class MetagameStamp(models.Model):
    """One row, moved on by every change that may change a public list or what it counts
    for (`decks/handlers.py`), in the change's own transaction: while it has not moved, a
    stored summary stands without its fingerprint being summed again."""

    value = models.PositiveBigIntegerField(default=0)

    class Meta:
        verbose_name = _("metagame stamp")
        verbose_name_plural = _("metagame stamps")

    def __str__(self) -> str:
        return str(self.value)
