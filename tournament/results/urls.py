"""URLs of this app."""

app_name = "results"
urlpatterns: list = []
