"""Sideboard variant on the site: the declared opt-out, and swaps recorded per game."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from tests.support.decks import IN, LEGAL, OUT, SIDEBOARD7, deck_text, round_one_table
from tournament.decks.models import Decklist, DecklistChange, SideboardSwap
from tournament.decks.services.saving import save_decklist
from tournament.decks.services.swaps import decide_swap, record_swap, swap_state, swaps_for_print
from tournament.events.models import Bracket, Registration
from tournament.printing.documents.base import DocumentRequest
from tournament.printing.documents.render import fingerprint, render_html


@pytest.fixture
def sideboard_event(event):
    event.variants = ["sideboard"]
    event.save()
    return event


@pytest.fixture
def bracket(sideboard_event, registration, other_registration, player) -> Bracket:
    """Round 1 seated (lists locked), Pat's list registered with seven sideboard cards."""
    save_decklist(registration, player.user, LEGAL, SIDEBOARD7)
    return round_one_table(sideboard_event, registration, other_registration)


def test_opt_out_is_recorded_and_legal(client_as, sideboard_event, player, registration):
    client = client_as(player)
    url = reverse("decks:decklist", args=[sideboard_event.pk])
    page = client.get(url).content.decode()
    assert 'name="sideboard_opt_out"' in page
    client.post(url, {"text": LEGAL})
    assert Decklist.objects.get(registration=registration).status == "illegal"  # not declared
    client.post(url, {"text": LEGAL, "sideboard_opt_out": "on"})
    decklist = Decklist.objects.get(registration=registration)
    assert decklist.status == "legal" and decklist.sideboard_opt_out
    change = DecklistChange.objects.filter(decklist=decklist).first()
    assert (change.before_opt_out, change.after_opt_out) == (False, True)
    assert swaps_for_print(registration) == {"opt_out": True, "swaps": []}


def test_75_card_event_with_sideboard_is_illegal(sideboard_event, registration, player):
    sideboard_event.deck_size = 75
    sideboard_event.save()
    decklist, check, _ = save_decklist(
        registration, player.user, deck_text("legal_community_75.txt"), SIDEBOARD7
    )
    assert decklist.status == "illegal"
    assert [p.code for p in check.problems] == ["sideboard_deck_size"]


def test_player_proposes_and_judge_records(client_as, bracket, player, judge, registration):
    url = reverse("decks:swaps", args=[bracket.round.event_id, bracket.pk])
    client = client_as(player)
    page = client.get(url).content.decode()
    assert "Pat Player" in page and "Olly Other" not in page  # a player sees his own only
    prefix = f"r{registration.pk}"
    data = {
        "registration": registration.pk,
        f"{prefix}-game_number": 2,
        f"{prefix}-out_card": OUT,
        f"{prefix}-in_card": IN,
    }
    assert client.post(url, data).status_code == 302
    swap = SideboardSwap.objects.get()
    assert (swap.status, swap.proposed_by, swap.game_number) == ("proposed", player, 2)
    assert swaps_for_print(registration)["swaps"] == []  # not recorded yet
    judge_page = client_as(judge).get(url).content.decode()
    assert "Olly Other" in judge_page and "Shadowdale (1st/004)" in judge_page
    decide = reverse("decks:decide_swap", args=[bracket.round.event_id, bracket.pk, swap.pk])
    client_as(judge).post(decide, {"decision": "accept"})
    swap.refresh_from_db()
    assert (swap.status, swap.decided_by) == ("recorded", judge)
    (row,) = swaps_for_print(registration)["swaps"]
    assert (row["round"], row["table"], row["game"]) == (1, 1, 2)
    assert (row["out"], row["in"], row["decided_by"]) == (
        "Shadowdale (1st/004)",
        "Sword Coast (1st/017)",
        "Bob Judge",
    )
    state = swap_state(registration, bracket)
    assert IN in {e.card.card_id for e in state.deck}
    assert OUT in {e.card.card_id for e in state.sideboard}
    assert sum(e.count for e in state.sideboard) == 7


def test_swaps_are_checked_against_the_sideboard(bracket, player, judge, registration):
    with pytest.raises(ValidationError) as error:
        record_swap(judge.user, registration, bracket, 2, OUT, "4th/234")
    assert "Swap: Shaqat Beetles is not in the sideboard" in error.value.messages
    with pytest.raises(ValidationError) as error:
        record_swap(judge.user, registration, bracket, 1, OUT, IN)
    assert error.value.messages == [
        "A swap is made before game 2 or a later game of this bracket (here: 2 to 2)."
    ]
    record_swap(judge.user, registration, bracket, 2, OUT, IN)
    with pytest.raises(ValidationError) as error:  # Sword Coast is in the deck now
        record_swap(judge.user, registration, bracket, 2, "1st/102", IN)
    assert "Swap: Sword Coast is not in the sideboard" in error.value.messages
    with pytest.raises(ValidationError) as error:
        record_swap(judge.user, registration, bracket, 2, IN, IN)
    assert error.value.messages == [
        "Swap: Sword Coast would go out and come back in; swap two different cards"
    ]


def test_swap_that_breaks_the_deck_rules_is_refused(bracket, player, judge, registration):
    # 003 *Cartas Reservas*: swaps always respect the deck limits. Swapping non-realms for
    # realms until there are 16 breaks 000's 8–15 realms of a 55-card deck.
    for out_id, in_id in (("1st/102", "1st/017"), ("1st/103", "1st/018"), ("1st/100", "1st/020")):
        record_swap(judge.user, registration, bracket, 2, out_id, in_id)
    with pytest.raises(ValidationError) as error:
        record_swap(judge.user, registration, bracket, 2, "1st/101", "1st/013")
    assert error.value.messages == ["Realms: 16, at most 15 in a 55-card deck"]


def test_strangers_and_other_players_cannot_swap(bracket, player, stranger, registration):
    with pytest.raises(PermissionDenied):
        record_swap(stranger.user, registration, bracket, 2, OUT, IN)
    swap = record_swap(player.user, registration, bracket, 2, OUT, IN)
    with pytest.raises(PermissionDenied):
        decide_swap(player.user, swap, accept=True)


def test_swaps_on_the_decklist_sheet(bracket, player, judge, registration):
    record_swap(judge.user, registration, bracket, 2, OUT, IN)
    request = DocumentRequest(
        kind="decklist", event=bracket.round.event, paper="A4", registration=registration
    )
    html = render_html(request, preview=True)
    assert "Sideboard swaps" in html
    assert "Shadowdale (1st/004)" in html and "Sword Coast (1st/017)" in html


@pytest.mark.parametrize("kind", ["decklist", "decklists"])
def test_a_recorded_swap_makes_a_printed_decklist_stale(bracket, judge, registration, kind):
    """The sheet prints the recorded swaps, so recording one changes what it shows."""
    request = DocumentRequest(
        kind=kind, event=bracket.round.event, paper="A4", registration=registration
    )
    before = fingerprint(request)
    record_swap(judge.user, registration, bracket, 2, OUT, IN)
    assert fingerprint(request) != before


def test_bracket_page_links_the_swaps(client_as, bracket, judge):
    page = client_as(judge).get(
        reverse("results:bracket", args=[bracket.round.event_id, bracket.pk])
    )
    assert reverse("decks:swaps", args=[bracket.round.event_id, bracket.pk]) in (
        page.content.decode()
    )


def test_decklist_page_links_the_players_brackets(client_as, bracket, player):
    page = client_as(player).get(reverse("decks:decklist", args=[bracket.round.event_id]))
    body = page.content.decode()
    assert reverse("decks:swaps", args=[bracket.round.event_id, bracket.pk]) in body
    assert "Round 1 · table 1" in body


def test_swap_page_shows_each_player_only_his_own(client_as, bracket, stranger, other_registration):
    url = reverse("decks:swaps", args=[bracket.round.event_id, bracket.pk])
    page = client_as(other_registration.player).get(url).content.decode()
    assert "Olly Other" in page and "Pat Player" not in page
    assert "No registered sideboard: nothing to swap." in page
    assert client_as(stranger).get(url).status_code == 403
    pat = Registration.objects.get(player__name="Pat Player")
    forged = {"registration": pat.pk, f"r{pat.pk}-game_number": 2}
    assert client_as(other_registration.player).post(url, forged).status_code == 403
