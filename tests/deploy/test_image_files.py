"""What the production image needs to run as its unprivileged user: translations readable by
everyone, no gunicorn control socket in a home it cannot write, a fontconfig cache built at
build time, the card facts from the repository, and the settings read from the environment.
(CI builds and runs the image itself: .ci/image.sh.)"""

import os
import runpy
import shutil
import stat
import subprocess
import sys
from pathlib import Path

from gunicorn.config import KNOWN_SETTINGS

from tournament.core.management.commands.compilemessages_py import compile_translations

ROOT = Path(__file__).resolve().parents[2]


def test_compiled_translations_are_readable_by_everyone(tmp_path):
    """Compiled as root under the strictest umask, a .mo is still 0644: the image compiles
    as root and serves as another user."""
    folder = tmp_path / "pt_BR" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    shutil.copy(ROOT / "locale" / "pt_BR" / "LC_MESSAGES" / "django.po", folder)
    previous = os.umask(0o077)
    try:
        compiled = compile_translations([tmp_path])
    finally:
        os.umask(previous)
    assert compiled == [folder / "django.po"]
    assert stat.S_IMODE((folder / "django.mo").stat().st_mode) == 0o644
    assert not list(folder.glob("*.tmp"))  # the temporary file was renamed into place


def _gunicorn_settings(monkeypatch, **env: str) -> dict:
    for name in ("BIND", "HOST", "PORT", "GUNICORN_CONTROL_SOCKET"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    values = runpy.run_path(str(ROOT / "gunicorn.conf.py"))
    return {k: v for k, v in values.items() if not k.startswith("_") and k.islower()}


def test_gunicorn_config_names_only_gunicorn_settings(monkeypatch):
    known = {setting.name for setting in KNOWN_SETTINGS}
    names = set(_gunicorn_settings(monkeypatch)) - {"multiprocessing", "os"}
    assert names <= known, names - known


def test_gunicorn_control_socket_is_off_unless_a_path_is_given(monkeypatch):
    default = _gunicorn_settings(monkeypatch)
    assert default["control_socket_disable"] is True
    assert "control_socket" not in default
    chosen = _gunicorn_settings(monkeypatch, GUNICORN_CONTROL_SOCKET="/tmp/web.ctl")
    assert chosen["control_socket"] == "/tmp/web.ctl"
    assert "control_socket_disable" not in chosen


def test_gunicorn_listens_on_host_and_port(monkeypatch):
    assert _gunicorn_settings(monkeypatch)["bind"] == "0.0.0.0:8000"
    assert _gunicorn_settings(monkeypatch, HOST="127.0.0.1", PORT="9000")["bind"] == (
        "127.0.0.1:9000"
    )
    assert _gunicorn_settings(monkeypatch, BIND="unix:/run/web.sock", PORT="1")["bind"] == (
        "unix:/run/web.sock"
    )


def test_image_and_compose_need_nothing_outside_the_clone():
    dockerfile = (ROOT / "Dockerfile").read_text()
    compose = (ROOT / "docker-compose.yml").read_text()
    assert "../shared" not in dockerfile and "../shared" not in compose
    ignored = [
        line.strip()
        for line in (ROOT / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert ignored and not any(line.strip("/*").startswith("carddata") for line in ignored)
    assert ":-./carddata}:/card-data:ro" in compose  # the default, unless the operator names one


def test_image_runs_as_its_own_user_with_a_writable_font_cache():
    lines = (ROOT / "Dockerfile").read_text().splitlines()
    users = [line.split()[1] for line in lines if line.startswith("USER ")]
    assert users == ["spellfire"]
    assert "fc-cache" in "\n".join(lines)
    assert any("XDG_CACHE_HOME=/tmp/" in line for line in lines)
    # the CA bundle is a build secret, never a path baked into the file
    assert "--mount=type=secret,id=pip-ca" in "\n".join(lines)
    assert not any(line.startswith(("ARG", "ENV")) and "/etc/ssl" in line for line in lines)


def test_time_zone_comes_from_the_environment(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in {"SENTRY_DSN", "DATABASE_URL"}}
    env.update(
        SPELLFIRE_DATA_DIR=str(tmp_path),
        DJANGO_SETTINGS_MODULE="tournament.settings",
        TIME_ZONE="America/Sao_Paulo",
    )
    out = subprocess.run(
        [
            sys.executable,
            "-c",
            "import django; django.setup();"
            "from django.conf import settings; print(settings.TIME_ZONE)",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "America/Sao_Paulo"
