"""URLs of this app."""

app_name = "standings"
urlpatterns: list = []
