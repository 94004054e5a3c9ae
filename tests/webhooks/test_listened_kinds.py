"""A result's write reads nothing for webhooks when no hook of its event listens; the kinds
the hooks listen to are read again once a hook is saved or deleted."""

from tournament.webhooks.models import Kind, Webhook
from tournament.webhooks.services import listened_kinds


def test_the_kinds_are_read_once_and_again_after_a_hook_changes(
    event, organizer, django_assert_num_queries
):
    assert listened_kinds(event.pk) == frozenset()
    with django_assert_num_queries(0):
        assert listened_kinds(event.pk) == frozenset()
    hook = Webhook.objects.create(
        event=event,
        url="https://hooks.example.org/x",
        kinds=[Kind.RESULTS_CONFIRMED.value],
        created_by=organizer,
    )
    assert listened_kinds(event.pk) == {Kind.RESULTS_CONFIRMED.value}
    hook.active = False
    hook.save()
    assert listened_kinds(event.pk) == frozenset()
    hook.delete()
    assert listened_kinds(event.pk) == frozenset()
