"""URLs of this app."""

app_name = "decks"
urlpatterns: list = []
