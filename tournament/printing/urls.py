"""URLs of this app."""

app_name = "printing"
urlpatterns: list = []
