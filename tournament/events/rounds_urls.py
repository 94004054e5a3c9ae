"""URLs of the round pages (seating, round overview, where do I sit)."""

app_name = "rounds"
urlpatterns: list = []
