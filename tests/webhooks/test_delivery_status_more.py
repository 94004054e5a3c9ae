"""What counts as delivered: a 2xx answer only (a planted bug once let a 300 through).
Standard Webhooks: any other answer is a failed attempt, retried later."""

from unittest import mock

import pytest

from tests.webhooks.test_recovery_deliveries import hook, new_delivery  # noqa: F401  (fixture)
from tournament.webhooks import services
from tournament.webhooks.models import Delivery


@pytest.mark.parametrize(("status", "delivered"), [(200, True), (299, True), (300, False)])
def test_only_a_2xx_answer_is_a_delivery(hook, status, delivered):  # noqa: F811
    delivery = services.claim(new_delivery(hook).pk)
    with mock.patch.object(services.transport, "send", return_value=status):
        assert services.attempt(delivery) is delivered
    delivery.refresh_from_db()
    if delivered:
        assert delivery.state == Delivery.State.DELIVERED
    else:
        assert delivery.state == Delivery.State.PENDING and delivery.error == f"HTTP {status}"
