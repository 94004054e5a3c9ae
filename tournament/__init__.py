"""Spellfire Tournament Manager: the Django project and its event apps."""

from tournament.celery import app as celery_app

__all__ = ["celery_app"]
