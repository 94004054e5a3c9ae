"""`manage.py check` warns about VAPID settings that cannot work (Web Push is optional, so a
warning: the site runs, its pushes fail and say why on each subscription)."""

from django.core.checks import Warning, register


@register()
def vapid_settings(app_configs, **kwargs) -> list[Warning]:
    from tournament.notifications import push

    return [
        Warning(problem, hint="manage.py webpush_keys prints a new set.", id="notifications.W001")
        for problem in push.configuration_problems()
    ]
