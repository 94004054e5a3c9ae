"""Account e-mails (password resets) are sent by a task, so that the answer to the page does
not take longer when there is an e-mail to send: its time says nothing of which addresses
have an account. While the broker is down the e-mail is sent at once instead (never lost)."""

from __future__ import annotations

import logging

from celery import shared_task
from django.core.mail import EmailMultiAlternatives

from tournament.core.broker import BROKER_ERRORS

logger = logging.getLogger(__name__)


@shared_task(
    name="accounts.send_email", ignore_result=True, autoretry_for=(OSError,), max_retries=3
)
def send_email(subject: str, body: str, to: str, html: str | None = None) -> None:
    message = EmailMultiAlternatives(subject, body, to=[to])
    if html:
        message.attach_alternative(html, "text/html")
    message.send()


def send_later(subject: str, body: str, to: str, html: str | None = None) -> None:
    """Queue the e-mail; send it now if the broker cannot take it."""
    try:
        send_email.delay(subject, body, to, html)
    except BROKER_ERRORS:
        logger.warning("broker unavailable: account e-mail sent at once")
        send_email(subject, body, to, html)
