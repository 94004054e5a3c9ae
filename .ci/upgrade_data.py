"""What the upgrade check adds to the demo with the previous release's code (run by its
`manage.py shell`): a one-on-one event of 12 players with a top cut of 4, played to its end
by the simulator; API tokens of two scopes; webhooks with deliveries. Uses only what both
releases have."""

import datetime
import random

from tournament.accounts.api_tokens import make_token
from tournament.accounts.models import Player
from tournament.events.models import Event, Registration
from tournament.rounds.simulate import run_event
from tournament.webhooks.models import Delivery, Webhook

organizer = Event.objects.order_by("pk").first().organizer
event = Event.objects.create(
    name="Upgrade Swiss Open",
    date=datetime.date(2026, 10, 3),
    venue="Upgrade Hall",
    organizer=organizer,
    status="registration",
    structure="one-on-one",
    best_of=1,
    swiss_rounds=3,
    top_cut=4,
)
players = list(Player.objects.exclude(pk=organizer.pk).order_by("pk")[:12])
Registration.objects.bulk_create(
    Registration(event=event, player=p, checked_in=True) for p in players
)
run_event(event, random.Random(7))
event.refresh_from_db()
assert event.status == "finished", event.status
assert event.rounds.filter(is_cut=True).exists(), "the top cut was not played"
for name, scopes in (("desk", ["organize", "judge"]), ("feed", ["read"])):
    make_token(organizer.user, name, scopes)
for target in Event.objects.order_by("pk")[:2]:
    hook = Webhook.objects.create(
        event=target, url="https://hooks.example.org/spellfire", kinds=["event.finished"]
    )
    Delivery.objects.create(webhook=hook, kind="event.finished", payload={"type": "x"})
print("upgrade data:", Event.objects.count(), "events,", Webhook.objects.count(), "webhooks")
