"""A PDF is rendered in the language of the person who asks for it: the one he chose (kept
in his session), not the one his browser asks for."""

from django.test import Client
from django.urls import reverse

from tournament.accounts import preferences
from tournament.printing import services
from tournament.printing.models import CachedDocument


def test_a_pdf_asked_for_by_a_person_is_in_his_language(
    event, organizer, played_round, monkeypatch
):
    monkeypatch.setattr(services, "_enqueue", lambda doc_id: None)  # only the request counts
    preferences.keep(organizer.user, language="pt-br")
    browser = Client(HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    browser.force_login(organizer.user)
    response = browser.post(reverse("printing:generate", args=[event.pk, "brackets"]), {"round": 1})
    doc = CachedDocument.objects.get(pk=int(response.url.rstrip("/").split("/")[-1]))
    assert doc.language == "pt-br"
