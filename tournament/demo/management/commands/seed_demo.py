"""Load a realistic demo: officials, 30 players, finished, running and upcoming events."""

import datetime
import random
from pathlib import Path

from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import Group, User
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils import timezone

from tournament.accounts import preferences
from tournament.accounts.models import Player, Region
from tournament.accounts.roles import RANKING_OFFICERS_GROUP
from tournament.decks.services.saving import save_decklist
from tournament.events.choices import Status
from tournament.events.models import DecklistsPublished, Event, Registration
from tournament.events.services.teams import pair_players
from tournament.leagues.models import League
from tournament.notifications.services import suppressed
from tournament.review.services import accept, submit
from tournament.rounds.services.rounds import close_round, publish_round, seat_next_round
from tournament.rounds.simulate import play_round, run_event

DEMO_PASSWORD = "spellfire-demo"
# (ISO 3166-1 country code, region): the regions are made as `Region` rows.
COUNTRIES = [
    ("BR", "São Paulo"),
    ("BR", "Rio de Janeiro"),
    ("CA", "Nova Scotia"),
    ("US", "Ohio"),
    ("PT", "Lisboa"),
]
CLUBS = ["Dragões do Sul", "Halifax Realms", "Ohio Spellcasters", "Carioca Spellfire", ""]
FIRST = [
    "Ana",
    "Bruno",
    "Carla",
    "Diego",
    "Elena",
    "Felipe",
    "Gabriela",
    "Hugo",
    "Isabel",
    "João",
    "Karen",
    "Lucas",
    "Marina",
    "Nuno",
    "Olívia",
    "Pedro",
    "Quinn",
    "Rafael",
    "Sofia",
    "Tiago",
    "Ursula",
    "Vitor",
    "Wendy",
    "Xavier",
    "Yara",
    "Zeca",
    "Mike",
    "Jim",
    "John",
    "Lia",
]
LAST = ["Almeida", "Barbosa", "Costa", "Dias", "Evans", "Ferreira", "Gomes", "Hughes"]


def account(username: str, name: str, rng: random.Random, password_hash: str) -> Player:
    user = User.objects.create(
        username=username, email=f"{username}@demo.invalid", password=password_hash
    )
    country, region = rng.choice(COUNTRIES)
    return Player.create_for_user(
        user,
        name=name,
        country=country,
        region=demo_region(country, region),
        club=rng.choice(CLUBS),
    )


def demo_region(country: str, name: str) -> Region | None:
    """The demo's region of that name in that country (made at first use)."""
    return Region.objects.get_or_create(country=country, name=name)[0] if name else None


def event(name: str, date: datetime.date, organizer: Player, judges, **fields) -> Event:
    created = Event.objects.create(
        name=name,
        date=date,
        venue=fields.pop("venue", "Halifax"),
        organizer=organizer,
        status=Status.REGISTRATION,
        **fields,
    )
    created.judges.set(judges)
    return created


DECKS = Path(__file__).resolve().parents[2] / "demo_decks"


def register_all(target: Event, players, checked_in: bool = True, deck: str = "") -> None:
    """Register players, each with the named demo decklist (saved as the player would); each
    registered and checked in himself (what the ranking review shows)."""
    registrations = Registration.objects.bulk_create(
        Registration(
            event=target,
            player=p,
            checked_in=checked_in,
            registered_by=p,
            checked_in_by=p if checked_in else None,
        )
        for p in players
    )
    if deck:
        text = (DECKS / f"{deck}.txt").read_text()
        for registration in registrations:
            save_decklist(registration, registration.player.user, text)


def ranking_officer(password_hash: str) -> Player:
    """The demo ranking officer (made last: the other accounts' numbers stay as they were)."""
    user = User.objects.create(
        username="ranking", email="ranking@demo.invalid", password=password_hash
    )
    # get_or_create: a test database flushed after its migrations has lost the migration's group
    user.groups.add(Group.objects.get_or_create(name=RANKING_OFFICERS_GROUP)[0])
    return Player.create_for_user(
        user, name="Rita Ranking", country="CA", region=demo_region("CA", "Ontario")
    )


TEAM_NAMES = [
    "Dragões",
    "Phoenix",
    "Nightwatch",
    "Sea Wolves",
    "Red Wizards",
    "Harpers",
    "Zhentarim",
    "Iron Legion",
    "Lords' Alliance",
]


def team_spirit_event(organizer: Player, judges, players, rng: random.Random) -> Event:
    """A finished Team Spirit event: 18 players paired into 9 teams by the organizer."""
    target = event(
        "Team Spirit Cup",
        datetime.date(2026, 10, 31),
        organizer,
        judges,
        tournament_type="team-spirit",
        victory="enhanced",
        venue="Porto Alegre",
    )
    register_all(target, players)
    registrations = {r.player_id: r for r in target.registrations.all()}
    for name, first, second in zip(TEAM_NAMES, players[::2], players[1::2], strict=True):
        pair_players(target, registrations[first.pk], registrations[second.pk], name)
    return run_event(target, rng)


def blitz_event(organizer: Player, judges, players, rng: random.Random) -> Event:
    """A finished one-on-one Blitz event (SPEC §11): 15 players with 25-card Blitz decks,
    best of 1, four Swiss rounds (a bye in each of the first two, while the field is odd),
    one player dropping after round 2, then a top cut of 4 and its final."""
    target = event(
        "Blitz Night",
        datetime.date(2026, 11, 14),
        organizer,
        judges,
        structure="one-on-one",
        best_of=1,
        swiss_rounds=4,
        top_cut=4,
        deck_rules="blitz",
        deck_size=25,
        venue="Halifax Library",
        time_limit_minutes=30,
    )
    register_all(target, players, deck="legal_blitz_25")
    dropping = target.registrations.get(player=players[-1])
    return run_event(target, rng, drops={2: [dropping]})


def sao_paulo_event(organizer: Player, judges, players, rng: random.Random) -> Event:
    """A running Regra 5.0 event in São Paulo whose players read Portuguese (their chosen
    language, so their pages and e-mails are in pt-BR): round 1 played and closed (its
    wildcards drawn), the final seated and published for the judges."""
    for person in [*players, judges[1]]:
        preferences.keep(person.user, language="pt-br", time_zone="America/Sao_Paulo")
    target = event(
        "Torneio de São Paulo",
        datetime.date(2026, 11, 28),
        organizer,
        judges,
        rules_edition="regra-5.0",
        venue="São Paulo",
        time_zone="America/Sao_Paulo",
        start_time=datetime.time(14, 0),
        time_limit_minutes=50,
    )
    register_all(target, players, deck="legal_community_55")
    first = seat_next_round(target, seed=rng.randrange(2**48))
    publish_round(first)
    play_round(first, rng)
    close_round(first)
    publish_round(seat_next_round(target, seed=rng.randrange(2**48)))
    return target


def demo_season(finished: Event, championship: Event, officer: Player) -> League:
    """The finished event publishes its top 8 lists (the metagame pages have decks) and a
    league over the year counts it and qualifies its top 4 for the championship."""
    finished.decklists_published = DecklistsPublished.TOP
    finished.decklists_top = 8
    finished.save(update_fields=["decklists_published", "decklists_top"])
    return League.objects.create(
        name="Season 2026",
        starts=datetime.date(2026, 1, 1),
        ends=datetime.date(2026, 12, 31),
        qualify=4,
        championship=championship,
        created_by=officer.user,
    )


class Command(BaseCommand):
    help = "Load demo data (skipped when the demo organizer already exists; --force to add anyway)."

    def add_arguments(self, parser):
        parser.add_argument("--seed", type=int, default=2026)

    @transaction.atomic
    def handle(self, *args, seed: int, **options) -> None:
        if User.objects.filter(username="organizer").exists():
            self.stdout.write("Demo data already loaded.")
            return
        with suppressed():  # made-up events: nobody is e-mailed
            self.load(seed)

    def load(self, seed: int) -> None:
        rng = random.Random(seed)
        # One hash for every demo account: hashing 33 times would take seconds.
        password = make_password(DEMO_PASSWORD)
        organizer = account("organizer", "Ann Organiser", rng, password)
        judges = [
            account("judge1", "Bob Judge", rng, password),
            account("judge2", "Carmen Juíza", rng, password),
        ]
        players = [
            account(f"player{i}", f"{FIRST[i - 1]} {rng.choice(LAST)}", rng, password)
            for i in range(1, 31)
        ]
        finished = event(
            "Autumn Open",
            datetime.date(2026, 10, 24),
            organizer,
            judges,
            tournament_type="championship",
            venue="Halifax Library",
        )
        register_all(finished, players[:27], deck="legal_community_55")
        run_event(finished, rng)

        running = event(
            "Copa Carioca",
            datetime.date(2026, 11, 22),
            organizer,
            judges,
            tournament_type="kings-decree",
            variants=["questing"],
            victory="enhanced",
            deck_size=75,
            venue="Rio de Janeiro",
            time_limit_minutes=90,
        )
        register_all(running, players[3:15], deck="legal_community_75")
        publish_round(seat_next_round(running, seed=rng.randrange(2**48)))

        upcoming = event(
            "Winter Championship",
            datetime.date(2026, 12, 12),
            organizer,
            judges,
            tournament_type="no-xs",
            no_xs_digit=9,
            venue="Ohio",
        )
        register_all(upcoming, players[10:20], checked_in=False, deck="legal_no9s_55")
        register_all(upcoming, players[20:22], checked_in=False, deck="bad_realms_16")
        register_all(upcoming, players[22:30], checked_in=False)
        teams = team_spirit_event(organizer, judges, players[:18], random.Random(seed + 1))
        blitz = blitz_event(organizer, judges, players[12:27], random.Random(seed + 2))
        sao_paulo = sao_paulo_event(organizer, judges, players[17:30], random.Random(seed + 3))
        officer = ranking_officer(password)
        # The demo's people used their accounts (the review flags accounts never signed in).
        User.objects.update(last_login=timezone.now())
        submit(finished, organizer.user)
        accept(finished, officer.user, "Demo: scoring form checked.")
        season = demo_season(finished, upcoming, officer)
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo loaded: 34 accounts (password {DEMO_PASSWORD!r}; ranking officer "
                f"{officer.user.username!r}), events "
                f"{finished.name!r} (finished), {running.name!r} (running), {upcoming.name!r}, "
                f"{teams.name!r} (Team Spirit, finished), {blitz.name!r} (one-on-one, "
                f"finished), {sao_paulo.name!r} (running, players reading Portuguese); "
                f"league {season.name!r}."
            )
        )
