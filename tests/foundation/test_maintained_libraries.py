"""What the maintained libraries that replaced hand-kept code must keep doing: the e-mail
and admins settings (django-environ, email.utils), the JSON log lines (python-json-logger)
and the league table's CSV (django-tables2's export through `SafeTableExport`)."""

from __future__ import annotations

import csv
import io
import json
import logging
import re
from types import SimpleNamespace

from django.utils import translation

from scoring.leagues import LeagueRow
from tournament.core.export import SafeTableExport
from tournament.envconfig import CONSOLE_BACKEND, SMTP_BACKEND, admins, email_settings
from tournament.leagues.tables import LeagueExportTable
from tournament.logformat import JsonFormatter

# --- EMAIL_URL and the separate variables ---------------------------------------------------


def test_a_password_starting_with_a_dollar_is_the_password():
    # django-environ reads "$NAME" as another variable's value: here it is the password.
    url = email_settings({"EMAIL_URL": "smtp://u:$ecret@mail.x.org:587"})
    assert url["EMAIL_HOST_PASSWORD"] == "$ecret"
    separate = email_settings({"EMAIL_HOST": "mail.x.org", "EMAIL_HOST_PASSWORD": "$ecret"})
    assert separate["EMAIL_HOST_PASSWORD"] == "$ecret"


def test_the_documented_schemes():
    assert email_settings({"EMAIL_URL": "console://"})["EMAIL_BACKEND"] == CONSOLE_BACKEND
    dummy = email_settings({"EMAIL_URL": "dummy://"})["EMAIL_BACKEND"]
    assert dummy == "django.core.mail.backends.dummy.EmailBackend"
    submission = email_settings({"EMAIL_URL": "submission://mail.x.org:587?tls=1"})
    assert submission["EMAIL_BACKEND"] == SMTP_BACKEND
    assert (submission["EMAIL_PORT"], submission["EMAIL_USE_TLS"]) == (587, True)


def test_url_options_ssl_timeout_and_backend():
    values = email_settings({"EMAIL_URL": "smtp://mail.x.org?ssl=1&timeout=3&backend=my.Backend"})
    # ssl=1 on smtp: implicit TLS on 465 (no STARTTLS on top); the timeout and backend as given.
    assert (values["EMAIL_PORT"], values["EMAIL_USE_SSL"], values["EMAIL_USE_TLS"]) == (
        465,
        True,
        False,
    )
    assert values["EMAIL_TIMEOUT"] == 3 and values["EMAIL_BACKEND"] == "my.Backend"
    # Without options: port 25, no TLS, a 10-second timeout.
    plain = email_settings({"EMAIL_URL": "smtp://mail.x.org"})
    assert (plain["EMAIL_PORT"], plain["EMAIL_USE_TLS"], plain["EMAIL_TIMEOUT"]) == (25, False, 10)


def test_empty_variables_are_unset():
    # docker-compose passes unset variables as empty strings.
    values = email_settings(
        {"EMAIL_URL": "", "EMAIL_HOST": "", "EMAIL_PORT": "", "EMAIL_TIMEOUT": ""}
    )
    assert values["EMAIL_BACKEND"] == CONSOLE_BACKEND
    assert (values["EMAIL_PORT"], values["EMAIL_TIMEOUT"]) == (25, 10)


def test_admins_names_with_a_comma_and_an_empty_value():
    assert admins('"Org, Ann" <ann@x.org>, bob@x.org') == [
        ("Org, Ann", "ann@x.org"),
        ("bob@x.org", "bob@x.org"),
    ]
    assert admins("") == []


# --- JSON log lines -------------------------------------------------------------------------


def test_a_json_log_line_has_the_promised_fields():
    record = logging.LogRecord("tournament.x", logging.WARNING, "f.py", 1, "café %s", ("ok",), None)
    record.created = 1_800_000_000.25  # 2027-01-15 08:00:00.250 UTC
    record.job = object()  # not JSON: written as text
    line = JsonFormatter().format(record)
    assert "café ok" in line  # UTF-8, not \u escapes
    entry = json.loads(line)
    assert list(entry)[:4] == ["time", "level", "logger", "message"]
    assert entry["time"] == "2027-01-15T08:00:00.250+00:00"
    assert entry["level"] == "WARNING" and entry["logger"] == "tournament.x"
    assert entry["message"] == "café ok"
    assert isinstance(entry["job"], str) and "exception" not in entry


# --- the league table's CSV -----------------------------------------------------------------


def league_csv(rows) -> str:
    return SafeTableExport("csv", LeagueExportTable(rows)).export()


def row(rank, name, number, region, points, events, qualified):
    person = SimpleNamespace(name=name, player_number=number) if name is not None else None
    line = LeagueRow(rank, rank, points, points, events, (), region, qualified)
    return {"row": line, "player": person}


ROWS = [
    row(1, '=HYPERLINK("http://x")', "BR001", "Sul", 30, 3, True),
    row(2, "Bea", "BR002", "", 12, 2, False),
    row(3, None, None, "-Norte", 5, 1, False),  # a player deleted since: empty cells
]


def test_the_league_csv_columns_and_a_neutralised_formula():
    text = league_csv(ROWS)
    assert text.startswith("\ufeff")
    lines = list(csv.reader(io.StringIO(text[1:])))
    assert lines[0] == [
        "Rank",
        "Player",
        "Player number",
        "Region",
        "Points",
        "Events",
        "Qualified",
    ]
    assert lines[1] == ["1", '\'=HYPERLINK("http://x")', "BR001", "Sul", "30", "3", "yes"]
    assert lines[2] == ["2", "Bea", "BR002", "", "12", "2", ""]
    assert lines[3] == ["3", "", "", "'-Norte", "5", "1", ""]


def test_the_league_csv_in_portuguese_splits_on_semicolons():
    with translation.override("pt-br"):
        text = league_csv(ROWS[1:2])
    header, line = text[1:].splitlines()
    assert re.fullmatch(r"[^,]+(;[^,;]+){6}", header), header
    assert line.split(";")[:3] == ["2", "Bea", "BR002"]
