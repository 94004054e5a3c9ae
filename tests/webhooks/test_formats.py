"""Payload formats: the generic JSON as it always was, a Discord message, a Slack message.

Discord: *Execute Webhook* (https://discord.com/developers/docs/resources/webhook#execute-webhook)
takes a JSON body with `embeds` (up to 10 embed objects) and `allowed_mentions`; an embed
object (https://discord.com/developers/docs/resources/message#embed-object) has `title`,
`description`, `url` and `timestamp` (ISO 8601). `allowed_mentions: {"parse": []}` lets the
message ping nobody.

Slack: an incoming webhook (https://api.slack.com/messaging/webhooks) takes a JSON body with
`text`; in it a link is written `<url|text>` and `&`, `<`, `>` are written `&amp;`, `&lt;`,
`&gt;` (https://api.slack.com/reference/surfaces/formatting#escaping).
"""

import datetime
import json

import pytest
from django.utils import translation
from django.utils.translation import gettext

from tournament.rounds.services import rounds as round_service
from tournament.webhooks import services
from tournament.webhooks.models import Delivery, Format, Kind, Webhook

pytestmark = pytest.mark.django_db

MADE_AT = datetime.datetime(2026, 11, 21, 14, 30, 5, tzinfo=datetime.UTC)


@pytest.fixture
def receiver(serve, settings):
    settings.WEBHOOKS_ALLOW_PRIVATE_HOSTS = True  # the receiver runs on this machine
    settings.SITE_URL = "https://spellfire.example/"
    return serve()


def hook_for(event, receiver, fmt: str, language: str = "en") -> Webhook:
    return Webhook.objects.create(
        event=event,
        url=f"http://127.0.0.1:{receiver.port}/hook",
        kinds=Kind.values,
        format=fmt,
        language=language,
        secret="s3cret",
    )


def published(event, django_capture_on_commit_callbacks) -> Delivery:
    """Seat and publish round 1; the delivery of the publication."""
    with django_capture_on_commit_callbacks(execute=True):
        rnd = round_service.seat_next_round(event, seed=3)
    with django_capture_on_commit_callbacks(execute=True):
        round_service.publish_round(rnd)
    return Delivery.objects.get(kind="round.published")


def sent(receiver, delivery: Delivery) -> dict:
    """The JSON the receiver got for a delivery (sent again with its creation time fixed)."""
    Delivery.objects.filter(pk=delivery.pk).update(created_at=MADE_AT)
    delivery.refresh_from_db()
    receiver.received.clear()
    assert services.attempt(delivery) is True
    _path, headers, body = receiver.received[-1]
    assert headers["Content-Type"] == "application/json"
    return json.loads(body)


def test_discord_gets_one_embed_linking_the_event_page(
    event, receiver, registered_players, django_capture_on_commit_callbacks
):
    hook_for(event, receiver, Format.DISCORD)
    delivery = published(event, django_capture_on_commit_callbacks)
    assert sent(receiver, delivery) == {
        "embeds": [
            {
                "title": "Autumn Open: round 1 seating published",
                "description": "The seating of round 1 is published: find your table on "
                "the event page.",
                "url": f"https://spellfire.example/events/{event.pk}/",
                "timestamp": "2026-11-21T14:30:05+00:00",
            }
        ],
        "allowed_mentions": {"parse": []},
    }


def test_discord_without_a_site_address_has_no_link(event, receiver, settings):
    """Discord refuses an embed `url` that is not an http(s) address: a relative page (the
    site's SITE_URL unset) is left out."""
    settings.SITE_URL = ""
    hook = hook_for(event, receiver, Format.DISCORD)
    services._queue(event.pk, Kind.RESULTS_CONFIRMED, lambda e: ("", {}))
    message = sent(receiver, Delivery.objects.get(webhook=hook))
    assert message["embeds"] == [
        {
            "title": "Autumn Open: results updated",
            "description": "New results are confirmed and the standings are updated.",
            "timestamp": "2026-11-21T14:30:05+00:00",
        }
    ]


def test_slack_gets_text_with_a_link_in_slack_form(
    event, receiver, registered_players, django_capture_on_commit_callbacks
):
    hook_for(event, receiver, Format.SLACK)
    delivery = published(event, django_capture_on_commit_callbacks)
    assert sent(receiver, delivery) == {
        "text": f"<https://spellfire.example/events/{event.pk}/|Autumn Open: round 1 seating "
        "published>\nThe seating of round 1 is published: find your table on the event page."
    }


def test_slack_escapes_its_control_characters_and_links_nothing_without_an_address(
    event, receiver, settings
):
    settings.SITE_URL = ""
    event.name = "Fish & <Chips> Cup"
    event.save()
    hook = hook_for(event, receiver, Format.SLACK)
    services._queue(event.pk, Kind.EVENT_FINISHED, lambda e: ("", {}))
    assert sent(receiver, Delivery.objects.get(webhook=hook)) == {
        "text": "Fish &amp; &lt;Chips&gt; Cup: event finished\n"
        "The event is finished: the final standings are on the event page."
    }


def test_every_kind_has_its_own_words(event, receiver, registered_players, settings):
    """Time called words the round; the title is always the event's name and what happened."""
    hook = hook_for(event, receiver, Format.SLACK)
    settings.SITE_URL = ""
    texts = {}
    for kind, data in [
        (Kind.ROUND_SEATED, {"round": {"number": 2}}),
        (Kind.TIME_CALLED, {"round": {"number": 3}}),
    ]:
        services._queue(event.pk, kind, lambda e, data=data: ("", data))
        delivery = Delivery.objects.filter(webhook=hook).order_by("-pk").first()
        texts[kind] = sent(receiver, delivery)["text"]
    assert texts == {
        Kind.ROUND_SEATED: "Autumn Open: round 2 seated\n"
        "Round 2 is seated; the seating is shown once it is published.",
        Kind.TIME_CALLED: "Autumn Open: time called in round 3\nTime has been called in round 3.",
    }


def test_the_generic_json_is_unchanged(event, receiver, settings):
    """The body generic receivers have always parsed: the payload and the delivery's id,
    keys sorted, `content` the untranslated one-line text."""
    settings.SITE_URL = ""
    hook = hook_for(event, receiver, Format.GENERIC, language="pt-br")
    event.status = "finished"
    event.save()
    services._queue(event.pk, Kind.EVENT_FINISHED, lambda e: (f"{e.name}: event finished", {}))
    delivery = Delivery.objects.get(webhook=hook)
    assert services.attempt(delivery) is True
    _path, _headers, body = receiver.received[-1]
    expected = {
        "content": "Autumn Open: event finished",
        "delivery": delivery.pk,
        "event": {
            "api": f"/api/v1/events/{event.pk}/",
            "id": event.pk,
            "name": "Autumn Open",
            "page": f"/events/{event.pk}/",
            "status": "finished",
        },
        "type": "event.finished",
    }
    assert body == json.dumps(expected, sort_keys=True).encode()


def test_chat_messages_are_written_in_the_hooks_language(event, receiver, settings):
    with translation.override("pt-br"):
        if gettext("%(event)s: results updated") == "%(event)s: results updated":
            pytest.skip("the pt-BR catalogue has no translation of the chat messages yet")
    settings.SITE_URL = ""
    hook = hook_for(event, receiver, Format.SLACK, language="pt-br")
    services._queue(event.pk, Kind.RESULTS_CONFIRMED, lambda e: ("", {}))
    with translation.override("en"):  # whatever language the worker runs in
        message = sent(receiver, Delivery.objects.get(webhook=hook))
    assert message == {
        "text": "Autumn Open: resultados atualizados\n"
        "Novos resultados foram confirmados e a classificação foi atualizada."
    }


def test_the_organizer_chooses_the_format_and_sees_both_secrets(
    client_as, organizer, event, fake_dns
):
    fake_dns["discord.example"] = ["93.184.216.34"]  # a public address
    client = client_as(organizer)
    page = client.get(f"/events/{event.pk}/webhooks/").content.decode()
    assert '<option value="discord">Discord</option>' in page
    assert '<option value="slack">Slack</option>' in page
    response = client.post(
        f"/events/{event.pk}/webhooks/",
        {
            "url": "https://discord.example/api/webhooks/1/abc",
            "format": "discord",
            "language": "pt-br",
            "kinds": ["event.finished"],
        },
    )
    assert response.status_code == 302
    hook = Webhook.objects.get()
    assert (hook.format, hook.language) == ("discord", "pt-br")
    page = client.get(f"/events/{event.pk}/webhooks/").content.decode()
    assert hook.standard_secret in page and hook.secret in page
    assert hook.standard_secret.startswith("whsec_")
    # an unknown format is refused with the form
    response = client.post(
        f"/events/{event.pk}/webhooks/",
        {"url": "https://discord.example/x", "format": "teams", "kinds": ["event.finished"]},
    )
    assert response.status_code == 200 and Webhook.objects.count() == 1


def test_a_form_without_format_or_language_makes_a_generic_hook(
    client_as, organizer, event, fake_dns
):
    """Scripts written for the form before the formats existed keep working."""
    fake_dns["hooks.example"] = ["93.184.216.34"]
    client = client_as(organizer)
    client.cookies["django_language"] = "pt-br"
    response = client.post(
        f"/events/{event.pk}/webhooks/",
        {"url": "https://hooks.example/in", "kinds": ["event.finished"]},
    )
    assert response.status_code == 302
    hook = Webhook.objects.get()
    assert (hook.format, hook.language) == ("generic", "pt-br")
