"""What a list contributes to the metagame, as stored (`decks/facts.py`): the facts equal
what the list holds, worked out by hand from the card data, and they follow the list, its
event's format and the card data.

The small list (community 55, championship; SPEC §3 counts champion levels, one copy of a
card is one identity whatever its printing):

    Waterdeep                      Realm, Forgotten Realms (latest printing 3rd/001)
    3 Shaqat Beetles               Ally, no world logo ("None"): no world to count
    Council Aerie (4th/065)        Realm, AD&D
    Council Aerie (AR/086)         Realm, Forgotten Realms: the same identity → 2 copies,
                                   placed in AD&D as its first line played it
    Elminster the Mage (1st/044)   Wizard champion, level 9, Forgotten Realms
    Drizzt Do' Urden (1st/045)     Hero champion, level 8, Forgotten Realms
    Drizzt Do'Urden (4th/253)      Hero champion, level 8: the same identity → 2 copies,
                                   named "Drizzt Do' Urden" (its first line)
    Gib Htimsen (1stc/13)          Monster champion, level 9, AD&D

By hand: 10 cards (1 + 3 + 2 + 1 + 2 + 1); level total 9 + 2 × 8 + 9 = 34 (no avatar);
worlds: Forgotten Realms 1 + 1 + 2 = 4 copies, AD&D 2 + 1 = 3; champion types: Wizard 1,
Hero 2, Monster 1.
"""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from tests.decks.test_published import enter, publish
from tournament.core.happenings import announce
from tournament.decks import metagame
from tournament.decks.models import CardImport, DeckFacts, Decklist, DeckTally
from tournament.decks.services.saving import save_decklist
from tournament.events.happenings import EventChanged

SMALL = """Waterdeep
3 Shaqat Beetles
Council Aerie (4th/065)
Council Aerie (AR/086)
Elminster the Mage (1st/044)
Drizzt Do' Urden (1st/045)
Drizzt Do'Urden (4th/253)
Gib Htimsen (1stc/13)"""

BY_HAND = {
    ("card", "Realm|waterdeep", "Waterdeep", 1),
    ("card", "Ally|shaqatbeetles", "Shaqat Beetles", 3),
    ("card", "Realm|councilaerie", "Council Aerie", 2),
    ("card", "Wizard|elminsterthemage", "Elminster the Mage", 1),
    ("card", "Hero|drizztdourden", "Drizzt Do' Urden", 2),
    ("card", "Monster|gibhtimsen", "Gib Htimsen", 1),
    ("world", "Forgotten Realms", "Forgotten Realms", 4),
    ("world", "AD&D", "AD&D", 3),
    ("champion-type", "Wizard", "Wizard", 1),
    ("champion-type", "Hero", "Hero", 2),
    ("champion-type", "Monster", "Monster", 1),
}


def stored(registration) -> tuple[DeckFacts, set[tuple[str, str, str, int]]]:
    decklist = Decklist.objects.get(registration=registration)
    tallies = DeckTally.objects.filter(decklist=decklist)
    return DeckFacts.objects.get(decklist=decklist), set(
        tallies.values_list("kind", "key", "label", "copies")
    )


def test_the_stored_facts_are_what_the_list_holds(cards_db, event):
    registration = enter(event, "cara", "Cara", SMALL)
    facts, tallies = stored(registration)
    assert (facts.card_count, facts.level_total) == (10, 34)
    assert tallies == BY_HAND


def test_a_list_saved_again_is_read_again(cards_db, event):
    # The Beetles go: 7 cards, the same levels; no Shaqat Beetles line is left.
    registration = enter(event, "cara", "Cara", SMALL)
    save_decklist(registration, registration.player.user, SMALL.replace("3 Shaqat Beetles\n", ""))
    facts, tallies = stored(registration)
    assert (facts.card_count, facts.level_total) == (7, 34)
    assert tallies == BY_HAND - {("card", "Ally|shaqatbeetles", "Shaqat Beetles", 3)}


def test_a_card_played_under_two_names_is_named_by_the_first_deck_playing_it(cards_db, event):
    # Cara (1st) plays Drizzt as "Drizzt Do'Urden", Dan (2nd) as "Drizzt Do' Urden": the
    # metagame names a card as the first deck in the page's order (place) names it.
    enter(event, "cara", "Cara", "Drizzt Do'Urden (4th/253)", place=1)
    enter(event, "dan", "Dan", "Drizzt Do' Urden (1st/045)", place=2)
    publish(event, "all")
    stats = metagame.statistics(metagame.event_selection(event))
    drizzt = {s.key: s for s in stats.cards}["Hero|drizztdourden"]
    assert (drizzt.label, drizzt.decks, drizzt.copies) == ("Drizzt Do'Urden", 2, 2)
    assert {s.key: s.label for s in stats.top_cards}["Hero|drizztdourden"] == "Drizzt Do'Urden"


def test_a_finished_event_with_another_format_reads_its_lists_again(cards_db, event):
    registration = enter(event, "cara", "Cara", SMALL)
    publish(event, "all")
    before = stored(registration)[0].format_key
    event.deck_size = 75
    event.save()
    # as the editing service (or the admin) announces a change of the event's own fields
    announce(EventChanged(event, frozenset({"deck_size"})))
    facts, tallies = stored(registration)
    assert facts.format_key != before and facts.format_key.startswith("75|")
    assert tallies == BY_HAND


@pytest.mark.parametrize("how", ["missing", "new card data"])
def test_a_page_reads_the_lists_whose_facts_are_missing_or_old(cards_db, event, client, how):
    registration = enter(event, "cara", "Cara", SMALL, place=1)
    publish(event, "all")
    if how == "missing":
        DeckFacts.objects.all().delete()
        DeckTally.objects.all().delete()
    else:
        CardImport.objects.create(source="again")  # a new token: every list's facts are old
    stats = metagame.statistics(metagame.event_selection(event))
    assert {(s.key, s.decks, s.copies) for s in stats.worlds} == {
        ("Forgotten Realms", 1, 4),
        ("AD&D", 1, 3),
    }
    facts, tallies = stored(registration)
    assert facts.card_data == str(CardImport.objects.first().token) and tallies == BY_HAND


def test_the_command_writes_the_missing_facts(cards_db, event):
    registration = enter(event, "cara", "Cara", SMALL)
    publish(event, "all")
    DeckFacts.objects.all().delete()
    DeckTally.objects.all().delete()
    out = io.StringIO()
    call_command("write_deck_facts", stdout=out)
    assert "written for 1 lists" in out.getvalue()
    assert stored(registration)[1] == BY_HAND
