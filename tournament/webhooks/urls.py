from django.urls import path

from tournament.webhooks import views

app_name = "webhooks"

urlpatterns = [
    path("events/<row:event_id>/webhooks/", views.WebhookListView.as_view(), name="list"),
    path(
        "events/<row:event_id>/webhooks/<row:webhook_id>/delete/",
        views.WebhookDeleteView.as_view(),
        name="delete",
    ),
    path(
        "events/<row:event_id>/webhooks/deliveries/",
        views.DeliveryLogView.as_view(),
        name="deliveries",
    ),
    path(
        "events/<row:event_id>/webhooks/deliveries/<row:delivery_id>/retry/",
        views.DeliveryRetryView.as_view(),
        name="retry",
    ),
]
