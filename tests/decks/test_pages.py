"""Decklist pages: paste and validate, drafts, lock, judge changes, visibility, status table."""

import pytest
from django.urls import reverse
from django.utils import translation

from scoring import decklist as parser_msgs
from scoring import deckrules as rules_msgs
from scoring.deckformat import MessageTemplate, Note, problem
from tests.eventfile.test_messages import english_forms
from tests.support.decks import deck_text
from tests.support.players import make_player
from tournament.core.issues import DECK_TEMPLATES, deck_message
from tournament.decks.models import Decklist, DecklistChange
from tournament.decks.services.checking import check_decklist
from tournament.decks.services.display import decklist_for_print
from tournament.decks.services.saving import save_decklist
from tournament.events.models import Registration

LEGAL = deck_text("legal_community_55.txt")
ILLEGAL = deck_text("bad_realms_16.txt")
SIDEBOARD7 = deck_text("sideboard_7.txt").strip()


def my_url(event):
    return reverse("decks:decklist", args=[event.pk])


def list_url(registration):
    return reverse("decks:registration_decklist", args=[registration.event_id, registration.pk])


def test_player_pastes_and_sees_validation(client_as, event, player, registration):
    client = client_as(player)
    page = client.get(my_url(event))
    assert page.status_code == 200
    assert 'name="text"' in page.content.decode() and "hx-post" in page.content.decode()
    live = client.post(reverse("decks:validate", args=[event.pk]), {"text": LEGAL})
    assert live.status_code == 200 and "Legal for this event" in live.content.decode()
    live = client.post(reverse("decks:validate", args=[event.pk]), {"text": ILLEGAL})
    body = live.content.decode()
    assert "Not legal" in body and "Realms: 16, at most 15 in a 55-card deck" in body
    response = client.post(my_url(event), {"text": LEGAL})
    assert response.status_code == 302
    decklist = Decklist.objects.get(registration=registration)
    assert decklist.status == "legal" and decklist.card_count == 55
    page = client.get(my_url(event)).content.decode()
    assert "Decklist saved: it is legal" in page
    assert "Shaqat Beetles" in page and "4th/234" in page and "Forgotten Realms" in page
    assert "Realms (12)" in page  # grouped by type with totals


def test_illegal_list_is_saved_as_draft_and_flagged(
    client_as, event, player, organizer, registration
):
    client = client_as(player)
    client.post(my_url(event), {"text": ILLEGAL})
    decklist = Decklist.objects.get(registration=registration)
    assert decklist.status == "illegal" and decklist.text.startswith("#")
    page = client.get(my_url(event)).content.decode()
    assert "Decklist not legal" in page and "Saved as a draft" in page
    index = client_as(organizer).get(reverse("decks:decklists", args=[event.pk]))
    assert index.status_code == 200
    assert "Pat Player" in index.content.decode() and "Decklist not legal" in index.content.decode()


def test_status_table_filters(client_as, event, organizer, registration, other_registration):
    save_decklist(registration, registration.player.user, LEGAL)
    url = reverse("decks:decklists", args=[event.pk])
    client = client_as(organizer)
    assert "Olly Other" not in client.get(url, {"status": "legal"}).content.decode()
    legal = client.get(url, {"status": "legal"}).content.decode()
    assert "Pat Player" in legal
    missing = client.get(url, {"status": "missing"}).content.decode()
    assert "Olly Other" in missing and "Pat Player" not in missing
    assert "Pat Player" not in client.get(url, {"status": "illegal"}).content.decode()


def test_lock_after_round_one(client_as, event, player, judge, registration, seat_round_one):
    client = client_as(player)
    client.post(my_url(event), {"text": ILLEGAL})
    seat_round_one()
    page = client.get(my_url(event)).content.decode()
    assert "locked" in page and 'name="text"' not in page
    refused = client.post(my_url(event), {"text": LEGAL})
    assert refused.status_code == 200 and "Decklists are locked" in refused.content.decode()
    assert Decklist.objects.get(registration=registration).text == ILLEGAL.strip()
    judge_client = client_as(judge)
    no_reason = judge_client.post(list_url(registration), {"text": LEGAL})
    assert "This field is required" in no_reason.content.decode()
    assert Decklist.objects.get(registration=registration).status == "illegal"
    done = judge_client.post(list_url(registration), {"text": LEGAL, "reason": "Deck check: 16"})
    assert done.status_code == 302
    change = DecklistChange.objects.filter(decklist__registration=registration).first()
    assert change.changed_by == judge and change.reason == "Deck check: 16" and change.locked
    assert change.before_text == ILLEGAL.strip() and change.after_text == LEGAL.strip()
    assert change.status == "legal"
    assert DecklistChange.objects.filter(decklist__registration=registration).count() == 2
    history = judge_client.get(reverse("decks:history", args=[event.pk, registration.pk]))
    assert "Deck check: 16" in history.content.decode() and "Bob Judge" in history.content.decode()
    assert client_as(player).get(history.wsgi_request.path).status_code == 200


def test_service_refuses_locked_player(event, player, registration, seat_round_one):
    from django.core.exceptions import ValidationError

    seat_round_one()
    with pytest.raises(ValidationError):
        save_decklist(registration, player.user, LEGAL)


def test_visibility(client_as, event, player, stranger, registration, other_registration):
    save_decklist(other_registration, other_registration.player.user, LEGAL)
    url = list_url(other_registration)
    assert client_as(player).get(url).status_code == 403  # another player's list
    assert client_as(stranger).get(url).status_code == 403
    assert client_as(None).get(url).status_code == 302  # to the login page
    assert client_as(stranger).get(reverse("decks:decklists", args=[event.pk])).status_code == 403
    assert client_as(player).get(list_url(registration)).status_code == 200  # own list
    event.status = "running"
    event.decklists_published = "all"
    event.save()
    assert client_as(stranger).get(url).status_code == 403  # never while running
    event.status = "finished"
    event.decklists_published = "none"
    event.save()
    assert client_as(stranger).get(url).status_code == 403
    event.decklists_published = "all"
    event.save()
    public = client_as(None).get(url)
    assert public.status_code == 200 and "Shaqat Beetles" in public.content.decode()
    assert 'name="text"' not in public.content.decode()
    index = client_as(None).get(reverse("decks:decklists", args=[event.pk]))
    assert index.status_code == 200
    assert client_as(stranger).post(url, {"text": ""}).status_code == 403


def test_player_without_registration(client_as, event, stranger, organizer):
    assert client_as(stranger).get(my_url(event)).status_code == 403
    assert client_as(None).get(my_url(event)).status_code == 302


def test_sideboard_variant(client_as, event, player, registration):
    event.variants = ["sideboard"]
    event.save()
    client = client_as(player)
    assert 'name="sideboard_text"' in client.get(my_url(event)).content.decode()
    client.post(my_url(event), {"text": LEGAL, "sideboard_text": SIDEBOARD7})
    decklist = Decklist.objects.get(registration=registration)
    assert decklist.status == "legal" and decklist.sideboard_text.count("\n") == 6
    six = SIDEBOARD7.rsplit("\n", 1)[0]
    client.post(my_url(event), {"text": LEGAL, "sideboard_text": six})
    decklist.refresh_from_db()
    assert decklist.status == "illegal"
    page = client.get(my_url(event)).content.decode()
    assert "Sideboard: 6 cards, it must have exactly 7" in page


def test_format_change_revalidates(client_as, event, organizer, registration):
    save_decklist(registration, registration.player.user, LEGAL)
    event.tournament_type, event.no_xs_digit = "no-xs", 9
    event.save()
    index = client_as(organizer).get(reverse("decks:decklists", args=[event.pk]))
    assert "Decklist not legal" in index.content.decode()
    assert Decklist.objects.get(registration=registration).status == "illegal"


def test_decklist_for_print(event, registration):
    assert decklist_for_print(registration) is None
    save_decklist(registration, registration.player.user, LEGAL)
    sheet = decklist_for_print(registration)
    assert sheet["player"] == registration.player and sheet["event"] == event
    assert sheet["total"] == 55 and sheet["is_legal"] and sheet["problems"] == []
    realms = next(g for g in sheet["groups"] if g["type"] == "Realms")
    assert realms["total"] == 12 and sum(g["total"] for g in sheet["groups"]) == 55
    assert set(realms["rows"][0]) == {"count", "name", "card_id", "level", "world"}
    beetles = [r for g in sheet["groups"] for r in g["rows"] if r["name"] == "Shaqat Beetles"]
    assert beetles[0]["count"] == 3


def test_every_core_message_is_translatable_by_its_own_id():
    ids = []
    for module in (parser_msgs, rules_msgs):
        for name, value in vars(module).items():
            if isinstance(value, MessageTemplate):
                assert value.id in DECK_TEMPLATES, name
                english = (value.text, value.plural) if value.plural else (value.text,)
                assert english_forms(DECK_TEMPLATES[value.id]) == english, name
                ids.append(value.id)
    assert len(ids) == len(set(ids)) == len(DECK_TEMPLATES)  # one id per template


def test_a_count_of_one_reads_singular_in_both_languages():
    # "1 card", not "1 cards": the engine's singular for exactly 1, the site's ngettext
    # entry by the same count (pt-BR plural=(n != 1)).
    one = problem("sideboard_size", rules_msgs.MSG_SIDEBOARD_NOT_ALLOWED, count=1)
    two = problem("sideboard_size", rules_msgs.MSG_SIDEBOARD_NOT_ALLOWED, count=2)
    assert one.message == "Sideboard: 1 card, but this event has no Sideboard variant"
    assert two.message == "Sideboard: 2 cards, but this event has no Sideboard variant"
    with translation.override("en"):
        assert deck_message(one) == one.message and deck_message(two) == two.message
    with translation.override("pt-br"):
        assert deck_message(one).startswith("Cartas reservas: 1 carta, mas este evento")
        assert deck_message(two).startswith("Cartas reservas: 2 cartas, mas este evento")


def test_notes_render_in_the_active_language():
    from scoring.deckformat import DeckFormat
    from scoring.deckrules import NOTE_NO_TABLE

    note = Note(NOTE_NO_TABLE, {"size": 25})
    with translation.override("pt-br"):
        assert deck_message(note).startswith("Baralhos de 25 cartas")
    assert deck_message(note).startswith("25-card decks have no published")
    assert DeckFormat(25).table is None


def test_messages_render_in_the_active_language(db):
    from scoring.deckformat import DeckFormat

    check = check_decklist(ILLEGAL, DeckFormat(55))
    (problem,) = check.problems
    with translation.override("pt-br"):
        assert deck_message(problem) == "Reinos: 16, no máximo 15 num baralho de 55 cartas"
    assert deck_message(problem) == "Realms: 16, at most 15 in a 55-card deck"


def test_other_registration_is_not_created_by_visiting(client_as, event, organizer):
    assert client_as(organizer).get(my_url(event)).status_code == 403
    assert not Registration.objects.filter(event=event, player=organizer).exists()
    assert make_player  # helper imported for fixtures


def test_the_count_says_how_many_cards_are_on_unrecognised_lines(
    client_as, event, player, registration
):
    text = LEGAL + "\n3 Zzzzqqqq\n"
    response = client_as(player).post(reverse("decks:decklist", args=[event.pk]), {"text": text})
    page = response.content.decode() if response.status_code == 200 else ""
    if not page:
        page = client_as(player).get(reverse("decks:decklist", args=[event.pk])).content.decode()
    assert "55 / 55" in page and "+ 3 cards on lines not recognised" in page
