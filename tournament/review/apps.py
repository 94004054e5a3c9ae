from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ReviewConfig(AppConfig):
    name = "tournament.review"
    label = "review"
    verbose_name = _("Ranking review")

    def ready(self) -> None:
        """A correction to an accepted event re-opens its review (SPEC §9)."""
        from tournament.review.services import figures_changed_receiver
        from tournament.standings.signals import figures_changed

        figures_changed.connect(figures_changed_receiver, dispatch_uid="review_figures_changed")
