"""The projector view refreshes its seating in place with htmx, never with a meta refresh."""

import pytest

pytestmark = pytest.mark.django_db


def test_projector_polls_the_seating_with_htmx(client, finished_event):
    url = f"/events/{finished_event.pk}/rounds/1/seating/?projector=1"
    html = client.get(url).content.decode()
    assert "http-equiv" not in html
    assert 'id="seating-live"' in html
    assert 'hx-trigger="every 60s"' in html and 'hx-select="#seating-live"' in html
    assert "<h2>" in html and "<h3>" not in html  # h1 title, then second-level sections
    plain = client.get(url.replace("?projector=1", "")).content.decode()
    assert "hx-trigger" not in plain.split('id="seating-live"')[1].split(">")[0]
