"""What the upgrade check compares, printed as one JSON object (run by `manage.py shell` with
the previous release's code and again with this one's, on the same database): every row of
every table of the site's apps, by table name (the fields the previous release had), each
event's export (`export_event`), the CSV exports of each event's standings and of the
ranking, and the API's standings and ranking. Uses only what both releases have."""

import io
import json

from django.apps import apps
from django.core.management import call_command
from django.test import Client

snapshot = {"rows": {}, "exports": {}, "csv": {}}
for model in apps.get_models():
    if not model.__module__.startswith("tournament."):
        continue
    fields = [f.attname for f in model._meta.concrete_fields]
    rows = model.objects.order_by("pk").values_list(*fields)
    # Keyed by the table, not the model's label: a model moved to another app with its table
    # (the ranking's, from the standings) is the same stored rows.
    snapshot["rows"][model._meta.db_table] = {
        "fields": fields,
        "rows": [[str(value) for value in row] for row in rows],
    }
Event = apps.get_model("events", "Event")
for event_id in Event.objects.order_by("pk").values_list("pk", flat=True):
    out = io.StringIO()
    call_command("export_event", event_id, stdout=out)
    snapshot["exports"][str(event_id)] = out.getvalue()
client = Client(HTTP_HOST="localhost", raise_request_exception=False)
events = list(Event.objects.order_by("pk").values_list("pk", flat=True))
pages = [f"/events/{pk}/standings/?_export=csv" for pk in events] + ["/ranking/?_export=csv"]
pages += [f"/api/v1/events/{pk}/standings/" for pk in events] + ["/api/v1/ranking/"]
for page in pages:
    answer = client.get(page, secure=True)
    kind = answer.get("Content-Type", "")
    # an HTML page (an error) carries the footer's release: its status is what counts
    body = answer.content.decode("utf-8", "replace") if "html" not in kind else ""
    snapshot["csv"][page] = [answer.status_code, body]
print("SNAPSHOT " + json.dumps(snapshot, sort_keys=True))
